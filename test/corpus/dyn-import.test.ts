/**
 * The real-zones corpus (corpus.ts) on the Dyn service, as the emulator serves it: each zone's record sets of the
 * types the service holds, read from the zone file by the zonefile provider, are the emulator's zone (through the
 * service's own rdata objects, src/providers/dyn/wire/rdata.ts), and `edgeplan import` from it must round-trip and
 * write exactly those sets. The sets the service cannot hold are left out here, as its capabilities refuse them at
 * validation: another type (HTTPS, SVCB, URI, …, what `typeAdvice` names), a value `valueProblem` refuses (an RP
 * naming the root, a CAA tag other than issue, issuewild, iodef), and the apex NS set, which is the service's own.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { type LiveRecordSet, type RecordSet, recordSetKey } from '../../src/model/record-set.js';
import { DYN_CAPABILITIES } from '../../src/providers/dyn/index.js';
import { requireDynRdata } from '../../src/providers/dyn/wire/rdata.js';
import { PROVIDER_CATALOGUE } from '../../src/providers/registry.js';
import { createZonefileProvider, locationOf } from '../../src/providers/zonefile/index.js';
import { cli } from '../support/cli.js';
import { startSandbox } from '../support/sandbox.js';
import { CORPUS, type CorpusZone, corpusText } from './corpus.js';

// Time budget: an emulator, an import and its round-trip plan per zone (about 1 s on 2 cores); ten times that.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'edgeplan-corpus-dyn-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The zone's record sets as the zonefile provider reads its file. */
async function fileSets(entry: CorpusZone, dir: string): Promise<readonly LiveRecordSet[]> {
  await mkdir(join(dir, 'zones'));
  await writeFile(join(dir, 'zones', `${entry.zone}.zone`), await corpusText(entry.file));
  const location = locationOf('zones', '{zone}.zone', join(dir, 'providers.yaml'));
  const inventory = await createZonefileProvider({ name: 'files', location }).readInventory?.({
    zones: () => true,
    geoServices: () => true,
  });
  return inventory?.zones.find((zone) => zone.zone === entry.zone)?.records ?? [];
}

/**
 * What the service holds of a set, and import manages: its type, every value, not the apex NS set, and not a set
 * validation refuses where it is (the entry's `leftAlone`: import writes it under `unmanaged`).
 */
function serviceHolds(set: LiveRecordSet, entry: CorpusZone): boolean {
  if (!DYN_CAPABILITIES.recordTypes.includes(set.type)) return false;
  if (set.type === 'NS' && set.fqdn === entry.zone) return false;
  if (entry.leftAlone?.includes(recordSetKey(set))) return false;
  return set.records.every((record) => DYN_CAPABILITIES.valueProblem?.(set.type, record.value) == null);
}

/** One line per record: name, type, TTL and value. */
const lines = (sets: readonly (RecordSet | LiveRecordSet)[]) =>
  sets
    .flatMap((set) =>
      'records' in set
        ? set.records.map((record) => `${set.fqdn} ${set.type} ${record.ttl} ${record.value}`)
        : set.values.map((value) => `${set.fqdn} ${set.type} ${set.ttl} ${value}`),
    )
    .sort();

describe('the real-zones corpus, imported from the Dyn service (emulator)', () => {
  // The service holds no one-label zone (DYN_CAPABILITIES.oneLabelZones): `arpa` cannot be a Dyn zone.
  const held = CORPUS.filter((entry) => DYN_CAPABILITIES.oneLabelZones === true || entry.zone.includes('.'));
  it('leaves out only the one-label zone', () => {
    expect(CORPUS.filter((entry) => !held.includes(entry)).map((entry) => entry.zone)).toEqual(['arpa']);
  });

  for (const entry of held) {
    it(`${entry.zone} (${entry.file}): ${entry.covers}`, async () => {
      const dir = await mkdtemp(join(root, `${entry.zone}-`));
      const held = (await fileSets(entry, dir)).filter((set) => serviceHolds(set, entry));
      const records = held.flatMap((set) =>
        set.records.map((record) => ({
          fqdn: set.fqdn,
          type: set.type,
          ttl: record.ttl,
          rdata: requireDynRdata(set.type).toRdata(record.value),
        })),
      );
      const sandbox = await startSandbox({ dns: { zones: { [entry.zone]: { serial: 1, records } } } });
      try {
        const out = join(dir, 'out');
        const run = await cli(['import', '--zones', entry.zone, '--out', out], sandbox.env);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain(
          'Round trip: planning the written files against live state shows no changes.',
        );
        const loaded = await loadDesiredState([join(out, `${entry.zone}.yaml`)], {
          catalogue: PROVIDER_CATALOGUE,
        });
        if (!loaded.ok) throw new Error('the imported files do not load');
        const written = loaded.desired.zones.find((zone) => zone.zone === entry.zone)?.records ?? [];
        expect(lines(written)).toEqual(lines(held));
      } finally {
        await sandbox.close();
      }
    });
  }
});
