/**
 * One desired state, two DNS providers: Dyn (the emulator) and a real PowerDNS server. The plan
 * shows each zone per provider, apply writes each provider in its own transaction, a re-plan is empty, PowerDNS
 * answers over DNS exactly the desired records, a failure at one provider leaves the other applied, and a zone
 * imported from Dyn planned against PowerDNS shows the migration.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ask, transfer } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';
import { everyTypeRecords } from './every-type.js';
import { publishedRecords } from './helpers.js';

// Time budget: ten times its slowest test (4.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const missing = pdnsMissing();

const PROVIDERS = `providers:
  dyn: { type: dyn }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, server: localhost }
`;

let server: PdnsServer | undefined;
let sandbox: Sandbox;
let dir: string;

function env(): Record<string, string> {
  if (!server) throw new Error('pdns_server is not started');
  return { ...sandbox.env, EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
}

async function desired(text: string): Promise<string> {
  const path = join(dir, 'desired.yaml');
  await writeFile(path, text);
  return path;
}

/** What PowerDNS serves of the zone, without its SOA and apex NS, as `fqdn ttl TYPE value` lines. */
async function served(zone: string): Promise<string[]> {
  if (!server) throw new Error('pdns_server is not started');
  const records = (await transfer(server.dnsPort, zone)) ?? [];
  const own = records.filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.fqdn === zone));
  const answers = await ask(
    server.dnsPort,
    own.map((r) => ({ fqdn: r.fqdn, type: r.type })),
  );
  return answers.map((r) => `${r.fqdn} ${r.ttl} ${r.type} ${r.value}`).sort();
}

if (missing !== null) {
  describe.skip(`DNS on two providers (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startPdnsServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    sandbox = await startSandbox();
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-multi-'));
  });
  afterEach(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('DNS on two providers from one desired state', () => {
    it('plans per provider, applies to both, re-plans empty, and PowerDNS answers exactly the desired records', async () => {
      const zone = 'every-type.example';
      const path = await desired(
        `${PROVIDERS}zones:\n  ${zone}:\n    providers: [dyn, pdns]\n    create: {}\n    default_ttl: 300\n    records:\n${everyTypeRecords()}\n`,
      );
      const plan = await cli(['plan', path], env());
      expect(plan.stderr).toBe('');
      expect(plan.code).toBe(2);
      expect(plan.stdout).toContain(`${zone} on dyn (new zone`);
      expect(plan.stdout).toContain(`${zone} on pdns (new zone, 1 API call)`);

      const apply = await cli(['apply', path, '--yes'], env());
      expect(apply.code, apply.stderr).toBe(0);
      expect(await cli(['plan', path], env())).toMatchObject({ code: 0 });

      const dyn = publishedRecords(sandbox.emulator, zone);
      expect(dyn.length).toBeGreaterThan(10);
      expect(await served(zone)).toEqual(dyn);
    });

    it('a saved plan names each provider, --target picks one, and apply --plan applies it', async () => {
      const path = await desired(
        `${PROVIDERS}zones:\n  saved.example:\n    providers: [dyn, pdns]\n    create: {}\n    records: { www: { a: [192.0.2.20] } }\n`,
      );
      const file = join(dir, 'plan.json');
      const only = await cli(['plan', path, '--target', 'zone:saved.example@pdns', '--out', file], env(), {
        cwd: dir,
      });
      expect(only.code, only.stderr).toBe(2);
      expect(only.stdout).toContain('saved.example on pdns (new zone, 1 API call)');
      expect(only.stdout).not.toContain('saved.example on dyn');
      const saved = JSON.parse(await readFile(file, 'utf8'));
      expect(saved.steps.map((step: { id: string; provider: string }) => [step.id, step.provider])).toEqual([
        ['zone:saved.example@pdns', 'pdns'],
      ]);
      expect(saved.accounts?.pdns).toEqual({ url: `${server?.webUrl}/api/v1`, server: 'localhost' });
      const apply = await cli(['apply', '--plan', file, path, '--yes'], env(), { cwd: dir });
      expect(apply.code, apply.stderr).toBe(0);
      expect(await served('saved.example')).toEqual(['www.saved.example 3600 A 192.0.2.20']);
      expect(publishedRecords(sandbox.emulator, 'saved.example')).toEqual([]);

      const both = await cli(['plan', path, '--target', 'zone:saved.example'], env());
      expect(both.stdout).toContain('saved.example on dyn (new zone');
      expect(both.stdout).not.toContain('on pdns');
    });

    it('a failure at one provider does not stop the other, and the report says which took effect', async () => {
      const path = await desired(
        `${PROVIDERS}zones:\n  both.example:\n    providers: [dyn, pdns]\n    create: {}\n    records: { www: { a: [192.0.2.10] } }\n`,
      );
      sandbox.emulator.faults.add({ method: 'PUT', pathPattern: /\/Zone\//, status: 500, times: Infinity });
      const apply = await cli(['apply', path, '--yes'], env());
      expect(apply.code).toBe(1);
      expect(apply.stdout).toMatch(
        /✗ zone:both\.example@dyn: failed at call 2 of 2 \(publish both\.example\)/,
      );
      expect(apply.stdout).toContain('✓ zone:both.example@pdns: 1 API call, published');
      expect(await served('both.example')).toEqual(['www.both.example 3600 A 192.0.2.10']);
      sandbox.emulator.faults.clear();

      const drift = await cli(['drift', path], env());
      expect(drift.code).toBe(2);
      expect(drift.stdout).toContain('Not acknowledged:\n  zone:both.example@dyn\n');
      expect(drift.stdout).not.toContain('zone:both.example@pdns');
    });

    it('a zone imported from Dyn and planned against PowerDNS shows the migration', async () => {
      const seeded = join(dir, 'seeded.yaml');
      await writeFile(
        seeded,
        'zones:\n  move.example:\n    create: {}\n    records: { "@": { a: [192.0.2.1] }, www: { cname: web.example.net. } }\n',
      );
      expect((await cli(['apply', seeded, '--yes'], sandbox.env)).code).toBe(0);
      const out = join(dir, 'imported');
      const imported = await cli(
        ['import', '--zones', 'move.example', '--out', out, '--single-file'],
        sandbox.env,
      );
      expect(imported.code, imported.stderr).toBe(0);
      const yaml = await readFile(join(out, 'edgeplan.yaml'), 'utf8');
      const path = await desired(
        `providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }\n${yaml}`,
      );
      const plan = await cli(['plan', path], env());
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain('move.example on pdns (new zone, 1 API call)');
      expect(plan.stdout).toContain('192.0.2.1');
      expect(plan.stdout).toContain('web.example.net.');
    });
  });
}
