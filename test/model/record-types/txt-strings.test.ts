/**
 * TXT and SPF values written as lists of strings (RFC 1035 §3.3.14: one or more <character-string>s; RFC 6763 §6.3:
 * for DNS-SD each string is one key=value pair) keep every string through every provider's mapping: the DNS wire
 * (RFC 2136 writes, transfers and `verify`'s answers), Dyn's `txtdata`, PowerDNS's `content`; the zone-file provider
 * is covered by its own round-trip property (test/providers/zonefile/round-trip.property.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from '../../../src/dns-wire/message.js';
import { asLiveHolds } from '../../../src/model/record-types/met-by-live.js';
import type { RecordType } from '../../../src/model/record-types/record-type.js';
import { recordType, sortValues } from '../../../src/model/record-types/registry.js';
import { isTextSplit, textOf } from '../../../src/model/record-types/txt.js';
import { requireDynRdata } from '../../../src/providers/dyn/wire/rdata.js';
import { pdnsContent } from '../../../src/providers/pdns/content.js';
import { textStrings } from './values.js';

const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 200) };

function typeOf(name: string): RecordType {
  const type = recordType(name);
  if (!type) throw new Error(`${name} is not registered`);
  return type;
}

function canonical(type: RecordType, input: unknown): string {
  const result = type.parse(input, 'example.com');
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.value;
}

/** A record in a DNS message, encoded and decoded again. */
function overTheWire(type: string, value: string): string | undefined {
  const message = encodeMessage({
    ...{ id: 1, response: true, opcode: 0, authoritative: true, truncated: false, recursionDesired: false },
    ...{
      rcode: 0,
      answers: [{ name: 'x.example.com', type, ttl: 300, value }],
      authorities: [],
      additionals: [],
    },
  });
  return decodeMessage(message).answers[0]?.value;
}

describe.each(['TXT', 'SPF'])('%s strings', (name) => {
  const type = typeOf(name);

  it('any list of strings is kept, string by string, by YAML, presentation and fields', () => {
    fc.assert(
      fc.property(textStrings, (strings) => {
        const value = canonical(type, strings);
        const written = type.toYaml(value, 'example.com');
        expect(written).toEqual(isTextSplit(value) ? strings.join('') : strings);
        expect(canonical(type, written)).toBe(value);
        expect(type.parsePresentation(value)).toEqual({ ok: true, value });
        expect(type.fromFields(type.fields(value))).toEqual({ ok: true, value });
      }),
      RUNS,
    );
  });

  it('any list of strings is kept by the DNS wire, Dyn and PowerDNS', () => {
    fc.assert(
      fc.property(textStrings, (strings) => {
        const value = canonical(type, strings);
        expect(overTheWire(name, value)).toBe(value);
        const dyn = requireDynRdata(name);
        expect(dyn.fromRdata(JSON.parse(JSON.stringify(dyn.toRdata(value))))).toEqual({ ok: true, value });
        expect(type.parsePresentation(pdnsContent(name, value))).toEqual({ ok: true, value });
      }),
      RUNS,
    );
  });

  it('a list is met only by its own strings; text written as one string by any split of it', () => {
    const pairs = canonical(type, ['txtvers=1', 'rp=printers/lobby']);
    const joined = canonical(type, 'txtvers=1rp=printers/lobby');
    expect(pairs).toBe('"txtvers=1" "rp=printers/lobby"');
    expect(textOf(pairs)).toBe(textOf(joined));
    // The text is met by the pairs (its reader joins them); the pairs are not met by the joined text.
    expect(type.metBy?.(joined, pairs)).toBe(true);
    expect(type.metBy?.(pairs, joined)).toBe(false);
    expect(type.metBy?.(pairs, canonical(type, ['txtvers=1r', 'p=printers/lobby']))).toBe(false);
    expect(type.metBy?.(joined, canonical(type, 'txtvers=1'))).toBe(false);
  });

  it('a long text is met by another split of it, a list of 255-octet strings is that text', () => {
    const long = 'v=DKIM1; k=rsa; p='.padEnd(400, 'A');
    const text = canonical(type, long);
    const split = canonical(type, [long.slice(0, 200), long.slice(200)]);
    expect(split).not.toBe(text);
    expect(type.metBy?.(text, split)).toBe(true);
    expect(canonical(type, [long.slice(0, 255), long.slice(255)])).toBe(text);
    expect(type.toYaml(text, 'example.com')).toBe(long);
    expect(type.toYaml(split, 'example.com')).toEqual([long.slice(0, 200), long.slice(200)]);
  });

  it('a list string over 255 octets is refused at its index, saying to write the text as one string', () => {
    expect(type.parse(['ok', 'x'.repeat(256)], 'example.com')).toEqual({
      ok: false,
      problems: [
        {
          path: [1],
          message:
            'the string has 256 octets (at most 255); write longer text as one string, which is split at 255 octets',
        },
      ],
    });
  });

  it('the desired set takes the live split of each text it writes as one string, and only that', () => {
    const long = 'x'.repeat(300);
    const desired = [canonical(type, long), canonical(type, ['a', 'b'])];
    const live = [canonical(type, [long.slice(0, 100), long.slice(100)]), canonical(type, 'ab')];
    expect(asLiveHolds(name, desired, live)).toEqual(
      sortValues(name, [canonical(type, ['a', 'b']), live[0] ?? '']),
    );
  });
});
