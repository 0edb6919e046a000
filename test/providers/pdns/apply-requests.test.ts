import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountedStep } from '../../../src/model/provider.js';
import { pdnsApplyRequests } from '../../../src/providers/pdns/apply-requests.js';
import { cli } from '../../support/cli.js';
import { useNockGuard } from '../helpers/nock-guard.js';

/**
 * The requests of a PowerDNS apply through the CLI, request by request (nock: every request stated, none extra):
 * new zones at their floor (the zone list, a POST per zone, one GET per zone for the check after the apply), and
 * the count the plan's estimate (apply-requests.ts) gives equal to what the apply sent after its plan.
 */

const BASE = 'http://pdns.test:8081';
const KEY = 'pdns-Very-S3cret-44';
const ZONES = '/api/v1/servers/localhost/zones';
const ENV = { EDGEPLAN_PDNS_URL: `${BASE}/api/v1`, EDGEPLAN_PDNS_API_KEY: KEY };
const PROVIDERS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }\n';

// Time budget: the CLI in-process, its commands loaded on the first run (about 4 s at load 20).
vi.setConfig({ testTimeout: 30_000 });

useNockGuard();

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-pdns-requests-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Counts every request nock answers, `METHOD path` in order. */
function api(sent: string[]) {
  return nock(BASE, { reqheaders: { 'x-api-key': KEY } }).on('request', (request) => {
    sent.push(`${request.method} ${request.path}`);
  });
}

/** `GET /zones/<zone>.` as PowerDNS answers it: its SOA, apex NS, and `sets` of `[name, type, ...contents]`. */
function zone(name: string, serial: number, ...sets: string[][]) {
  return {
    name: `${name}.`,
    kind: 'Native',
    serial,
    soa_edit_api: 'DEFAULT',
    rrsets: [
      {
        name: `${name}.`,
        type: 'SOA',
        ttl: 3600,
        records: [{ content: `ns1. h.${name}. ${serial} 1 1 1 1` }],
      },
      { name: `${name}.`, type: 'NS', ttl: 3600, records: [{ content: 'ns1.example.net.' }] },
      ...sets.map(([fqdn, type, ...contents]) => ({
        name: `${fqdn}.`,
        type,
        ttl: 300,
        records: contents.map((content) => ({ content, disabled: false })),
      })),
    ],
  };
}

async function apply(yaml: string): Promise<CountedStep[]> {
  const file = join(dir, 'zones.yaml');
  await writeFile(file, `${PROVIDERS}zones:\n${yaml}`);
  const run = await cli(['apply', file, '--yes', '--allow-unsafe', '--format', 'json'], ENV);
  expect(run.code, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout);
  expect(report.converged).toBe(true);
  return report.plan.steps;
}

const newZone = (name: string) =>
  `  ${name}:\n    create: { contact: hostmaster@${name}, serial_style: increment }\n` +
  '    records:\n      www: { a: [192.0.2.1], ttl: 300 }\n';

describe('requests of a PowerDNS apply', () => {
  it('new zones: the zone list, a POST each, then one GET each for the check; the estimate says so', async () => {
    const names = ['a.test', 'b.test', 'c.test'];
    const sent: string[] = [];
    const scope = api(sent);
    scope.get(ZONES).reply(200, []);
    for (const name of names) {
      scope.post(ZONES).reply(201, zone(name, 1, [`www.${name}`, 'A', '192.0.2.1']));
      scope.get(`${ZONES}/${name}.`).reply(200, zone(name, 1, [`www.${name}`, 'A', '192.0.2.1']));
    }
    const steps = await apply(names.map(newZone).join(''));
    expect(sent).toHaveLength(1 + 3 + 3);
    expect(sent[0]).toBe(`GET ${ZONES}`);
    // The plan read the list alone: the apply sent everything after it.
    expect(pdnsApplyRequests(steps)).toBe(sent.length - 1);
  });

  it('an update with a delete and a new zone: the estimate is what the apply sent after its plan', async () => {
    const before = zone('a.test', 5, ['www.a.test', 'A', '192.0.2.1'], ['old.a.test', 'A', '192.0.2.5']);
    const after = zone('a.test', 6, ['www.a.test', 'A', '192.0.2.9']);
    const sent: string[] = [];
    const scope = api(sent);
    scope.get(ZONES).reply(200, [{ name: 'a.test.', kind: 'Native' }]);
    scope.get(`${ZONES}/a.test.`).times(2).reply(200, before);
    scope.patch(`${ZONES}/a.test.`).reply(204);
    scope.get(`${ZONES}/a.test.`).reply(200, after);
    scope.post(ZONES).reply(201, zone('b.test', 1, ['www.b.test', 'A', '192.0.2.1']));
    scope.get(`${ZONES}/b.test.`).reply(200, zone('b.test', 1, ['www.b.test', 'A', '192.0.2.1']));
    const steps = await apply(
      `  a.test:\n    records:\n      www: { a: [192.0.2.9], ttl: 300 }\n${newZone('b.test')}`,
    );
    // The plan: the zone list and a.test (b.test is not listed, so not read).
    expect(sent.slice(0, 2)).toEqual([`GET ${ZONES}`, `GET ${ZONES}/a.test.`]);
    expect(sent).toHaveLength(2 + 5);
    expect(pdnsApplyRequests(steps)).toBe(sent.length - 2);
  });
});

describe('the PowerDNS estimate, by kind of step', () => {
  const step = (kind: 'zone' | 'secondary', name: string, ...ops: string[]): CountedStep => ({
    target: { kind, name, provider: 'pdns' },
    ops: ops.map((op) => ({ kind: op })),
  });

  it('a PATCH is checked by a GET first; a creating POST is not; one GET per zone for the check', () => {
    expect(pdnsApplyRequests([step('zone', 'a.test', 'patch-zone')])).toBe(1 + 1 + 1);
    expect(pdnsApplyRequests([step('zone', 'a.test', 'create-zone')])).toBe(1 + 1);
  });

  it('secondary zones: their calls, then the zone list once for the check', () => {
    const secondaries = [
      step('secondary', 's.test', 'create-secondary'),
      step('secondary', 't.test', 'delete-secondary'),
    ];
    expect(pdnsApplyRequests(secondaries)).toBe(2 + 1);
    expect(pdnsApplyRequests([...secondaries, step('zone', 'a.test', 'create-zone')])).toBe(3 + 1 + 1);
  });
});
