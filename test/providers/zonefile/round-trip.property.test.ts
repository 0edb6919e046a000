/**
 * Property: a zone the provider writes reads back as the same zone, for generated values of every type the
 * provider manages (the generators users' YAML is tested with), at names of every shape, with kept records beside.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareRecordSets } from '../../../src/model/record-set.js';
import { recordType, sortValues } from '../../../src/model/record-types/index.js';
import { ZONEFILE_CAPABILITIES } from '../../../src/providers/zonefile/capabilities.js';
import { zoneFileText } from '../../../src/providers/zonefile/write-text.js';
import { readZoneContent, type ZoneContent } from '../../../src/providers/zonefile/zone-content.js';
import { YAML_VALUES } from '../../model/record-types/values.js';

const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 100) };
const ZONE = 'example.com';
const SUPPORTED: ReadonlySet<string> = new Set(ZONEFILE_CAPABILITIES.recordTypes);
const NAMES = fc.constantFrom(
  'example.com',
  'www.example.com',
  '*.example.com',
  '_sip._tcp.example.com',
  'a-b.c.example.com',
);

function content(sets: ZoneContent['sets']): ZoneContent {
  return {
    zone: ZONE,
    soa: {
      ttl: 300,
      mname: 'ns1.example.net.',
      rname: 'h.example.com.',
      serial: 7,
      refresh: 1,
      retry: 2,
      expire: 3,
      minimum: 4,
    },
    sets,
    kept: [
      {
        line: 0,
        owner: 'example.com.',
        ttl: 300,
        type: 'NS',
        rdata: ['ns1.example.net.'],
        origin: 'example.com.',
      },
      {
        line: 0,
        owner: 'x.example.com.',
        ttl: 60,
        type: 'TYPE65534',
        rdata: ['\\#', '2', 'abcd'],
        origin: 'example.com.',
      },
    ],
    unsupported: ['x.example.com TYPE65534'],
    notes: [],
  };
}

describe.each(ZONEFILE_CAPABILITIES.recordTypes.map((type) => [type]))('%s sets', (name) => {
  const type = recordType(name);
  const yaml = type && YAML_VALUES.get(type.key);
  it('write → read gives the same sets', () => {
    if (!type || !yaml) return expect.fail(`no value generator for ${name}`);
    // The SOA is the zone's own record (`content.soa`), never one of its sets: soa-zonefile.test.ts writes it.
    if (name === 'SOA') return;
    const values = fc
      .tuple(yaml)
      .map(([input]) => type.parse(input, ZONE))
      .filter((r) => r.ok)
      .map((r) => (r.ok ? r.value : ''));
    fc.assert(
      fc.property(
        NAMES,
        fc.uniqueArray(values, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2_147_483_647 }),
        (fqdn, picked, ttl) => {
          if (name === 'NS' && fqdn === ZONE) return; // the apex NS set is the zone's own
          const records = sortValues(name, picked).map((value) => ({ value, ttl }));
          const sets = [{ fqdn, type: name, records }].sort(compareRecordSets);
          const written = content(sets);
          const read = readZoneContent(zoneFileText(written), ZONE, SUPPORTED);
          if (!read.ok) throw new Error(JSON.stringify(read.problems));
          expect(read.content.sets).toEqual(sets);
          expect(read.content.soa).toEqual(written.soa);
          expect(read.content.unsupported).toEqual(written.unsupported);
          expect(read.content.notes).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});
