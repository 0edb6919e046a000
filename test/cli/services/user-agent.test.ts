import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VERSION } from '../../../src/connect/version.js';
import { useNockGuard } from '../../providers/helpers/nock-guard.js';
import { cli } from '../../support/cli.js';

// Time budget: ten times its slowest test (1.0 s quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

/**
 * Every request carries a User-Agent naming edgeplan and its version (EDGEPLAN_USER_AGENT replaces it), to the DNS
 * services as to the WAF. Each service here refuses the first request, which is all the test needs to see: the mock
 * only matches a request with the expected header, and the guard fails the test on any request it did not match.
 */

useNockGuard();

const DYN = {
  EDGEPLAN_DYN_URL: 'https://dyn.test/REST',
  EDGEPLAN_DYN_CUSTOMER: 'acme',
  EDGEPLAN_DYN_USER: 'ops',
  EDGEPLAN_DYN_PASSWORD: 'ua-pw',
};
const LOGIN_REFUSED = {
  status: 'failure',
  data: {},
  msgs: [
    {
      INFO: 'login: Credentials you entered did not match',
      SOURCE: 'BLL',
      ERR_CD: 'INVALID_DATA',
      LVL: 'ERROR',
    },
  ],
};

let dir: string;
let zones: string;
let pdnsZones: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-ua-'));
  zones = join(dir, 'zones.yaml');
  await writeFile(zones, 'zones:\n  example.com:\n    records: { www: { a: [192.0.2.1] } }\n');
  pdnsZones = join(dir, 'pdns.yaml');
  await writeFile(
    pdnsZones,
    [
      'providers:',
      '  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_KEY }',
      'zones:',
      '  example.com:',
      '    records: { www: { a: [192.0.2.1] } }',
      '',
    ].join('\n'),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('User-Agent', () => {
  it(`is edgeplan/${VERSION} on the Dyn API`, async () => {
    nock('https://dyn.test')
      .matchHeader('user-agent', `edgeplan/${VERSION}`)
      .post('/REST/Session/')
      .reply(400, LOGIN_REFUSED);
    const run = await cli(['plan', zones], DYN);
    expect(run.stderr).toContain('Credentials you entered did not match');
    expect(run.code).toBe(1);
  });

  it('is EDGEPLAN_USER_AGENT when set, on the Dyn API too', async () => {
    nock('https://dyn.test')
      .matchHeader('user-agent', 'acme-dns-ci/3')
      .post('/REST/Session/')
      .reply(400, LOGIN_REFUSED);
    const run = await cli(['plan', zones], { ...DYN, EDGEPLAN_USER_AGENT: ' acme-dns-ci/3 ' });
    expect(run.code).toBe(1);
  });

  it(`is edgeplan/${VERSION} on the PowerDNS API`, async () => {
    nock('http://pdns.test:8081')
      .matchHeader('user-agent', `edgeplan/${VERSION}`)
      .matchHeader('x-api-key', 'ua-key')
      .get('/api/v1/servers/localhost/zones/example.com.')
      .reply(401, { error: 'Unauthorized' });
    const run = await cli(['plan', pdnsZones], {
      EDGEPLAN_PDNS_URL: 'http://pdns.test:8081',
      EDGEPLAN_PDNS_KEY: 'ua-key',
    });
    expect(run.stderr).toContain('HTTP 401');
    expect(run.code).toBe(1);
  });
});
