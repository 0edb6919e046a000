import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ParseResult,
  RECORD_TYPES,
  requireRecordType,
} from '../../../../src/model/record-types/index.js';
import { DYN_RDATA_TYPES, dynRdata, requireDynRdata } from '../../../../src/providers/dyn/wire/rdata.js';
import { NOT_AT_DYN, requireDynFixture } from '../../../fixtures/record-types/fixtures.js';
import { asStrings, ORIGINS, splitText, text, YAML_VALUES } from '../../../model/record-types/values.js';

/** `EDGEPLAN_PROPERTY_RUNS` raises (or lowers) the run count of every property here. */
const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 100) };

function canonical(result: ParseResult): string {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.value;
}

describe('Dyn rdata of the record types', () => {
  // Dyn serves every type edgeplan manages but HTTPS and SVCB; a type it does not serve has no line in rdata.ts,
  // and so is left out of its capabilities (a validation error where a Dyn zone uses it).
  it('maps every registered type the service has, in the registry order, and nothing else', () => {
    const served = RECORD_TYPES.map((type) => type.type).filter((type) => !NOT_AT_DYN.has(type));
    expect(DYN_RDATA_TYPES).toEqual(served);
    expect(dynRdata('HTTPS')).toBeUndefined();
    expect(dynRdata('SVCB')).toBeUndefined();
    expect(dynRdata('HINFO')).toBeUndefined();
    expect(dynRdata('SOA')).toBeUndefined();
    expect(() => requireDynRdata('SOA')).toThrow('record type SOA has no Dyn rdata mapping');
  });

  describe.each(DYN_RDATA_TYPES)('%s', (name) => {
    const mapping = requireDynRdata(name);
    const type = requireRecordType(name);
    const fixture = { dyn: requireDynFixture(type) };

    it.each(fixture.dyn.both)('rdata of $value, both ways', ({ value, rdata }) => {
      // Same keys in the same order: the request bodies are byte for byte what they were.
      expect(Object.entries(mapping.toRdata(value))).toEqual(Object.entries(rdata));
      expect(mapping.fromRdata(rdata)).toEqual({ ok: true, value });
    });

    it.each(fixture.dyn.read)('rdata $rdata reads as $value', ({ rdata, value }) => {
      expect(mapping.fromRdata(rdata)).toEqual({ ok: true, value });
    });

    it.each(fixture.dyn.invalid)('rdata $rdata is refused', ({ rdata, problems }) => {
      expect(mapping.fromRdata(rdata)).toEqual({ ok: false, problems });
    });

    it('reads back every value it writes, also with its numbers sent as strings', () => {
      const yaml = YAML_VALUES.get(type.key);
      if (!yaml) throw new Error(`no ${type.key} values`);
      fc.assert(
        fc.property(yaml, fc.constantFrom(...ORIGINS), (input, zone) => {
          const value = canonical(type.parse(input, zone));
          expect(mapping.fromRdata(mapping.toRdata(value))).toEqual({ ok: true, value });
          expect(mapping.fromRdata(asStrings(mapping.toRdata(value)))).toEqual({ ok: true, value });
        }),
        RUNS,
      );
    });
  });

  describe.each(['TXT', 'SPF'])('%s txtdata', (name) => {
    const mapping = requireDynRdata(name);
    const type = requireRecordType(name);

    it('writes the canonical value, quoted and split in 255-octet strings', () => {
      fc.assert(
        fc.property(text, (input) => {
          const value = canonical(type.parse(input, 'example.com'));
          expect(mapping.toRdata(value)).toEqual({ txtdata: value });
        }),
        RUNS,
      );
    });

    it('reads quoted strings split at any boundary and escaped any way as those strings, meeting their text', () => {
      fc.assert(
        fc.property(splitText, ([input, presentation]) => {
          const value = canonical(type.parse(input, 'example.com'));
          const read = canonical(mapping.fromRdata({ txtdata: presentation }));
          expect(read).toBe(canonical(type.parsePresentation(presentation)));
          expect(read === value || type.metBy?.(value, read)).toBe(true);
        }),
        RUNS,
      );
    });

    it('reads bare text, entered elsewhere, as the text itself', () => {
      fc.assert(
        fc.property(
          text.filter((input) => !input.trimStart().startsWith('"')),
          (input) => {
            expect(mapping.fromRdata({ txtdata: input })).toEqual(type.parse(input, 'example.com'));
          },
        ),
        RUNS,
      );
    });
  });
});
