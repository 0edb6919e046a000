/**
 * Names that are members of every JavaScript object (`__proto__`, `constructor`, `toString`, …) through the whole
 * flow, against the emulator: record sets (of several types), geo services and webapps drawn from a pool of such
 * names and ordinary ones, live and desired. YAML → validate → plan → apply must leave the emulator's published
 * state equal to the desired state (nothing dropped on the way, nothing deleted that the YAML lists), and a new
 * plan must be empty.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadDesiredState } from '../../src/config/index.js';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { applyPlan, planLive, writersOf } from '../../src/engine/index.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import { requireRecordType } from '../../src/model/record-types/index.js';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';
import { DYN } from '../support/one-provider.js';
import { startSandbox } from '../support/sandbox.js';
import { PROPERTY_TIMEOUT, recordLines } from './helpers.js';
import { canonical, rdataOf } from './scenario.js';

const NAMES = [...PROTOTYPE_KEYS, 'www', 'shop'];
const ADDRESSES = ['192.0.2.1', '192.0.2.2', '198.51.100.7'];
/** One record per name, as YAML writes its value; a CNAME can stand at any of these names (none is the apex). */
const RECORDS = [
  { type: 'A', value: '192.0.2.1' },
  { type: 'A', value: '192.0.2.2' },
  { type: 'AAAA', value: '2001:db8::7' },
  { type: 'TXT', value: 'v=spf1 -all' },
  { type: 'MX', value: { preference: 10, exchange: 'mail.example.net.' } },
  { type: 'CNAME', value: 'web.example.net.' },
];
const TTL = 3600;
const BOTS = ['Googlebot', 'Bingbot', 'DuckDuckBot', 'Applebot'];

const named = <T>(value: fc.Arbitrary<T>) =>
  fc.uniqueArray(fc.record({ name: fc.constantFrom(...NAMES), value }), {
    selector: (e) => e.name,
    maxLength: 6,
  });
const address = fc.constantFrom(...ADDRESSES);
const record = fc.constantFrom(...RECORDS);

const scenario = fc.record({
  live: fc.record({ records: named(record), geo: named(address), bots: named(fc.subarray(BOTS)) }),
  desired: fc.record({ records: named(record), geo: named(address), bots: named(fc.subarray(BOTS)) }),
  /** A second desired zone whose name has such a label; the apply creates it. */
  newZone: fc.boolean(),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;
type Named<T> = { name: string; value: T }[];
type DrawnRecord = (typeof RECORDS)[number];

const geoService = (name: string, a: string) => ({ groups: [{ name, countries: ['@@'], a: [a] }] });
const entries = <T, U>(list: Named<T>, to: (e: { name: string; value: T }) => U) =>
  Object.fromEntries(list.map((e) => [e.name, to(e)]));

function recordYaml({ type, value }: DrawnRecord) {
  const { key, single } = requireRecordType(type);
  return { [key]: single ? value : [value] };
}

function yamlOf({ desired, newZone }: Scenario): string {
  const records = entries(desired.records, (e) => recordYaml(e.value));
  return stringify({
    zones: { 'a.test': { records }, ...(newZone ? { '__proto__.test': { records } } : {}) },
    geo_services: entries(desired.geo, (e) => geoService(e.name, e.value)),
    settings: { geo_services: { manage: 'all' } },
    waf: { webapps: entries(desired.bots, (e) => ({ good_bots: { mode: 'exact', allow: e.value } })) },
  });
}

function seedOf({ live }: Scenario) {
  const records = live.records.map(({ name, value: { type, value } }) => ({
    fqdn: `${name}.a.test`,
    type,
    ttl: TTL,
    rdata: rdataOf(type, value, 'a.test'),
  }));
  const webapps = NAMES.map((name) => ({
    name,
    enabled_bots: live.bots.find((e) => e.name === name)?.value ?? [],
  }));
  return {
    zones: { 'a.test': { serial: 1, records } },
    waf: { webapps },
    geo: entries(live.geo, (e) => geoService(e.name, e.value)),
  };
}

/** The emulator's published state in the terms of the desired state. */
function liveOf(snapshot: EmulatorSeed) {
  const zones = Object.entries(snapshot.dns?.zones ?? {}).map(([zone, z]) => [
    zone,
    recordLines(zone, z?.records ?? []),
  ]);
  const geo = Object.entries(snapshot.dns?.geo_services ?? {}).map(([name, g]) => [name, g.groups]);
  const webapps = (snapshot.waf?.webapps ?? []).map((w) => [w.name, [...(w.enabled_bots ?? [])].sort()]);
  return {
    zones: Object.fromEntries(zones),
    geo: Object.fromEntries(geo),
    webapps: Object.fromEntries(webapps),
  };
}

function expectedOf({ live, desired, newZone }: Scenario) {
  const records = (zone: string) =>
    desired.records
      .map(
        ({ name, value: { type, value } }) =>
          `${name.toLowerCase()}.${zone} ${TTL} ${type} ${canonical(type, value, zone)}`,
      )
      .sort();
  const kept = (name: string) =>
    desired.bots.find((e) => e.name === name)?.value ?? live.bots.find((e) => e.name === name)?.value ?? [];
  return {
    zones: {
      'a.test': records('a.test'),
      ...(newZone ? { '__proto__.test': records('__proto__.test') } : {}),
    },
    geo: entries(desired.geo, (e) => geoService(e.name, e.value).groups),
    webapps: Object.fromEntries(NAMES.map((name) => [name, [...kept(name)].sort()])),
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-proto-prop-'));
});
afterAll(() => rm(dir, { recursive: true }));

describe('prototype-member names through validate → plan → apply → plan', () => {
  it(
    'leave the live state equal to the desired state, and a new plan empty',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          const file = join(dir, `desired-${run++}.yaml`);
          await writeFile(file, yamlOf(s));
          const loaded = await loadDesiredState([file]);
          if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
          const seed = seedOf(s);
          const sandbox = await startSandbox({
            dns: { geo_services: seed.geo, zones: seed.zones },
            waf: seed.waf,
          });
          try {
            const providers = () => ({ dns: { [DYN]: sandbox.provider() }, waf: sandbox.wafProvider() });
            const plan = await planLive(loaded.desired, providers());
            const result = await applyPlan(plan, writersOf(providers()));
            expect(result.ok).toBe(true);
            expect(liveOf(sandbox.emulator.snapshot())).toEqual(expectedOf(s));
            expect((await planLive(loaded.desired, providers())).steps).toEqual([]);
          } finally {
            await sandbox.close();
          }
        }),
        { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 30) },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
