/**
 * Property: every zone file the writer writes anew (write-text.ts) loads in BIND's `named-checkzone` as exactly the
 * zone written, whatever the values hold. Values of the text-carrying types (TXT, SPF, CAA, NAPTR, HINFO, URI) are
 * generated with quotes, backslashes, semicolons, parentheses, controls, `$` and `@` (a directive or the origin
 * at the start of a word), any Unicode, and strings of exactly 255 octets, the most one <character-string> holds
 * (RFC 1035 §3.3); owners with labels of up to 63 octets and names of up to 255 (RFC 1035 §2.3.4), wildcards among
 * them. BIND reads each record back; its value, read by the type's own parser, must be the value written, at the
 * name, type and TTL written, and nothing else may load. `EDGEPLAN_PROPERTY_RUNS` raises the runs (50 by default:
 * each runs named-checkzone once). Needs `named-checkzone` (bind9-utils); in CI it never skips.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareStrings } from '../../../src/model/compare.js';
import { requireRecordType } from '../../../src/model/record-types/registry.js';
import { zoneFileText } from '../../../src/providers/zonefile/write-text.js';
import type { ZoneContent } from '../../../src/providers/zonefile/zone-content.js';
import { YAML_VALUES } from '../../model/record-types/values.js';
import { checkedRecords, checkzoneMissing } from './checkzone.js';

// Budget: a property run calling named-checkzone once per run, about ten times its quiet time (docs/testing.md).
vi.setConfig({ testTimeout: 120_000 });

const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 50) };
const ZONE = 'example.com';
const TYPES = ['TXT', 'SPF', 'CAA', 'NAPTR', 'HINFO', 'URI'] as const;

/** Text a master file reads otherwise: quotes, escapes, comments, parentheses, directives, the origin, controls. */
const hostile = fc
  .array(
    fc.constantFrom(
      ...['"', '\\', ';', '(', ')', '$', '$TTL 1', '$ORIGIN evil.', '$INCLUDE /etc/passwd', '@', ' ', '\t'],
      ...['\n', '\r', '\u0000', '\u007f', 'é', '😀', 'a', '\\065', '\\"', ' ; x'],
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

/** A <character-string> of exactly 255 octets: ASCII, two-octet characters, or ending in a quote or backslash. */
const full = fc.constantFrom(
  'x'.repeat(255),
  `${'é'.repeat(127)}x`,
  `${'a'.repeat(254)}"`,
  `${'b'.repeat(254)}\\`,
);

const texts = fc.oneof(hostile, full, fc.array(fc.oneof(hostile, full), { minLength: 1, maxLength: 3 }));

/** An input of `type` as YAML gives it, hostile where the type carries text. */
function inputOf(type: (typeof TYPES)[number]): fc.Arbitrary<unknown> {
  const usual = YAML_VALUES.get(type.toLowerCase()) ?? fc.constant(null);
  if (type === 'TXT' || type === 'SPF') return fc.oneof(texts, usual);
  if (type === 'CAA')
    return fc.oneof(usual, fc.record({ flags: fc.constant(0), tag: fc.constant('issue'), value: hostile }));
  if (type === 'HINFO') return fc.oneof(usual, fc.record({ cpu: hostile, os: hostile }));
  return usual;
}

/** A value of one text-carrying type as validation accepts it, canonical; null when it refuses the input. */
const value = fc.constantFrom(...TYPES).chain((type) =>
  inputOf(type).map((input) => {
    const parsed = requireRecordType(type).parse(input, ZONE);
    return parsed.ok ? { type: type as string, value: parsed.value } : null;
  }),
);

/** A label as record names have them (RFC 952 letters, digits, hyphens, and `_`), up to 63 octets. */
const label = fc.oneof(
  fc.stringMatching(/^[a-z0-9_](?:[a-z0-9_-]{0,8}[a-z0-9_])?$/),
  fc.constantFrom('a'.repeat(63), `_${'b'.repeat(62)}`, 'x-y', '0'),
);

/** An owner in the zone: the apex, names below it, wildcards, and long ones up to 255 octets on the wire. */
const owner = fc
  .tuple(fc.boolean(), fc.array(label, { maxLength: 4 }))
  .map(([wildcard, labels]) => [...(wildcard ? ['*'] : []), ...labels, ZONE].join('.'))
  // The wire form: a length octet per label and the root's: at most 255 (RFC 1035 §2.3.4).
  .filter((name) => name.length + 2 <= 255);

function content(sets: ZoneContent['sets']): ZoneContent {
  return {
    zone: ZONE,
    soa: {
      ...{ ttl: 300, mname: 'ns1.example.net.', rname: 'hostmaster.example.com.', serial: 7 },
      ...{ refresh: 3600, retry: 600, expire: 1_209_600, minimum: 300 },
    },
    sets,
    kept: [
      { line: 0, owner: `${ZONE}.`, ttl: 300, type: 'NS', rdata: ['ns1.example.net.'], origin: `${ZONE}.` },
    ],
    unsupported: [],
    notes: [],
  };
}

const missing = checkzoneMissing();
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-write-checkzone-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.skipIf(missing !== null)(
  `zone files written from hostile values, read by BIND${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    it('load as exactly the records written: names, types, TTLs and values', async () => {
      const entry = fc.record({
        fqdn: owner,
        ttl: fc.integer({ min: 0, max: 2_147_483_647 }),
        picked: value,
      });
      const sets = fc
        .uniqueArray(entry, {
          minLength: 1,
          maxLength: 6,
          selector: (e) => `${e.fqdn} ${e.picked?.type ?? ''}`,
        })
        .map((entries) =>
          entries.flatMap(({ fqdn, ttl, picked }) =>
            picked ? [{ fqdn, type: picked.type, records: [{ value: picked.value, ttl }] }] : [],
          ),
        );
      let file = 0;
      await fc.assert(
        fc.asyncProperty(sets, async (written) => {
          const path = join(dir, `zone-${file++}.db`);
          await writeFile(path, zoneFileText(content(written)));
          const key = (r: { fqdn: string; type: string; ttl: number; value: string }) =>
            `${r.fqdn} ${r.type} ${r.ttl} ${r.value}`;
          const loaded = (await checkedRecords(ZONE, path)).map(key).sort(compareStrings);
          const expected = written
            .flatMap((set) => set.records.map((r) => key({ fqdn: set.fqdn, type: set.type, ...r })))
            .sort(compareStrings);
          expect(loaded).toEqual(expected);
          await rm(path);
        }),
        RUNS,
      );
    });
  },
);
