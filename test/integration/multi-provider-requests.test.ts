/**
 * Requests per provider, counted, not estimated: the quickstart's zones on Dyn (the
 * emulator, seeded as the quickstart is) and on a real PowerDNS server from one desired state, and a 1,000-record
 * zone. Dyn's requests are the emulator's request log; PowerDNS's pass through a counting proxy. The quickstart's
 * own files are used as they are, the providers added by a file of their own (zones merge across files).
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';
import { type CountingProxy, startCountingProxy } from '../support/proxy.js';
import { QUICKSTART, quickstartSandbox, type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (8.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const missing = pdnsMissing();

let server: PdnsServer | undefined;
let proxy: CountingProxy | undefined;
let sandbox: Sandbox | undefined;
let dir: string;

/** Requests of one command at each provider; the plan's `Apply:` lines in `stated`. */
async function run(argv: string[]): Promise<{ code: number; dyn: number; pdns: number; stated: string[] }> {
  if (!server || !proxy || !sandbox) throw new Error('not started');
  sandbox.emulator.requestLog.clear();
  const before = proxy.count();
  const env = { ...sandbox.env, EDGEPLAN_PDNS_URL: proxy.url, EDGEPLAN_PDNS_API_KEY: server.apiKey };
  const ran = await cli(argv, env);
  if (ran.code === 1) throw new Error(ran.stderr);
  const dyn = sandbox.emulator.requestLog.entries.length;
  const stated = ran.stdout.split('\n').filter((line) => line.startsWith('Apply: '));
  return { code: ran.code, dyn, pdns: proxy.count() - before, stated };
}

/** Requests of one command at each provider. */
async function counted(argv: string[]): Promise<{ code: number; dyn: number; pdns: number }> {
  const { stated: _stated, ...requests } = await run(argv);
  return requests;
}

if (missing !== null) {
  describe.skip(`requests per DNS provider (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startPdnsServer();
    proxy = await startCountingProxy(server.webUrl);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-requests-'));
  });
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  describe('requests per DNS provider', () => {
    it('quickstart on Dyn and PowerDNS: PowerDNS lists the zones, then reads and writes each in one request', async () => {
      sandbox = await quickstartSandbox();
      const config = join(dir, 'config');
      for (const file of ['zones.yaml', 'new-zone.yaml'])
        await cp(join(QUICKSTART, file), join(config, file));
      await writeFile(
        join(config, 'providers.yaml'),
        `providers:
  dyn: { type: dyn }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }
zones:
  example.com: { providers: [dyn, pdns], create: {} }
  example.net: { providers: [dyn, pdns], create: {} }
  example.org: { providers: [dyn, pdns] }
`,
      );
      // Dyn: its session, one read per live zone, and the geo-service list (the plan writes records, so their
      // links are checked). PowerDNS: the zone list (several zones), then a GET per listed zone: none here.
      // The plan states what the apply sends after it: the apply's requests less the plan's own.
      expect(await run(['plan', config])).toEqual({
        code: 2,
        dyn: 6,
        pdns: 1,
        stated: [
          'Apply: 11 DNS requests to dyn, ≈ 2 s at 300 requests/min.',
          'Apply: 6 DNS requests to pdns.',
        ],
      });
      // apply = plan, the writes, then a re-plan of what changed that must be empty. Dyn writes each changed record
      // set of a live zone, creates the new one by a zone-file upload (the re-plan reads it back), reads each live
      // zone's serial right before its publish (compare-and-publish; not the new zone's) and publishes each touched
      // zone; PowerDNS creates each zone with all its records in one POST. The check reads each changed zone
      // directly on both: no second zone list.
      expect(await counted(['apply', config, '--yes'])).toEqual({ code: 0, dyn: 17, pdns: 1 + 3 + 3 });
      expect(await counted(['plan', config])).toEqual({ code: 0, dyn: 6, pdns: 1 + 3 });
    });

    // apply = its plan's read, the one write (a PATCH after the read that checks the zone is still as planned),
    // and the re-plan's read.
    it('a 1,000-record zone: one request to read it, one to create it, two to check and change 10 % of it', async () => {
      sandbox = await startSandbox();
      const records = (changed: boolean) =>
        Array.from({ length: 1000 }, (_, i) => {
          const last = changed && i % 10 === 0 ? 200 : 1 + (i % 200);
          return `      h${i}: { a: [198.51.100.${last}] }`;
        }).join('\n');
      const yaml = (changed: boolean) => `providers:
  dyn: { type: dyn }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }
zones:
  big.example:
    providers: [pdns]
    create: {}
    records:
${records(changed)}
`;
      const path = join(dir, 'big.yaml');
      await writeFile(path, yaml(false));
      // The zone is on PowerDNS only: the Dyn provider is configured but not opened (no login, no request).
      expect(await run(['plan', path])).toEqual({
        code: 2,
        dyn: 0,
        pdns: 1,
        stated: ['Apply: 2 DNS requests.'],
      });
      expect(await counted(['apply', path, '--yes'])).toEqual({ code: 0, dyn: 0, pdns: 3 });
      await writeFile(path, yaml(true));
      expect((await run(['plan', path])).stated).toEqual(['Apply: 3 DNS requests.']);
      expect(await counted(['apply', path, '--yes'])).toEqual({ code: 0, dyn: 0, pdns: 4 });
      expect(await counted(['plan', path])).toEqual({ code: 0, dyn: 0, pdns: 1 });
    });
  });
}
