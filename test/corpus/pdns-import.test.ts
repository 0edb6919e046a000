/**
 * The real-zones corpus (corpus.ts) loaded into a real PowerDNS (its API's zone-file import) and imported from it
 * through the powerdns provider, as a user migrating from PowerDNS would: the import must round-trip, and the YAML
 * it writes must hold the same record sets as the YAML imported from the zone file itself.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import type { RecordSet } from '../../src/model/record-set.js';
import { RECORD_TYPES, withGenericTypes } from '../../src/model/record-types/index.js';
import { pdnsCapabilities } from '../../src/providers/pdns/index.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';
import { providerLike } from '../support/load-options.js';
import { CORPUS, type CorpusZone } from './corpus.js';

// Time budget: ten times its slowest test (0.6 s quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const missing = pdnsMissing();

let server: PdnsServer | undefined;
let root = '';
if (missing === null) {
  beforeAll(async () => {
    server = await startPdnsServer();
    root = await mkdtemp(join(tmpdir(), 'edgeplan-corpus-pdns-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  });
}

/** What the written files are loaded for: any type of the registry, and any type by its number. */
const ANY_TYPE = { ...pdnsCapabilities(), recordTypes: RECORD_TYPES.map((type) => type.type) };

/** Imports with the CLI from the providers `providers` declares; the record sets of the YAML written. */
async function importFrom(dir: string, providers: string, env: Record<string, string>, zone: string) {
  await writeFile(join(dir, 'providers.yaml'), providers);
  const out = join(dir, 'out');
  const run = await cli(
    ['import', '--providers', join(dir, 'providers.yaml'), '--zones', zone, '--out', out],
    env,
  );
  expect(run.stderr.split('\n').filter((line) => line.startsWith('error'))).toEqual([]);
  expect(run.code).toBe(0);
  expect(run.stdout).toContain('Round trip: planning the written files against live state shows no changes.');
  const loaded = await loadDesiredState([join(out, `${zone}.yaml`)], providerLike('any', ANY_TYPE));
  if (!loaded.ok) throw new Error(`the imported files do not load: ${JSON.stringify(loaded.diagnostics)}`);
  return loaded.desired.zones.find((one) => one.zone === zone)?.records ?? [];
}

const lines = (sets: readonly RecordSet[]) =>
  sets.map((set) => `${set.fqdn} ${set.type} ${set.ttl} ${set.values.join(' | ')}`);

async function fromBoth(entry: CorpusZone): Promise<void> {
  const { apiUrl, apiKey, webUrl } = server ?? { apiUrl: '', apiKey: '', webUrl: '' };
  const text = await readFile(new URL(`../fixtures/zones/${entry.file}`, import.meta.url), 'utf8');
  const created = await fetch(`${apiUrl}/servers/localhost/zones`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `${entry.zone}.`, kind: 'Native', zone: text }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const pdnsDir = await mkdtemp(join(root, `${entry.zone}-pdns-`));
  const env = { EDGEPLAN_PDNS_URL: webUrl, EDGEPLAN_PDNS_KEY: apiKey };
  const pdns = await importFrom(
    pdnsDir,
    'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_KEY }\n',
    env,
    entry.zone,
  );
  const fileDir = await mkdtemp(join(root, `${entry.zone}-file-`));
  await mkdir(join(fileDir, 'zones'));
  await copyFile(
    new URL(`../fixtures/zones/${entry.file}`, import.meta.url),
    join(fileDir, 'zones', `${entry.zone}.zone`),
  );
  const files = await importFrom(
    fileDir,
    'providers:\n  files: { type: zonefile, directory: zones }\n',
    {},
    entry.zone,
  );
  // A type the file holds that PowerDNS does not manage (DNSKEY: it serves a signed zone's keys from its keystore)
  // is left alone there: compared are the types both hold.
  const held = withGenericTypes(pdnsCapabilities().recordTypes);
  expect(lines(pdns)).toEqual(lines(files.filter((set) => held.has(set.type))));
  // Two files of the corpus hold the same zone as different servers wrote it: each is loaded into an empty server.
  const deleted = await fetch(`${apiUrl}/servers/localhost/zones/${entry.zone}.`, {
    method: 'DELETE',
    headers: { 'X-API-Key': apiKey },
  });
  expect(deleted.status).toBe(204);
}

describe.skipIf(missing !== null)(
  `the real-zones corpus, imported from PowerDNS${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const loadable = (one: CorpusZone) => one.pending === undefined && one.pdnsRefuses === undefined;
    for (const entry of CORPUS.filter(loadable)) {
      const title = `${entry.zone} (${entry.file}): the same record sets as from the file`;
      it(title, () => fromBoth(entry));
    }
  },
);
