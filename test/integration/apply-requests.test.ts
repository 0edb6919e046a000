import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSeedFile } from '../../src/emulator/index.js';
import { cli } from '../support/cli.js';
import { type RunningEmulator, startEmulator } from '../support/emulator.js';
import { CREDENTIALS, QUICKSTART, QUICKSTART_SEED } from '../support/sandbox.js';

// Time budget: an emulator and up to 50 new zones applied through the CLI in-process (about 3 s at load 9).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

/**
 * The requests of an apply through the CLI, counted by the emulator's request log, at their floor: the writes
 * and publishes, the serial read before the publish of a zone that was live, and one read per changed zone for
 * the check after the apply; nothing read twice. And the plan states exactly what the apply sends.
 */

let running: RunningEmulator | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-apply-requests-'));
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** The DNS requests one command made, `METHOD /REST/Endpoint` in order (zone and node segments dropped). */
async function requestsOf(argv: string[], expectedCode: number): Promise<string[]> {
  if (!running) throw new Error('no emulator');
  running.emulator.requestLog.clear();
  const run = await cli(argv, running.env);
  expect(run.code, run.stderr).toBe(expectedCode);
  return running.emulator.requestLog.entries
    .filter((entry) => entry.path.startsWith('/REST/'))
    .map((entry) => `${entry.method} ${entry.path.split('/').slice(0, 3).join('/')}`);
}

function zoneYaml(zones: readonly string[], extra = ''): string {
  const lines = zones.map(
    (zone) =>
      `  ${zone}:\n    create: { contact: hostmaster@${zone}, serial_style: increment }\n    records:\n      www: { a: [192.0.2.1] }${extra}\n`,
  );
  return `zones:\n${lines.join('')}`;
}

describe('requests of an apply', () => {
  it('a new zone: six in all, the upload not read back and no serial read before its publish', async () => {
    running = await startEmulator({ seed: { dns: { credentials: CREDENTIALS, zones: {} } } });
    const file = join(dir, 'new.yaml');
    await writeFile(file, zoneYaml(['new.test']));
    expect(await requestsOf(['apply', file, '--yes'], 0)).toEqual([
      'POST /REST/Session',
      'GET /REST/Zone',
      'POST /REST/ZoneFile',
      'PUT /REST/Zone',
      // The check after the apply: the new zone's records (its serial in its SOA), compared with the desired state.
      'GET /REST/AllRecord',
      'DELETE /REST/Session',
    ]);
  });

  it('50 new zones: their uploads and publishes, then one read each for the check', async () => {
    running = await startEmulator({ seed: { dns: { credentials: CREDENTIALS, zones: {} } } });
    const file = join(dir, 'many.yaml');
    // 50, not more: the client paces itself to the service's 300 requests a minute.
    const zones = Array.from({ length: 50 }, (_, i) => `z${String(i).padStart(3, '0')}.test`);
    await writeFile(file, zoneYaml(zones));
    const sent = await requestsOf(['apply', file, '--yes'], 0);
    const count = (endpoint: string) => sent.filter((request) => request === endpoint).length;
    // The session, the plan's zone list, an upload and a publish each, one read each for the check, the logout.
    expect(sent).toHaveLength(2 + 50 + 50 + 50 + 1);
    expect(count('POST /REST/ZoneFile')).toBe(50);
    expect(count('PUT /REST/Zone')).toBe(50);
    expect(count('GET /REST/AllRecord')).toBe(50);
    expect(count('GET /REST/Zone')).toBe(1);
  });

  it('the check reads again only the zones the apply changed', async () => {
    const live = (zone: string) => ({
      records: [{ fqdn: `www.${zone}`, type: 'A', ttl: 300, rdata: { address: '192.0.2.1' } }],
    });
    running = await startEmulator({
      seed: {
        dns: { credentials: CREDENTIALS, zones: { 'a.test': live('a.test'), 'b.test': live('b.test') } },
      },
    });
    const file = join(dir, 'zones.yaml');
    await writeFile(
      file,
      'zones:\n  a.test:\n    records:\n      www: { a: [192.0.2.9], ttl: 300 }\n' +
        '  b.test:\n    records:\n      www: { a: [192.0.2.1], ttl: 300 }\n',
    );
    expect(await requestsOf(['apply', file, '--yes'], 0)).toEqual([
      'POST /REST/Session',
      'GET /REST/Zone',
      'GET /REST/AllRecord',
      'GET /REST/AllRecord',
      // The plan writes records into a zone that exists: the geo services' links are checked.
      'GET /REST/Geo',
      'PUT /REST/ARecord',
      'GET /REST/Zone',
      'PUT /REST/Zone',
      // The check: a.test's records; b.test had no change and was sent nothing.
      'GET /REST/AllRecord',
      'DELETE /REST/Session',
    ]);
  });

  it("states in the plan what the apply sends, the check included, as the apply's report counts it", async () => {
    running = await startEmulator({
      seed: await loadSeedFile(QUICKSTART_SEED),
      dnsRateLimit: { limit: 300 },
    });
    const { customer_name, user_name, password } = running.emulator.credentials;
    Object.assign(running.env, {
      EDGEPLAN_DYN_CUSTOMER: customer_name,
      EDGEPLAN_DYN_USER: user_name,
      EDGEPLAN_DYN_PASSWORD: password,
    });
    // Zones changed and in sync, a new zone, a new secondary zone and a new geo service linking both.
    for (const file of ['zones.yaml', 'new-zone.yaml', 'geo-and-secondary.yaml'])
      await cp(join(QUICKSTART, file), join(dir, file));
    const dns = () => running?.emulator.requestLog.entries.filter((e) => e.path.startsWith('/REST/')).length;
    running.emulator.requestLog.clear();
    const plan = await cli(['plan', dir], running.env);
    expect(plan.code, plan.stderr).toBe(2);
    const stated = Number(/\nApply: (\d+) DNS requests, /.exec(plan.stdout)?.[1]);
    const planned = dns() ?? 0;
    // A plan printed as JSON carries its fingerprints (a text plan, which prints none, leaves them out).
    const planJson = await cli(['plan', dir, '--format', 'json'], running.env);
    expect(JSON.parse(planJson.stdout).fingerprints.targets.length).toBeGreaterThan(0);
    running.emulator.requestLog.clear();
    const apply = await cli(['apply', dir, '--yes', '--allow-unsafe', '--format', 'json'], running.env);
    expect(apply.code, apply.stderr).toBe(0);
    // The apply reads what the plan read (its login and logout are the plan's too), then sends what it stated.
    expect((dns() ?? 0) - planned).toBe(stated);
    expect(JSON.parse(apply.stdout).requests.DNS.requests).toBe(stated);
    expect(stated).toBeGreaterThan(10);
    // The JSON account keeps the plan's fingerprints (a text apply, which prints none, leaves them out).
    expect(JSON.parse(apply.stdout).plan.fingerprints.targets.length).toBeGreaterThan(0);
  });
});
