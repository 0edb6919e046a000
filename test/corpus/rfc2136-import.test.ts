/**
 * The real-zones corpus (corpus.ts) loaded into a real BIND 9 and a real Knot as their zone files, and imported from
 * each through the rfc2136 provider (zone transfer), as a user moving off a primary server would: the import must
 * round-trip, and the YAML it writes must hold the same record sets as the YAML imported from the zone file itself.
 * One server of each kind holds every zone it loads (a zone held by two files of the corpus: the first).
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import type { RecordSet } from '../../src/model/record-set.js';
import { PROVIDER_CATALOGUE } from '../../src/providers/registry.js';
import { rfc2136Capabilities } from '../../src/providers/rfc2136/capabilities.js';
import {
  type Rfc2136Server,
  type ServerKind,
  serversMissing,
  startServer,
} from '../providers/rfc2136/servers.js';
import { cli } from '../support/cli.js';
import { CORPUS, type CorpusZone, corpusText } from './corpus.js';

// Time budget: ten times its slowest test (two imports in process: 0.6 s idle), rounded up; a server starts in its
// hook and waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 60_000 });

const missing = serversMissing();

const loads = (kind: ServerKind) => (one: CorpusZone) =>
  one.pending === undefined &&
  one.bindRefuses === undefined &&
  (kind === 'bind' || one.knotRefuses === undefined);

/** The corpus zones a server of `kind` loads, each zone once. */
function zonesFor(kind: ServerKind): CorpusZone[] {
  const seen = new Set<string>();
  return CORPUS.filter(loads(kind)).filter((one) => !seen.has(one.zone) && Boolean(seen.add(one.zone)));
}

const lines = (sets: readonly RecordSet[]) =>
  sets.map((set) => `${set.fqdn} ${set.type} ${set.ttl} ${set.values.join(' | ')}`);

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'edgeplan-corpus-rfc2136-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Imports `zone` with the CLI from the provider `providers` declares; the record sets of the YAML written. */
async function importFrom(dir: string, providers: string, env: Record<string, string>, zone: string) {
  await writeFile(join(dir, 'providers.yaml'), providers);
  const out = join(dir, 'out');
  const run = await cli(
    ['import', '--providers', join(dir, 'providers.yaml'), '--zones', zone, '--out', out],
    env,
  );
  expect(run.stderr.split('\n').filter((line) => line.startsWith('error'))).toEqual([]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('Round trip: planning the written files against live state shows no changes.');
  // Checked as a server holds them: a one-label zone (arpa) is held there.
  const loaded = await loadDesiredState([join(out, `${zone}.yaml`)], {
    catalogue: PROVIDER_CATALOGUE,
    implicitProvider: { name: 'files', type: 'zonefile', options: { directory: 'zones' } },
  });
  if (!loaded.ok) throw new Error('the imported files do not load');
  return loaded.desired.zones.find((one) => one.zone === zone)?.records ?? [];
}

for (const kind of ['bind', 'knot'] as const) {
  describe.skipIf(missing !== null)(
    `the real-zones corpus, imported from ${kind} over RFC 2136${missing ? ` (skipped: ${missing})` : ''}`,
    () => {
      let server: Rfc2136Server | undefined;
      const zones = zonesFor(kind);
      beforeAll(async () => {
        const setups = await Promise.all(
          zones.map(async (one) => ({ zone: one.zone, text: await corpusText(one.file) })),
        );
        server = await startServer(kind, setups);
      });
      afterAll(() => server?.stop());

      for (const entry of zones)
        it(`${entry.zone} (${entry.file}): the same record sets as from the file`, async () => {
          const env = { EDGEPLAN_SERVER: `127.0.0.1:${server?.port}`, EDGEPLAN_TSIG: server?.keyText ?? '' };
          const serverDir = await mkdtemp(join(root, `${entry.zone}-${kind}-`));
          const served = await importFrom(
            serverDir,
            `providers:\n  ${kind}: { type: rfc2136, server_env: EDGEPLAN_SERVER, tsig_env: EDGEPLAN_TSIG }\n`,
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
          // DNSKEY, which a server keeps with its signing, is not managed over RFC 2136: compared are the types both hold.
          const held = new Set(rfc2136Capabilities().recordTypes);
          expect(lines(served)).toEqual(lines(files.filter((set) => held.has(set.type))));
        });
    },
  );
}
