import { describe, expect, it } from 'vitest';
import { decodeOctets, encodeOctets, hasOctetCodec } from '../../src/dns-wire/rdata-octets.js';

/**
 * RDATA octets as another implementation writes them: each value was sent by UPDATE to Knot DNS and read back with
 * `kdig +generic` (RFC 3597 §5), so these vectors are Knot's encoding, not ours. Names are uncompressed (RFC 3597
 * §4); LOC is RFC 1876 §2 (sizes as mantissa and power of ten, angles from 2^31, altitude from -100000 m).
 */
const VECTORS: [type: string, value: string, hex: string][] = [
  ['LOC', '52 22 23.000 N 4 53 32.000 E -2.00m 1m 10000m 10m', '001216138b3cf018810cbce0009895b8'],
  ['LOC', '42 21 43.952 N 71 5 6.344 W -24.00m 1m 200m 10m', '001224138917069070bf2dd800988d20'],
  [
    'LOC',
    '90 0 0.000 S 180 0 0.000 W 42849672.95m 90000000m 0.05m 0.00m',
    '009950006cb0270059604e00ffffffff',
  ],
  [
    'RP',
    'admin.example.com. info.example.com.',
    '0561646d696e076578616d706c6503636f6d0004696e666f076578616d706c6503636f6d00',
  ],
  ['HINFO', '"INTEL-386" "Linux"', '09494e54454c2d333836054c696e7578'],
  [
    'URI',
    '10 1 "ftp://ftp1.example.com/public"',
    '000a00016674703a2f2f667470312e6578616d706c652e636f6d2f7075626c6963',
  ],
  [
    'DHCID',
    'AAIBY2/AuCccgoJbsaxcQc9TUapptP69lOjxfNuVAA2kjEA=',
    '000201636fc0b8271c82825bb1ac5c41cf5351aa69b4febd94e8f17cdb95000da48c40',
  ],
  ['DNAME', 'example.net.', '076578616d706c65036e657400'],
  [
    'DNSKEY',
    '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
    '0101030d99db2cc14cabdc33d6d77da63a2f15f71112584f234e8d1dc428e39e8a4a97e1aa271a555dc90701e17e2a4c4b6f120b7c32d44f4ac02bd894cf2d4be7778a19',
  ],
  [
    'OPENPGPKEY',
    'mQINBFit2jsBEADrbl5vjVxYeAE0g0IDYCBpHirv1Sjlqxx5gjtPhb2YhvyDMXjq',
    '99020d0458adda3b011000eb6e5e6f8d5c587801348342036020691e2aefd528e5ab1c79823b4f85bd9886fc833178ea',
  ],
  [
    'SMIMEA',
    '3 1 1 d2abde240d7cd3ee6b4b28c54df034b97983a1d16e8a410e4561cb106618e971',
    '030101d2abde240d7cd3ee6b4b28c54df034b97983a1d16e8a410e4561cb106618e971',
  ],
];

describe('RDATA octets of the types edgeplan encodes itself', () => {
  it.each(VECTORS)('%s %s', (type, value, hex) => {
    expect(encodeOctets(type, value)?.toString('hex')).toBe(hex);
    expect(decodeOctets(type, Buffer.from(hex, 'hex'))).toBe(value);
  });
});

describe('LOC octets RFC 1876 does not allow', () => {
  const good = '001216138b3cf018810cbce0009895b8';
  /** The good vector with the octet at `at` (0-based) replaced. */
  const withOctet = (at: number, octet: string) =>
    `${good.slice(0, at * 2)}${octet}${good.slice(at * 2 + 2)}`;
  const generic = (hex: string) => `\\# ${hex.length / 2} ${hex}`;

  // RFC 1876 §2: VERSION must be 0; SIZE, HORIZ PRE and VERT PRE hold a digit and a power of ten, each 0–9; a
  // latitude beyond 90 degrees or a longitude beyond 180 is no place. A transfer shows such a record generically
  // (RFC 3597 §5) rather than dropping it or reading it as another place.
  it.each([
    ['version 1', withOctet(0, '01')],
    ['a size mantissa of 10', withOctet(1, 'a2')],
    ['a size exponent of 10', withOctet(1, '1a')],
    ['a horizontal precision mantissa of 10', withOctet(2, 'a6')],
    ['a horizontal precision exponent of 10', withOctet(2, '1a')],
    ['a vertical precision mantissa of 10', withOctet(3, 'a3')],
    ['a vertical precision exponent of 10', withOctet(3, '1a')],
    [
      'a latitude past the north pole',
      `${good.slice(0, 8)}${(2 ** 31 + 90 * 3_600_000 + 1).toString(16)}${good.slice(16)}`,
    ],
    [
      'a latitude past the south pole',
      `${good.slice(0, 8)}${(2 ** 31 - 90 * 3_600_000 - 1).toString(16)}${good.slice(16)}`,
    ],
    [
      'a longitude past 180 E',
      `${good.slice(0, 16)}${(2 ** 31 + 180 * 3_600_000 + 1).toString(16)}${good.slice(24)}`,
    ],
  ])('%s is shown generically', (_what, hex) => {
    expect(decodeOctets('LOC', Buffer.from(hex, 'hex'))).toBe(generic(hex));
  });

  it('reads the poles and 180 degrees themselves', () => {
    const at = (latitude: number, longitude: number) =>
      `${good.slice(0, 8)}${latitude.toString(16)}${longitude.toString(16)}${good.slice(24)}`;
    expect(
      decodeOctets('LOC', Buffer.from(at(2 ** 31 + 90 * 3_600_000, 2 ** 31 - 180 * 3_600_000), 'hex')),
    ).toBe('90 0 0.000 N 180 0 0.000 W -2.00m 1m 10000m 10m');
  });

  it('shows 15 or 17 octets generically', () => {
    for (const hex of [good.slice(0, 30), `${good}00`])
      expect(decodeOctets('LOC', Buffer.from(hex, 'hex'))).toBe(generic(hex));
  });

  it('refuses to write text that is not a LOC value, saying so', () => {
    expect(() => encodeOctets('LOC', '52 N 4 E')).toThrow(
      '"52 N 4 E" is not a LOC value: after the longitude come the altitude, then at most size and precisions',
    );
  });
});

describe('RDATA octets that are not a value of their type', () => {
  const generic = (hex: string) => `\\# ${hex.length / 2}${hex ? ` ${hex}` : ''}`;
  const shown = (type: string, hex: string) => decodeOctets(type, Buffer.from(hex, 'hex'));

  // Each is shown generically (RFC 3597 §5), which the type's own parser refuses: the record is left alone.
  it.each([
    ['DNAME', 'a name with octets after it', '01610000'],
    ['DNAME', 'a name cut inside a label', '0361'],
    ['DNAME', 'a name without its root', '0161'],
    ['DNAME', 'a label of 64 octets', `40${'61'.repeat(64)}00`],
    ['RP', 'one name of two', '016100'],
    ['CDS', 'a key tag, algorithm and digest type without a digest', '00010d02'],
    ['SMIMEA', 'three fields without data', '030101'],
    ['DHCID', 'no octets', ''],
    ['HINFO', 'one string', '0161'],
    ['HINFO', 'three strings', '016101620163'],
    ['HINFO', 'a string running past the end', '0161056c'],
    ['HINFO', 'a string one octet past the end', '01610262'],
    ['URI', 'a priority and weight without a target', '000a0001'],
  ])('%s: %s', (type, _what, hex) => {
    expect(shown(type, hex)).toBe(generic(hex));
  });

  it('reads names at the root and in any case as lower case, and a URI of a one-octet target', () => {
    expect(shown('DNAME', '00')).toBe('.');
    expect(shown('DNAME', '0141014200')).toBe('a.b.');
    expect(shown('RP', '0000')).toBe('. .');
    expect(shown('DNAME', `3f${'61'.repeat(63)}00`)).toBe(`${'a'.repeat(63)}.`);
    expect(shown('URI', '000a000161')).toBe('10 1 "a"');
    expect(encodeOctets('DNAME', '.')?.toString('hex')).toBe('00');
  });

  it('writes a digest given in pieces whole, and refuses text that is not presentation text', () => {
    expect(encodeOctets('CDS', '1 13 2 ab cd')?.toString('hex')).toBe('00010d02abcd');
    expect(() => encodeOctets('HINFO', '"a')).toThrow('""a" is not presentation text: ');
  });
});

describe('RFC 3597 generic RDATA of a type by number', () => {
  it('writes the octets its length counts, and refuses a length that does not count them', () => {
    expect(encodeOctets('TYPE65534', ' \\#  3 01  0203 ')?.toString('hex')).toBe('010203');
    expect(() => encodeOctets('TYPE65534', '\\# 2 010203')).toThrow(
      '"\\# 2 010203" is not RFC 3597 generic RDATA',
    );
    expect(() => encodeOctets('TYPE65534', '# 3 010203')).toThrow('is not RFC 3597 generic RDATA');
  });

  it('is used only for a type named by its number alone', () => {
    expect(hasOctetCodec('TYPE65534')).toBe(true);
    expect(hasOctetCodec('LOC')).toBe(true);
    for (const type of ['XTYPE1', 'TYPE1X', 'TYPE', 'A']) {
      expect(hasOctetCodec(type), type).toBe(false);
      expect(encodeOctets(type, '\\# 1 01'), type).toBeUndefined();
    }
    expect(decodeOctets('A', Buffer.from([192, 0, 2, 1]))).toBe('\\# 4 c0000201');
  });
});
