/**
 * Every zone of the real-zones corpus (corpus.ts) imported through the zonefile provider, as a user would:
 * `edgeplan import --providers … --provider files`. The import must succeed and its own round trip plan nothing;
 * every record set of a supported type must be in the YAML it wrote, and every other record set named as not
 * managed. What the zone holds is read independently by BIND (named-checkzone -D) where BIND loads the file.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { compareStrings } from '../../src/model/compare.js';
import { recordSetKey } from '../../src/model/record-set.js';
import { PROVIDER_CATALOGUE } from '../../src/providers/registry.js';
import { createZonefileProvider, locationOf } from '../../src/providers/zonefile/index.js';
import { checkedRecords, checkzoneMissing } from '../providers/zonefile/checkzone.js';
import { cli } from '../support/cli.js';
import { CORPUS, type CorpusZone } from './corpus.js';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'edgeplan-corpus-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A directory holding the zone's file as `zones/<zone>.zone` and a desired state naming the provider. */
async function repository(entry: CorpusZone): Promise<string> {
  const dir = await mkdtemp(join(root, `${entry.zone}-`));
  await mkdir(join(dir, 'zones'));
  await copyFile(
    new URL(`../fixtures/zones/${entry.file}`, import.meta.url),
    join(dir, 'zones', `${entry.zone}.zone`),
  );
  await writeFile(join(dir, 'providers.yaml'), 'providers:\n  files: { type: zonefile, directory: zones }\n');
  return dir;
}

const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort(compareStrings);

/** The zone imported as a user would, and what the provider reads of it (the sets it manages and those it does not). */
async function imported(entry: CorpusZone) {
  const dir = await repository(entry);
  const out = join(dir, 'out');
  const run = await cli([
    'import',
    '--providers',
    join(dir, 'providers.yaml'),
    '--provider',
    'files',
    '--out',
    out,
  ]);
  expect(run.stderr.split('\n').filter((line) => line.startsWith('error'))).toEqual([]);
  expect(run.code).toBe(0);
  expect(run.stdout).toContain('Round trip: planning the written files against live state shows no changes.');
  // Checked against the provider they came from, as import checks them (a one-label zone is held there).
  const loaded = await loadDesiredState([join(out, `${entry.zone}.yaml`)], {
    catalogue: PROVIDER_CATALOGUE,
    implicitProvider: { name: 'files', type: 'zonefile', options: { directory: 'zones' } },
  });
  if (!loaded.ok) throw new Error('the imported files do not load');
  const written = loaded.desired.zones.find((zone) => zone.zone === entry.zone)?.records ?? [];
  const location = locationOf('zones', '{zone}.zone', join(dir, 'providers.yaml'));
  const inventory = await createZonefileProvider({ name: 'files', location }).readInventory?.({
    zones: () => true,
    geoServices: () => true,
  });
  const read = inventory?.zones.find((zone) => zone.zone === entry.zone);
  return { dir, run, written, records: read?.records ?? [], unsupported: read?.unsupported ?? [] };
}

describe('the real-zones corpus, imported from zone files', () => {
  for (const entry of CORPUS) {
    const test = entry.pending === undefined ? it : it.fails;
    const title = `${entry.zone} (${entry.file}): ${entry.covers}`;
    test(entry.pending === undefined ? title : `${title} (pending: ${entry.pending})`, async () => {
      const { dir, run, written, records, unsupported } = await imported(entry);
      const leftAlone = entry.leftAlone ?? [];
      const bindNames = entry.bindNames ?? {};
      expect(sorted(written.map(recordSetKey)), 'every supported set is in the YAML').toEqual(
        sorted(records.map(recordSetKey)).filter((key) => !leftAlone.includes(key)),
      );
      for (const key of leftAlone)
        expect(run.stdout, 'a set validation refuses is named and left alone').toContain(`${key} `);
      if (entry.bindRefuses !== undefined || checkzoneMissing() !== null) return;
      const bind = await checkedRecords(entry.zone, join(dir, 'zones', `${entry.zone}.zone`));
      expect(
        sorted(bind.map(recordSetKey)),
        'every set BIND loads is written or kept as not managed',
      ).toEqual(
        sorted(
          [...written.map(recordSetKey), ...leftAlone, ...unsupported].map((key) => bindNames[key] ?? key),
        ),
      );
    });
  }

  for (const entry of CORPUS.filter((one) => one.pending === undefined)) {
    it(`${entry.zone} (${entry.file}): import names every set it does not manage`, async () => {
      const { run, unsupported } = await imported(entry);
      const named = unsupported.filter((key) => run.stdout.includes(key));
      expect(named).toEqual(unsupported);
    });
  }
});
