/**
 * `edgeplan import` from a real PowerDNS server: a zone with every supported type applied to PowerDNS,
 * imported back, plans empty against PowerDNS; every live rrset is either in the written YAML (compared with the
 * server's own answer, not through the provider's read) or named as not imported; and the same files planned
 * against Dyn (the emulator) show the migration.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { normaliseName } from '../../src/model/names.js';
import { recordType, sortValues } from '../../src/model/record-types/index.js';
import { pdnsCapabilities, zoneId } from '../../src/providers/pdns/index.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';
import { providerLike } from '../support/load-options.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';
import { everyTypeRecords } from './every-type.js';
import { publishedRecords } from './helpers.js';

// Time budget: ten times its slowest test (1.4 s in the full suite at load 9 on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const missing = pdnsMissing();
const ZONE = 'every-type.example';
const PDNS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.] }\n';

let server: PdnsServer | undefined;
let sandbox: Sandbox;
let dir: string;

function env(): Record<string, string> {
  if (!server) throw new Error('pdns_server is not started');
  return { ...sandbox.env, EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
}

/** One request to the server's API, as a user's script would send it. */
async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  if (!server) throw new Error('pdns_server is not started');
  const response = await fetch(`${server.apiUrl}/servers/localhost${path}`, {
    method,
    headers: { 'X-API-Key': server.apiKey, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

interface Rrset {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled: boolean }[];
}

if (missing !== null) {
  describe.skip(`import from PowerDNS (skipped: ${missing})`, () => {
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
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-pdns-'));
  });
  afterEach(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('import from PowerDNS', () => {
    it('writes every live rrset or names it, plans empty against PowerDNS, and shows the migration to Dyn', async () => {
      const providers = join(dir, 'providers.yaml');
      await writeFile(providers, PDNS);
      const seeded = join(dir, 'seeded.yaml');
      await writeFile(
        seeded,
        `${PDNS}zones:\n  ${ZONE}:\n    create: {}\n    default_ttl: 300\n    records:\n${everyTypeRecords()}\n      multi: [{ a: [192.0.2.7], ttl: 60 }, { txt: [hello], ttl: 120 }]\n`,
      );
      const applied = await cli(['apply', seeded, '--yes'], env());
      expect(applied.code, applied.stderr).toBe(0);
      // What edgeplan cannot hold: a type outside the registry, a disabled record; and a secondary zone.
      await api('PATCH', `/zones/${zoneId(ZONE)}`, {
        rrsets: [
          ...[
            ['KX', `kx.${ZONE}.`, '10 kx.example.net.'],
            ['AFSDB', `afs.${ZONE}.`, '1 afs.example.net.'],
            [
              'DNSKEY',
              `${ZONE}.`,
              '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
            ],
            ['TYPE262', `x.${ZONE}.`, '\\# 4 0A000001'],
            ['CNAME', `toroot.${ZONE}.`, '.'],
          ].map(([type, name, content]) => ({
            name,
            type,
            ttl: 300,
            changetype: 'REPLACE',
            records: [{ content, disabled: false }],
          })),
          {
            name: `off.${ZONE}.`,
            type: 'A',
            ttl: 300,
            changetype: 'REPLACE',
            records: [{ content: '192.0.2.99', disabled: true }],
          },
        ],
      });
      await api('POST', '/zones', {
        name: 'partner.example.',
        kind: 'Slave',
        masters: ['198.51.100.1'],
        nameservers: [],
      });

      const out = join(dir, 'imported');
      const imported = await cli(['import', '--providers', providers, '--out', out], env());
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(`${ZONE}.yaml`);
      expect(imported.stdout).toContain('secondary-zones.yaml');
      expect(imported.stdout).toContain(
        'Round trip: planning the written files against live state shows no changes.',
      );
      expect(await readFile(join(out, 'secondary-zones.yaml'), 'utf8')).toContain(
        'secondary_zones:\n  partner.example:\n    masters: [ 198.51.100.1 ]\n',
      );

      // Every live rrset, read from the server's API: in the YAML with its TTL and values, or named by import.
      const loaded = await loadDesiredState(
        [join(out, `${ZONE}.yaml`)],
        providerLike('pdns', pdnsCapabilities()),
      );
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
      const written = new Map(
        (loaded.desired.zones[0]?.records ?? []).map((set) => [
          `${set.fqdn} ${set.type}`,
          { ttl: set.ttl, values: set.values },
        ]),
      );
      const live = (await api('GET', `/zones/${zoneId(ZONE)}`)) as { rrsets: Rrset[] };
      const supported = new Set(pdnsCapabilities().recordTypes);
      const named: string[] = [];
      for (const rrset of live.rrsets) {
        const key = `${normaliseName(rrset.name)} ${rrset.type}`;
        const enabled = rrset.records.filter((record) => !record.disabled);
        const own = rrset.type === 'SOA' || key === `${ZONE} NS`;
        const type = supported.has(rrset.type) ? recordType(rrset.type) : undefined;
        const unreadable = enabled.some((record) => type?.parsePresentation(record.content).ok === false);
        if (own || !type || unreadable || enabled.length < rrset.records.length) {
          named.push(key);
          // Named, or listed with its data as a zone file writes it.
          const line = `${normaliseName(rrset.name)}. ${rrset.ttl} ${rrset.type} `;
          expect(imported.stdout.includes(key) || imported.stdout.includes(line), key).toBe(true);
          expect(written.has(key), key).toBe(false);
          continue;
        }
        const values = enabled.map((record) => {
          const parsed = type.parsePresentation(record.content);
          if (!parsed.ok) throw new Error(`${key}: ${record.content}`);
          return parsed.value;
        });
        expect(written.get(key), key).toEqual({ ttl: rrset.ttl, values: sortValues(rrset.type, values) });
        written.delete(key);
      }
      expect(named.sort()).toEqual([
        `afs.${ZONE} AFSDB`,
        `${ZONE} DNSKEY`,
        `${ZONE} NS`,
        `${ZONE} SOA`,
        `kx.${ZONE} KX`,
        `off.${ZONE} A`,
        `toroot.${ZONE} CNAME`,
        `x.${ZONE} TYPE262`,
      ]);
      // Each with its data, in the output and in the file written.
      const yamlText = await readFile(join(out, `${ZONE}.yaml`), 'utf8');
      for (const line of [
        `kx.${ZONE}. 300 KX 10 kx.example.net.`,
        `toroot.${ZONE}. 300 CNAME .`,
        `x.${ZONE}. 300 TYPE262 \\# 4 0a000001`,
      ]) {
        expect(imported.stdout).toContain(line);
        expect(yamlText).toContain(line);
      }
      expect([...written.keys()]).toEqual([]);

      // The written files planned against PowerDNS: nothing to do.
      const yaml = await readFile(join(out, `${ZONE}.yaml`), 'utf8');
      const back = join(dir, 'back.yaml');
      await writeFile(back, `${PDNS}${yaml}`);
      const replan = await cli(['plan', back], env());
      expect(replan.code, replan.stdout + replan.stderr).toBe(0);
      expect(replan.stdout).toContain(
        `every-type.example on pdns: 5 record sets: afs.${ZONE} AFSDB, ${ZONE} DNSKEY, kx.${ZONE} KX, toroot.${ZONE} CNAME, x.${ZONE} TYPE262`,
      );

      // The same files planned against Dyn: the migration, the whole zone new there.
      const dyn = join(dir, 'dyn.yaml');
      await writeFile(
        dyn,
        `providers:\n  dyn: { type: dyn }\n${yaml.replace('records:', 'create: {}\n    records:')}`,
      );
      const migration = await cli(['plan', dyn], env());
      expect(migration.code, migration.stderr).toBe(2);
      expect(migration.stdout).toContain(`${ZONE} on dyn (new zone`);
      expect(migration.stdout).toContain('t-caa');
      const apply = await cli(['apply', dyn, '--yes'], env());
      expect(apply.code, apply.stderr).toBe(0);
      expect(publishedRecords(sandbox.emulator, ZONE).length).toBe(loaded.desired.zones[0]?.records.length);
    });
  });
}
