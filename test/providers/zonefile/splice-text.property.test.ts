/**
 * Property: any change made in place in a hand-kept zone file (sets deleted, replaced, added at names old and new)
 * reads back as exactly the changed zone without the fallback to a file written anew, and every line of a record
 * the change did not touch stays in the file byte for byte and in its order (a line that named no owner may get
 * its owner written before it: RFC 1035 §5.1).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordSetKey } from '../../../src/model/record-set.js';
import { sortValues } from '../../../src/model/record-types/index.js';
import { ZONEFILE_CAPABILITIES } from '../../../src/providers/zonefile/capabilities.js';
import {
  changedContent,
  nextVersion,
  readBackProblem,
} from '../../../src/providers/zonefile/change-content.js';
import { modelName } from '../../../src/providers/zonefile/names.js';
import type { ZonefileOp, ZonefileReplace } from '../../../src/providers/zonefile/ops.js';
import { readEntries } from '../../../src/providers/zonefile/read-entries.js';
import { splicedZoneText } from '../../../src/providers/zonefile/splice-text.js';
import { readZoneContent } from '../../../src/providers/zonefile/zone-content.js';

const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 100) };
const ZONE = 'example.org';
const SUPPORTED: ReadonlySet<string> = new Set(ZONEFILE_CAPABILITIES.recordTypes);
const NOW = Date.UTC(2026, 2, 4, 5, 6);
const TEXT = readFileSync(new URL('../../fixtures/zonefile/hand-kept.zone', import.meta.url), 'utf8');
const read = readZoneContent(TEXT, ZONE, SUPPORTED);
if (!read.ok) throw new Error('the hand-kept fixture does not read');
const BEFORE = read.content;
const RECORDS = readEntries(TEXT, `${ZONE}.`).records;

/** Every value of a type in the file: what a replaced set of that type may hold. */
const POOL = new Map<string, string[]>();
for (const set of BEFORE.sets)
  POOL.set(set.type, [...(POOL.get(set.type) ?? []), ...set.records.map((record) => record.value)]);
const ipv4 = fc.integer({ min: 1, max: 254 }).map((n) => `198.51.100.${n}`);
const ipv6 = fc.integer({ min: 1, max: 0xffff }).map((n) => `2001:db8:1::${n.toString(16)}`);

function values(type: string): fc.Arbitrary<string[]> {
  if (type === 'A') return fc.uniqueArray(ipv4, { minLength: 1, maxLength: 3 });
  if (type === 'AAAA') return fc.uniqueArray(ipv6, { minLength: 1, maxLength: 3 });
  const pool = [...new Set(POOL.get(type))];
  return fc.subarray(pool, { minLength: 1, maxLength: type === 'CNAME' ? 1 : pool.length });
}

function replaced(fqdn: string, type: string): fc.Arbitrary<ZonefileReplace> {
  return fc.record({
    fqdn: fc.constant(fqdn),
    type: fc.constant(type),
    ttl: fc.constantFrom(60, 300, 3600),
    // As a plan's op has them: in their type's order.
    values: values(type).map((list) => sortValues(type, list)),
  });
}

type Choice = { delete: { fqdn: string; type: string } } | { replace: ZonefileReplace } | null;

/** Each set of the file kept, deleted or replaced; new A and TXT sets at names that may take them. */
const OP: fc.Arbitrary<ZonefileOp> = fc
  .tuple(
    fc.tuple(
      ...BEFORE.sets.map((set) =>
        fc.oneof(
          fc.constant<Choice>(null),
          fc.constant<Choice>({ delete: { fqdn: set.fqdn, type: set.type } }),
          replaced(set.fqdn, set.type).map<Choice>((replace) => ({ replace })),
        ),
      ),
    ),
    fc.uniqueArray(
      fc
        .constantFrom('new', 'api', 'printer.office', 'shop', 'zz', 'sip1')
        .chain((name) => fc.constantFrom('A', 'TXT').chain((type) => replaced(`${name}.${ZONE}`, type))),
      { selector: recordSetKey },
    ),
  )
  .map(([choices, added]) => {
    const existing = new Set(BEFORE.sets.map(recordSetKey));
    return {
      kind: 'write-zone',
      zone: ZONE,
      file: 'x',
      digest: null,
      delete: choices.flatMap((choice) => (choice && 'delete' in choice ? [choice.delete] : [])),
      replace: [
        ...choices.flatMap((choice) => (choice && 'replace' in choice ? [choice.replace] : [])),
        ...added.filter((set) => !existing.has(recordSetKey(set))),
      ],
    };
  });

describe('a change made in place, for any change', () => {
  // About 20 ms a run: a generous timeout, so that a loaded machine does not fail it.
  it('reads back as the changed zone and keeps every untouched line as written, in order', {
    timeout: 120_000,
  }, () => {
    fc.assert(
      fc.property(OP, (op) => {
        const content = nextVersion(changedContent(BEFORE, op), NOW);
        const after = splicedZoneText(TEXT, RECORDS, op, content.soa);
        expect(readBackProblem(readZoneContent(after, content.zone, SUPPORTED), content)).toBeNull();

        const touched = new Set([...op.delete, ...op.replace].map(recordSetKey));
        const changing = new Set<number>();
        for (const record of RECORDS) {
          const key = recordSetKey({ fqdn: modelName(record.owner), type: record.type });
          if (touched.has(key) || record.type === 'SOA')
            for (let line = record.line; line <= record.lastLine; line++) changing.add(line);
        }
        const out = after.split('\n');
        let at = 0;
        TEXT.split('\n').forEach((line, index) => {
          if (changing.has(index + 1)) return;
          const kept = (written: string) => written === line || (/^\s/.test(line) && written.endsWith(line));
          while (at < out.length && !kept(out[at] ?? '')) at += 1;
          expect(at, `line ${index + 1} is kept: ${line}`).toBeLessThan(out.length);
          at += 1;
        });
      }),
      RUNS,
    );
  });
});
