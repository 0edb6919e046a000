import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { compareStrings } from '../../../src/model/compare.js';
import { scanStrings } from '../../../src/model/record-types/character-strings.js';
import {
  type ParseResult,
  RECORD_TYPES,
  type RecordType,
  recordType,
  sortValues,
} from '../../../src/model/record-types/index.js';
import { asLiveHolds } from '../../../src/model/record-types/met-by-live.js';
import { textOf } from '../../../src/model/record-types/txt.js';
import { asStrings, ORIGINS, space, splitText, text, YAML_VALUES } from './values.js';

// Time budget: ten times its slowest test (3.9 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** `EDGEPLAN_PROPERTY_RUNS` raises (or lowers) the run count of every property here. */
const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 200) };

const origin = fc.constantFrom(...ORIGINS);

function canonical(result: ParseResult): string {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.value;
}

/** Canonical values of a type, from the YAML users write. */
function canonicalValues(type: RecordType, yaml: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.tuple(yaml, origin).map(([input, zone]) => canonical(type.parse(input, zone)));
}

describe.each(RECORD_TYPES.map((type) => [type.type, type] as const))('%s values', (_name, type) => {
  const yaml = YAML_VALUES.get(type.key);
  if (!yaml) {
    it('has a value generator', () =>
      expect.fail(`test/model/record-types/values.ts has no ${type.key} values`));
    return;
  }
  const values = canonicalValues(type, yaml);

  it('parses every schema-valid YAML value; canonical values are fixed points of every mapping', () => {
    fc.assert(
      fc.property(yaml, origin, (input, zone) => {
        expect(type.yaml.safeParse(input).success).toBe(true);
        const value = canonical(type.parse(input, zone));
        const written = type.toYaml(value, zone);
        expect(type.yaml.safeParse(written).success).toBe(true);
        expect(type.parse(written, zone)).toEqual({ ok: true, value });
        expect(type.parsePresentation(value)).toEqual({ ok: true, value });
        expect(type.fromFields(type.fields(value))).toEqual({ ok: true, value });
        expect(type.fromFields(asStrings(type.fields(value)))).toEqual({ ok: true, value });
      }),
      RUNS,
    );
  });

  it('reads presentation text with any spacing between and around its fields as the same value', () => {
    fc.assert(
      fc.property(values, fc.array(space, { minLength: 12, maxLength: 12 }), (value, spaces) => {
        const scanned = scanStrings(value);
        if (!scanned.ok) throw new Error(scanned.problem);
        const fields = scanned.tokens.map((token, i) => `${token.raw}${spaces[i % spaces.length]}`);
        expect(type.parsePresentation(`${spaces[11]}${fields.join('')}`)).toEqual({ ok: true, value });
      }),
      RUNS,
    );
  });

  it('compare is a total order consistent with equality', () => {
    const compare = type.compare ?? compareStrings;
    fc.assert(
      fc.property(fc.array(values, { minLength: 1, maxLength: 6 }), (list) => {
        const pool = [...list, ...list.slice(0, 2)];
        const broken: string[][] = [];
        for (const a of pool) {
          for (const b of pool) {
            if (Math.sign(compare(a, b)) + Math.sign(compare(b, a)) !== 0)
              broken.push(['not antisymmetric', a, b]);
            if ((compare(a, b) === 0) !== (a === b)) broken.push(['equal only when the same value', a, b]);
            for (const c of pool)
              if (compare(a, b) <= 0 && compare(b, c) <= 0 && compare(a, c) > 0)
                broken.push(['intransitive', a, b, c]);
          }
        }
        expect(broken).toEqual([]);
        expect(sortValues(type.type, pool)).toEqual(sortValues(type.type, [...pool].reverse()));
      }),
      RUNS,
    );
  });
});

describe.each(['TXT', 'SPF'])('%s text', (name) => {
  const type = recordType(name);
  if (!type) throw new Error(`${name} is not registered`);

  it('round-trips any text exactly, in strings of at most 255 octets of printable ASCII', () => {
    fc.assert(
      fc.property(text, origin, (input, zone) => {
        const value = canonical(type.parse(input, zone));
        expect(type.toYaml(value, zone)).toBe(input);
        expect(value).toMatch(/^[\x20-\x7e]*$/);
        const scanned = scanStrings(value);
        if (!scanned.ok) throw new Error(scanned.problem);
        const octets = Buffer.byteLength(input, 'utf8');
        expect(scanned.tokens).toHaveLength(Math.max(1, Math.ceil(octets / 255)));
        expect(scanned.tokens.every((token) => token.quoted && token.octets.length <= 255)).toBe(true);
        expect(Buffer.concat(scanned.tokens.map((token) => token.octets)).toString('utf8')).toBe(input);
      }),
      RUNS,
    );
  });

  // RFC 7208 §3.3, RFC 6376 §3.6.2.2: SPF and DKIM readers join the strings, so text written as one string is met
  // by any split of it; the live value keeps its own strings (RFC 6763 §6.3: for DNS-SD each string is a pair).
  it('reads text split at any boundary and escaped any way as those strings, which meet the text', () => {
    fc.assert(
      fc.property(splitText, ([input, presentation]) => {
        const value = canonical(type.parse(input, 'example.com'));
        const live = canonical(type.parsePresentation(presentation));
        expect(textOf(live)).toBe(input);
        expect(live === value || type.metBy?.(value, live)).toBe(true);
        expect(asLiveHolds(name, [value], [live])).toEqual([live]);
        const written = canonical(type.parse(type.toYaml(live, 'example.com'), 'example.com'));
        expect(written === live || type.metBy?.(written, live)).toBe(true);
      }),
      RUNS,
    );
  });

  it('has the text itself as its one field, whatever its quotes and length', () => {
    fc.assert(
      fc.property(text, (input) => {
        const value = canonical(type.parse(input, 'example.com'));
        expect(type.fields(value)).toEqual({ txtdata: input });
        expect(type.fromFields({ txtdata: input })).toEqual({ ok: true, value });
      }),
      RUNS,
    );
  });
});

describe('AAAA addresses', () => {
  const AAAA = recordType('AAAA');
  if (!AAAA) throw new Error('AAAA is not registered');
  /** Eight groups, zero half of the time (so runs of zeros tie often), written in full with padding or not. */
  const zeroRich = fc
    .array(fc.oneof(fc.constant(0), fc.constant(0xffff), fc.integer({ min: 0, max: 0xffff })), {
      minLength: 8,
      maxLength: 8,
    })
    .chain((groups) =>
      fc
        .array(fc.boolean(), { minLength: 8, maxLength: 8 })
        .map((pad) => groups.map((g, i) => g.toString(16).padStart(pad[i] ? 4 : 1, '0')).join(':')),
    );
  const address = fc.oneof(fc.ipV6(), zeroRich).chain((text) => fc.constantFrom(text, text.toUpperCase()));

  /** RFC 5952 as the WHATWG URL serializer writes IPv6 hosts, with IPv4-mapped addresses dotted (RFC 5952 §5). */
  function oracle(text: string): string {
    const host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
    const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
    if (!mapped) return host;
    const [high, low] = [mapped[1], mapped[2]].map((group) => Number.parseInt(group ?? '', 16));
    return `::ffff:${[(high ?? 0) >> 8, (high ?? 0) & 255, (low ?? 0) >> 8, (low ?? 0) & 255].join('.')}`;
  }

  function toBigInt(text: string): bigint {
    const host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
    const [head = '', tail = ''] = host.split('::');
    const groups = [head, tail].map((half) => (half === '' ? [] : half.split(':')));
    const all = [
      ...(groups[0] ?? []),
      ...Array(8 - (groups[0]?.length ?? 0) - (groups[1]?.length ?? 0)).fill('0'),
    ];
    return [...all, ...(groups[1] ?? [])].reduce((sum, group) => sum * 65536n + BigInt(`0x${group}`), 0n);
  }

  it('writes every address in the canonical form of RFC 5952', () => {
    fc.assert(
      fc.property(address, (text) => {
        expect(AAAA.parse(text, 'example.com')).toEqual({ ok: true, value: oracle(text) });
      }),
      RUNS,
    );
  });

  it('orders addresses numerically', () => {
    fc.assert(
      fc.property(address, address, (a, b) => {
        const [left, right] = [oracle(a), oracle(b)];
        const numeric = toBigInt(a) < toBigInt(b) ? -1 : toBigInt(a) > toBigInt(b) ? 1 : 0;
        expect(Math.sign(AAAA.compare?.(left, right) ?? Number.NaN)).toBe(numeric);
      }),
      RUNS,
    );
  });
});
