import { isDeepStrictEqual } from 'node:util';
import nock from 'nock';
import type { Logger } from '../../../src/model/logger.js';
import {
  createDynProvider,
  type DynProvider,
  type DynProviderOptions,
} from '../../../src/providers/dyn/index.js';

/** A fake Dyn service for nock: origin, REST prefix and credentials used across the provider tests. */
export const ORIGIN = 'https://dyn.test';
export const PREFIX = '/REST';
export const CREDENTIALS = { customerName: 'acme', userName: 'ops', password: 's3cret-pw' } as const;
export const TOKEN = 'token-1';

export function ok(data: unknown, info = 'ok') {
  return {
    status: 'success',
    data,
    job_id: 1001,
    msgs: [{ INFO: info, SOURCE: 'BLL', ERR_CD: null, LVL: 'INFO' }],
  };
}

export function failure(errCode: string | null, info: string, source = 'BLL') {
  return {
    status: 'failure',
    data: {},
    job_id: 1002,
    msgs: [
      { INFO: info, SOURCE: source, ERR_CD: errCode, LVL: 'ERROR' },
      { INFO: 'summary: request failed', SOURCE: 'BLL', ERR_CD: null, LVL: 'INFO' },
    ],
  };
}

export const EXPIRED = failure('INVALID_DATA', 'login: Bad or expired credentials');

/** Zone `a.test` as `GET /Zone/a.test/` answers it, at `serial`. */
export const zoneObject = (serial: number) => ({
  zone: 'a.test',
  zone_type: 'Primary',
  serial_style: 'increment',
  serial,
});

export function dyn(): nock.Scope {
  return nock(ORIGIN);
}

/** Expects one `POST /Session/` with the test credentials, answering with `token`. */
export function mockLogin(token = TOKEN): nock.Scope {
  return dyn()
    .post(`${PREFIX}/Session/`, { customer_name: 'acme', user_name: 'ops', password: 's3cret-pw' })
    .matchHeader('content-type', 'application/json')
    .reply(200, ok({ token, version: '3.7.9' }, 'login: Login successful'));
}

/** An interceptor that requires the session token and, when given, exactly this JSON body. */
export function authed(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  body?: unknown,
  token = TOKEN,
) {
  const matchBody = body === undefined ? undefined : (actual: unknown) => isDeepStrictEqual(actual, body);
  return dyn()
    [method](`${PREFIX}${path}`, matchBody)
    .matchHeader('auth-token', token)
    .matchHeader('content-type', 'application/json');
}

export interface TestProvider {
  provider: DynProvider;
  delays: number[];
  logs: string[];
}

/** A provider on the fake service whose sleeps return at once and are recorded; jitter is fixed at 0.5. */
export function testProvider(options: Partial<DynProviderOptions> = {}): TestProvider {
  const delays: number[] = [];
  const logs: string[] = [];
  const logger: Logger = {
    debug: (message) => logs.push(message),
    info: (message) => logs.push(message),
    warn: (message) => logs.push(message),
  };
  const provider = createDynProvider({
    url: `${ORIGIN}${PREFIX}`,
    ...CREDENTIALS,
    logger,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    // These tests are about the wire; pacing is tested on its own (scheduler tests), with a clock that moves.
    rateLimit: false,
    ...options,
  });
  return { provider, delays, logs };
}
