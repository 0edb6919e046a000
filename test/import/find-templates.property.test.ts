/**
 * The finder never changes meaning: whatever the imported zones, expanding its templates and mirrors
 * (expand-templates.ts) gives back exactly what each zone served, and the same input gives the same output.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { findTemplates, type ImportedZone } from '../../src/import/find-templates.js';
import type { NameDocument, ZoneDocument } from '../../src/import/zone-document.js';
import { expand, servedBy } from './expand-templates.js';

// Time budget: ten times its slowest test (300 runs: 1.0 s quiet, 1.3 s on 2 cores at load 17), rounded up.
vi.setConfig({ testTimeout: 15_000 });

const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 300) };

/** Zone names, some inside others (`b.a.example` ends in `a.example`, `ba.example` does not, `example` in all). */
const ZONES = ['a.example', 'b.a.example', 'ba.example', 'example', 'c.example', 'd.example', 'e.example'];

/** A set's value, `Z` standing for the zone's name where the value names it. */
const VALUES: Record<string, readonly unknown[]> = {
  a: [['192.0.2.1'], ['192.0.2.2', '192.0.2.3']],
  txt: [['v=spf1 include:_spf.google.com ~all'], ['rua=mailto:d@Z'], ['Zx'], ['{zone}'], ['host Z.']],
  mx: [
    [{ preference: 1, exchange: 'smtp.google.com.' }],
    [{ preference: 5, exchange: '@' }],
    [{ preference: 9, exchange: 'mx.Z.' }],
  ],
  caa: [[{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }]],
};

const spec = fc.record({
  name: fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom('@', 'www', '_dmarc') },
    fc.constantFrom('__proto__', 'Z.Z.'),
  ),
  key: fc.constantFrom(...Object.keys(VALUES)),
  value: fc.oneof({ weight: 4, arbitrary: fc.nat(2) }, fc.nat(4)),
  ttl: fc.constantFrom(3600, 3600, 3600, 300),
  lints: fc.constantFrom(false, false, false, false, false, false, false, true),
});
type Spec = typeof spec extends fc.Arbitrary<infer T> ? T : never;

/** A zone's document from its specs (the first spec of each name and type), as import would write it. */
function document(
  zone: string,
  specs: readonly Spec[],
  defaultTtl: number,
  unmanaged: boolean,
): ZoneDocument {
  const z = (text: string) => text.replaceAll('Z', zone);
  const names = new Map<string, Map<string, Spec>>();
  for (const s of specs) {
    const types = names.get(s.name) ?? new Map<string, Spec>();
    if (!types.has(s.key)) types.set(s.key, s);
    names.set(s.name, types);
  }
  const records: [string, NameDocument | NameDocument[]][] = [...names].map(([name, types]) => {
    const ttls = [...new Set([...types.values()].map((s) => s.ttl))].sort();
    const maps = ttls.map((ttl) => {
      const here = [...types.values()].filter((s) => s.ttl === ttl);
      const options = (key: string) => VALUES[key] ?? [];
      const entries = here.map((s) => {
        const pool = options(s.key);
        return [s.key, JSON.parse(z(JSON.stringify(pool[s.value % pool.length])))] as const;
      });
      return Object.fromEntries([
        ...entries,
        ...(ttl === defaultTtl ? [] : [['ttl', ttl]]),
        ...(here.some((s) => s.lints) ? [['allow_lints', ['cname-target']]] : []),
      ]) as NameDocument;
    });
    return [z(name), maps.length === 1 ? (maps[0] as NameDocument) : maps];
  });
  return {
    default_ttl: defaultTtl,
    records: Object.fromEntries(records),
    ...(unmanaged ? { unmanaged: ['legacy'] } : {}),
  };
}

/** Zones that each take one of a few profiles (so that sets and whole zones repeat), tweaked per zone. */
const zonesArb = fc
  .record({
    profiles: fc.array(fc.array(spec, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 2 }),
    zones: fc.uniqueArray(
      fc.record({
        zone: fc.constantFrom(...ZONES),
        profile: fc.nat(1),
        // Most zones take their profile as it is: whole zones repeat, and some become mirrors.
        extra: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, fc.array(spec, { maxLength: 2 })),
        // Most zones keep their profile's default TTL (3600); some differ, and some leave a name alone.
        defaultTtl: fc.constantFrom(3600, 3600, 3600, 300),
        unmanaged: fc.constantFrom(false, false, false, false, false, true),
      }),
      { selector: (z) => z.zone, minLength: 2, maxLength: ZONES.length },
    ),
    minZones: fc.integer({ min: 2, max: 4 }),
  })
  .map(({ profiles, zones, minZones }) => ({
    minZones,
    zones: zones.map(
      (z): ImportedZone => ({
        zone: z.zone,
        document: document(
          z.zone,
          [...(profiles[z.profile % profiles.length] ?? []), ...z.extra],
          z.defaultTtl,
          z.unmanaged,
        ),
      }),
    ),
  }));

describe('findTemplates: expanding its output gives back the imported zones', () => {
  it('serves every zone exactly as imported, with no set from two places and no mirror of a mirror', () => {
    const seen = { templates: 0, mirrors: 0 };
    fc.assert(
      fc.property(zonesArb, ({ zones, minZones }) => {
        const found = findTemplates(zones, minZones);
        expect(expand(found)).toEqual(servedBy(zones));
        if (Object.keys(found.templates).length > 0) seen.templates += 1;
        if (found.zones.some((z) => z.document.same_as !== undefined)) seen.mirrors += 1;
      }),
      RUNS,
    );
    // The inputs hold what the property is about: zones that share sets, and zones that mirror another.
    expect(seen.templates).toBeGreaterThan(RUNS.numRuns / 10);
    expect(seen.mirrors).toBeGreaterThan(0);
  });

  it('gives the same output for the same input', () => {
    fc.assert(
      fc.property(zonesArb, ({ zones, minZones }) => {
        const copy = JSON.parse(JSON.stringify(zones)) as ImportedZone[];
        expect(JSON.stringify(findTemplates(zones, minZones))).toBe(
          JSON.stringify(findTemplates(copy, minZones)),
        );
      }),
      RUNS,
    );
  });
});
