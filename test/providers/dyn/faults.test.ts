/**
 * The DNS client under each fault the emulator injects, on the wire with nock: what is repeated
 * and how often, what is not, and the typed error given up with.
 */
import { describe, expect, it } from 'vitest';
import { DynBusyError, DynJobLostError } from '../../../src/providers/dyn/index.js';
import { authed, EXPIRED, failure, mockLogin, ok, testProvider } from '../helpers/dyn-fixtures.js';
import { connectionReset, useNockGuard } from '../helpers/nock-guard.js';

useNockGuard();

const JOB_RUNNING = {
  status: 'running',
  data: {},
  job_id: 5,
  msgs: [
    {
      INFO: 'token: This session already has a job running',
      SOURCE: 'API-B',
      ERR_CD: 'OPERATION_FAILED',
      LVL: 'ERROR',
    },
  ],
};
const BLOCKED = {
  ...failure('ILLEGAL_OPERATION', 'zone: Operation blocked by current task'),
  msgs: [
    {
      INFO: 'zone: Operation blocked by current task',
      SOURCE: 'BLL',
      ERR_CD: 'ILLEGAL_OPERATION',
      LVL: 'ERROR',
    },
    { INFO: 'task_name: ProvisionZone', SOURCE: 'BLL', ERR_CD: null, LVL: 'INFO' },
    { INFO: 'task_id: 39120953', SOURCE: 'BLL', ERR_CD: null, LVL: 'INFO' },
  ],
};
const record = {
  zone: 'a.test',
  fqdn: 'www.a.test',
  record_type: 'A',
  ttl: 60,
  rdata: { address: '192.0.2.1' },
  record_id: 0,
};
const addOp = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  value: '192.0.2.1',
  ttl: 60,
} as const;
const publishOp = { kind: 'publish', zone: 'a.test' } as const;
const zone = (serial: number) => ({
  zone: 'a.test',
  serial,
  serial_style: 'increment',
  zone_type: 'Primary',
});

describe('busy refusals: not processed, so repeated for any method', () => {
  it('a POST refused with "job running" is waited out and sent again', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(400, JOB_RUNNING);
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok(record));
    const { provider, delays } = testProvider();
    await provider.execute(addOp);
    expect(delays).toEqual([1000]);
  });

  it('"blocked by current task" is repeated with a doubling wait, then given up: not applied', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').times(6).reply(400, BLOCKED);
    const { provider, delays } = testProvider();
    const error = await provider.execute(addOp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynBusyError);
    expect(error).toMatchObject({ reason: 'task-blocked', attempts: 6 });
    expect((error as Error).message).toContain('the request was not applied');
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

describe('ambiguous failures: repeated only when a repeat is harmless, else settled by reading', () => {
  it('a connection reset on a POST that adds a record is not repeated by the transport: a read decides', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').replyWithError(connectionReset());
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([]));
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok(record));
    const { provider, delays } = testProvider();
    await provider.execute(addOp);
    expect(delays).toEqual([]);
  });

  it('a reset on publish is repeated; the repeat finding nothing pending is success', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok(record));
    authed('get', '/Zone/a.test/').reply(200, ok(zone(7)));
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(connectionReset('reset'));
    authed('put', '/Zone/a.test/', { publish: true }).reply(200, ok(zone(8), 'publish: No changes'));
    const { provider } = testProvider();
    await provider.execute(addOp);
    await provider.execute(publishOp);
  });

  it('a 500 to a read is repeated like a 502', async () => {
    mockLogin();
    authed('get', '/Zone/a.test/').reply(500, failure('INTERNAL_ERROR', 'fault: Injected failure'));
    authed('get', '/Zone/a.test/').reply(200, ok(zone(7)));
    const { provider, delays } = testProvider();
    expect(
      await provider.client.call('GET', '/Zone/a.test/', undefined, { retryable: 'idempotent' }),
    ).toEqual(zone(7));
    expect(delays).toEqual([250]);
  });
});

describe('sessions and jobs', () => {
  it('a session that expired mid-zone is made up for: the zone is sent again in the new session, then published', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok(record));
    authed('get', '/Zone/a.test/').reply(200, ok(zone(7)));
    authed('put', '/Zone/a.test/', { publish: true }).reply(
      400,
      failure('INVALID_DATA', 'login: inactivity logout'),
    );
    mockLogin('token-2');
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(200, ok(zone(7)));
    // Whether an earlier attempt published the changes is settled by the serial: still 7, it did not.
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok(zone(7)));
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('post', '/ARecord/a.test/www.a.test/', undefined, 'token-2').reply(200, ok(record));
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok(zone(7)));
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(200, ok(zone(8)));
    const { provider } = testProvider();
    await provider.execute(addOp);
    await provider.execute(publishOp);
  });

  it('an add whose job ended with its session is sent again, with the zone, in the new session', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(307, '/REST/Job/91/', { Location: '/REST/Job/91/' });
    authed('get', '/Job/91/').reply(400, EXPIRED);
    mockLogin('token-2');
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('post', '/ARecord/a.test/www.a.test/', undefined, 'token-2').reply(200, ok(record));
    const { provider } = testProvider();
    await provider.execute(addOp);
  });

  it('a job the service no longer knows is lost too (its outcome is unknown)', async () => {
    mockLogin();
    authed('put', '/Zone/a.test/', { publish: true }).reply(200, {
      status: 'incomplete',
      data: null,
      job_id: 92,
    });
    authed('get', '/Job/92/').reply(404, failure('NOT_FOUND', 'job: No such job 92', 'API-B'));
    const { provider } = testProvider();
    await expect(
      provider.client.call('PUT', '/Zone/a.test/', { publish: true }, { retryable: 'idempotent' }),
    ).rejects.toBeInstanceOf(DynJobLostError);
  });
});
