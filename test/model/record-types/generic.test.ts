import { describe, expect, it } from 'vitest';
import { isGenericType, parseGeneric, withGenericTypes } from '../../../src/model/record-types/generic.js';
import { recordType, recordTypeOfKey, requireRecordType } from '../../../src/model/record-types/registry.js';

// RFC 3597 §5: `\# <length> <hex>`, the length counting the RDATA's octets, the hex split by whitespace at will.
describe('a DNS type by its number (RFC 3597)', () => {
  it('is a type of its own for a number edgeplan knows no name of, by key and by name', () => {
    const type = recordTypeOfKey('type65280');
    expect(type?.type).toBe('TYPE65280');
    expect(type?.key).toBe('type65280');
    expect(recordType('TYPE65280')).toBe(type);
    expect(requireRecordType('TYPE1234')).toBe(recordTypeOfKey('type1234'));
    expect(recordType('TYPE65535')?.key).toBe('type65535');
    expect(recordType('TYPE1')).toBeUndefined();
  });

  it('is no type for a number with a name, out of range, a meta type, or written otherwise', () => {
    for (const key of [
      'type1',
      'type47',
      // OPT is a pseudo-record of a message, never data in a zone (RFC 6891 §6.1.1).
      'type41',
      'type0',
      'type65536',
      'type128',
      'type200',
      'type255',
      'type065280',
    ])
      expect(recordTypeOfKey(key), key).toBeUndefined();
    for (const name of ['TYPE47', 'TYPE41', 'TYPE0', 'TYPE65536', 'TYPE255', 'type65280', 'TYPE065280'])
      expect(recordType(name), name).toBeUndefined();
    expect(recordTypeOfKey('TYPE65280')).toBeUndefined();
    expect(recordTypeOfKey('type256')).toBeUndefined();
    expect(recordTypeOfKey('type1000')?.type).toBe('TYPE1000');
    expect(recordTypeOfKey('type127')?.type).toBe('TYPE127');
  });

  it('writes values canonically: lower-case hex, no spaces inside, \\# 0 for empty RDATA', () => {
    expect(parseGeneric('\\# 3 010203')).toEqual({ ok: true, value: '\\# 3 010203' });
    expect(parseGeneric('  \\#   4  C0 00\t02 01 ')).toEqual({ ok: true, value: '\\# 4 c0000201' });
    expect(parseGeneric('\\# 0')).toEqual({ ok: true, value: '\\# 0' });
    expect(parseGeneric('\\# 0 ')).toEqual({ ok: true, value: '\\# 0' });
    const type = requireRecordType('TYPE65280');
    expect(type.parse('\\# 2 ABcd', 'example.com.')).toEqual({ ok: true, value: '\\# 2 abcd' });
    expect(type.parsePresentation('\\# 1 ff')).toEqual({ ok: true, value: '\\# 1 ff' });
    expect(type.toYaml('\\# 1 ff', 'example.com.')).toBe('\\# 1 ff');
    expect(type.fromFields(type.fields('\\# 1 ff'))).toEqual({ ok: true, value: '\\# 1 ff' });
  });

  it('refuses a length that is not the octets, odd or non-hex digits, and anything not in the generic form', () => {
    const problem = (text: string) => {
      const result = parseGeneric(text);
      return result.ok ? result.value : result.problems.map((one) => one.message).join('; ');
    };
    expect(problem('\\# 3 0102')).toBe('\\# 3 says 3 octets, but 2 follow (RFC 3597 §5)');
    expect(problem('\\# 1 010203')).toBe('\\# 1 says 1 octets, but 3 follow (RFC 3597 §5)');
    expect(problem('\\# 0 00')).toBe('\\# 0 says 0 octets, but 1 follow (RFC 3597 §5)');
    expect(problem('\\# 2 0102 3')).toBe(
      'the RDATA has 5 hex digits, an odd number: write whole octets, two digits each',
    );
    expect(problem('\\# 2 01zz')).toBe('the RDATA after \\# 2 must be hexadecimal digits');
    expect(problem('\\# 65536 00')).toBe('\\# 65536 is longer than RDATA can be (65535 octets)');
    for (const text of ['010203', '\\#3 010203', '\\# x 01', '# 1 01', '\\# -1 01', '\\# 123456 00', ''])
      expect(problem(text), text).toMatch(/^must be RFC 3597 generic RDATA/);
    expect(requireRecordType('TYPE65280').fromFields({})).toEqual({
      ok: false,
      problems: [{ path: [], message: 'rdata is missing' }],
    });
  });
});

describe('the edges of a type by number', () => {
  it('takes only the whole name or key, and says which types are generic', () => {
    for (const name of ['XTYPE65280', 'TYPE65280X', ' TYPE65280'])
      expect(recordType(name), name).toBeUndefined();
    for (const key of ['xtype65280', 'type65280x', 'type65280 '])
      expect(recordTypeOfKey(key), key).toBeUndefined();
    expect(isGenericType('TYPE65280')).toBe(true);
    expect(isGenericType('TYPE1')).toBe(false);
    expect(isGenericType('A')).toBe(false);
  });

  it('takes RDATA of 65535 octets, the most RDLENGTH holds (RFC 1035 §3.2.1), and nothing before the \\#', () => {
    const longest = `\\# 65535 ${'ab'.repeat(65535)}`;
    expect(parseGeneric(longest)).toEqual({ ok: true, value: longest });
    expect(parseGeneric('x\\# 1 ff').ok).toBe(false);
  });

  it('takes a non-empty string in YAML', () => {
    const yaml = requireRecordType('TYPE65280').yaml;
    expect(yaml.safeParse('\\# 0').success).toBe(true);
    expect(yaml.safeParse('').success).toBe(false);
    expect(yaml.safeParse(3).error?.issues[0]?.message).toBe(
      'must be a string: \\# <length> <hex> (RFC 3597 §5)',
    );
  });

  it('adds every type by number to a provider’s types, but those it keeps out', () => {
    const types = withGenericTypes(['A', 'MX'], ['TYPE65534']);
    expect(['A', 'MX', 'TYPE65280', 'TYPE1'].map((type) => types.has(type))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(types.has('TYPE65534')).toBe(false);
    expect(withGenericTypes(['A']).has('TYPE65534')).toBe(true);
    expect(withGenericTypes(['A']).has('NS')).toBe(false);
    expect([...types]).toEqual(['A', 'MX']);
  });
});
