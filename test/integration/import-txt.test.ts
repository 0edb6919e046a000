/**
 * TXT as other tools wrote it, imported exactly: multi-string values, `\"`, `\\` and decimal escapes (`\195\133`)
 * read from the emulator (Dyn's `txtdata`) and from a real PowerDNS (presentation `content`) are written as the
 * text they say, and the written files plan empty against the same provider.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOAD_OPTIONS } from '../../src/cli/planning/load.js';
import { loadDesiredState } from '../../src/config/index.js';
import { textOf } from '../../src/model/record-types/txt.js';
import { zoneId } from '../../src/providers/pdns/index.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: an import with its round-trip plan, then a plan, through the CLI in-process (about 1.6 s at load 10 on
// 2 cores); ten times that, rounded up. Hooks start a real PowerDNS, as the other PowerDNS files allow for.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const ZONE = 'txt.example';
const LONG = `${'a'.repeat(200)}" "${'b'.repeat(100)}`;

/** Presentation text as another tool wrote it → the text it says (what the written YAML must hold). */
const CASES: readonly { label: string; written: string; text: string }[] = [
  {
    label: 'spf',
    written: '"v=spf1 include:_spf.example.net " "~all"',
    text: 'v=spf1 include:_spf.example.net ~all',
  },
  { label: 'quote', written: '"say \\"hi\\""', text: 'say "hi"' },
  { label: 'backslash', written: '"back\\\\slash"', text: 'back\\slash' },
  { label: 'decimal', written: '"\\195\\133ngstr\\195\\182m"', text: 'Ångström' },
  { label: 'long', written: `"${LONG}"`, text: `${'a'.repeat(200)}${'b'.repeat(100)}` },
];

/** The TXT text of each name of the written file, by label; the file loads without a warning. */
async function writtenTexts(file: string): Promise<Record<string, string>> {
  const loaded = await loadDesiredState([file], LOAD_OPTIONS);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  expect(loaded.warnings).toEqual([]);
  const sets = loaded.desired.zones.flatMap((zone) => zone.records).filter((set) => set.type === 'TXT');
  return Object.fromEntries(sets.map((set) => [set.fqdn.split('.')[0], set.values.map(textOf).join(' | ')]));
}

function expectedTexts(): Record<string, string> {
  return Object.fromEntries(CASES.map(({ label, text }) => [label, text]));
}

describe('TXT imported from the emulator (Dyn)', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-txt-'));
    const records = CASES.map(({ label, written }) => ({
      fqdn: `${label}.${ZONE}`,
      type: 'TXT',
      ttl: 300,
      rdata: { txtdata: written },
    }));
    sandbox = await startSandbox({ dns: { zones: { [ZONE]: { records } } } });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the text each value says, and the written files plan empty', async () => {
    const imported = await cli(['import', '--zones', ZONE, '--out', dir], sandbox.env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    expect(await writtenTexts(join(dir, `${ZONE}.yaml`))).toEqual(expectedTexts());
    // Text as text: the YAML holds the characters, not the escapes of the presentation form.
    expect(await readFile(join(dir, `${ZONE}.yaml`), 'utf8')).toContain('Ångström');
    const plan = await cli(['plan', join(dir, `${ZONE}.yaml`)], sandbox.env);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });
});

const missing = pdnsMissing();
const PDNS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.] }\n';

describe.skipIf(missing !== null)(
  `TXT imported from PowerDNS${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let server: PdnsServer;
    let dir: string;
    beforeAll(async () => {
      server = await startPdnsServer();
      dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-txt-pdns-'));
    });
    afterAll(async () => {
      await server?.stop();
      await rm(dir, { recursive: true, force: true });
    });

    it('writes the text each value says, and the written files plan empty', async () => {
      const api = (method: string, path: string, body: unknown) =>
        fetch(`${server.apiUrl}/servers/localhost${path}`, {
          method,
          headers: { 'X-API-Key': server.apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      const created = await api('POST', '/zones', {
        name: `${ZONE}.`,
        kind: 'Native',
        nameservers: ['ns1.example.net.'],
      });
      expect(created.status, await created.text()).toBe(201);
      const rrsets = CASES.map(({ label, written }) => ({
        name: `${label}.${ZONE}.`,
        type: 'TXT',
        ttl: 300,
        changetype: 'REPLACE',
        records: [{ content: written, disabled: false }],
      }));
      const patched = await api('PATCH', `/zones/${zoneId(ZONE)}`, { rrsets });
      expect(patched.status, await patched.text()).toBe(204);

      const env = { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
      const providers = join(dir, 'providers.yaml');
      await writeFile(providers, PDNS);
      const out = join(dir, 'out');
      const imported = await cli(['import', '--providers', providers, '--out', out], env);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(
        'Round trip: planning the written files against live state shows no changes.',
      );
      const yaml = await readFile(join(out, `${ZONE}.yaml`), 'utf8');
      const back = join(dir, 'back.yaml');
      await writeFile(back, `${PDNS}${yaml}`);
      expect(await writtenTexts(back)).toEqual(expectedTexts());
      const plan = await cli(['plan', back], env);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    });
  },
);
