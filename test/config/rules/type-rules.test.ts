import { describe, expect, it } from 'vitest';
import type { ReadRecord } from '../../../src/config/desired/read-records.js';
import type { MergedZone } from '../../../src/config/read/merge.js';
import type { PMap } from '../../../src/config/read/positioned.js';
import { typeRuleDiagnostics } from '../../../src/config/rules/type-rules.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { recordNameToFqdn } from '../../../src/model/names.js';
import { type RecordType, requireRecordType } from '../../../src/model/record-types/index.js';
import { BAD, problems } from '../helpers.js';

/**
 * The rules as types declare them. Types with `apex: 'only'` (ALIAS) and `delegates` (NS) are written by the
 * record-type helper; the rules are generic, so these tests give them as types declare them.
 */
const A = requireRecordType('A');
const CNAME = requireRecordType('CNAME');
const ALIAS_LIKE: RecordType = { ...CNAME, type: 'ALIAS', key: 'alias', rules: { apex: 'only' } };
const NS_LIKE: RecordType = {
  ...CNAME,
  type: 'NS',
  key: 'ns',
  single: false,
  rules: { apex: 'never', delegates: true },
};
const ALONE_LIST: RecordType = { ...CNAME, type: 'ALONE', key: 'alone', single: false };
const DS_LIKE: RecordType = { ...CNAME, type: 'DS', key: 'ds', single: false, rules: { besides: 'NS' } };
const SOLE: RecordType = {
  ...CNAME,
  type: 'SOLE',
  key: 'sole',
  single: false,
  rules: { soleValue: { is: (value) => value === 'v1', why: 'it says so' } },
};

const ZONE: MergedZone = {
  zone: 'example.com',
  keys: [],
  defaultTtl: undefined,
  create: undefined,
  records: [],
  recordsGiven: true,
  unmanaged: [],
  manage: undefined,
  absent: [],
  providers: [],
};

/** Record `name` at line `line`, with sets `[type, number of values]`, each set's key on that line. */
function record(name: string, line: number, ...sets: [RecordType, number][]): ReadRecord {
  const pos = (col: number) => ({ file: 'z.yaml', line, col });
  const map: PMap = { kind: 'map', pos: pos(2), entries: [] };
  return {
    zone: ZONE,
    record: { name, fqdn: recordNameToFqdn(name, ZONE.zone), keyPos: pos(1), value: map },
    sets: sets.map(([type, count], index) => ({
      item: { map, at: pos(1) },
      type,
      keyPos: pos(10 * (index + 1)),
      values: Array.from({ length: count }, (_, i) => ({
        value: `v${i}`,
        pos: pos(10 * (index + 1) + 1 + i),
      })),
    })),
  };
}

const check = (...records: ReadRecord[]) => typeRuleDiagnostics(records).map(formatDiagnostic);

describe('DNS rules across types', () => {
  it('keeps a type that is alone at its name alone, naming every other type and its place', () => {
    expect(check(record('www', 3, [A, 1], [CNAME, 1]), record('web', 4, [CNAME, 1]))).toEqual([
      'z.yaml:3:20: EP1203 record "www": CNAME must be alone at its name, but it has A at z.yaml:3:10',
    ]);
  });

  it('gives a type that is alone one value, even where its YAML is a list', () => {
    expect(check(record('www', 3, [ALONE_LIST, 2]), record('web', 4, [ALONE_LIST, 1]))).toEqual([
      'z.yaml:3:10: EP1204 record "www": ALONE holds one value, but 2 are given',
    ]);
  });

  it('keeps apex-never types off the apex and apex-only types on it', () => {
    expect(
      check(
        record('@', 3, [CNAME, 1]),
        record('example.com.', 4, [NS_LIKE, 2]),
        record('www', 5, [ALIAS_LIKE, 1]),
        record('@', 6, [ALIAS_LIKE, 1]),
        record('sub', 7, [NS_LIKE, 2]),
      ),
    ).toEqual([
      'z.yaml:3:10: EP1201 record "@": CNAME is not allowed at the zone apex',
      'z.yaml:4:10: EP1201 record "example.com.": NS is not allowed at the zone apex',
      'z.yaml:5:10: EP1201 record "www": ALIAS is allowed only at the zone apex ("@")',
    ]);
  });

  it('keeps a type that stands beside another only where that type is, across the items of a list', () => {
    expect(
      check(
        record('sub', 3, [DS_LIKE, 1]),
        record('secured', 4, [DS_LIKE, 2], [NS_LIKE, 1]),
        record('listed', 5, [NS_LIKE, 1], [A, 1], [DS_LIKE, 1]),
        record('other', 6, [A, 1], [DS_LIKE, 1]),
      ),
    ).toEqual([
      'z.yaml:3:10: EP1205 record "sub": DS is allowed only beside NS records at its name, and it has none',
      'z.yaml:6:20: EP1205 record "other": DS is allowed only beside NS records at its name, and it has none',
    ]);
  });

  it('keeps a sole value alone in its set, reported at the value', () => {
    expect(
      check(record('@', 3, [SOLE, 2]), record('mx', 4, [SOLE, 3]), record('without', 5, [SOLE, 1])),
    ).toEqual([
      'z.yaml:3:12: EP1204 record "@": the SOLE value "v1" is the only one of its set (it says so), but 1 other value is given',
      'z.yaml:4:12: EP1204 record "mx": the SOLE value "v1" is the only one of its set (it says so), but 2 other values are given',
    ]);
  });

  it('needs each value that is not sole to match a value of the type it matches, where the name declares it', () => {
    const KEY: RecordType = { ...SOLE, type: 'KEY', key: 'key', rules: {} };
    const matching: RecordType = {
      ...SOLE,
      type: 'MATCHING',
      key: 'matching',
      rules: {
        soleValue: { is: (value) => value === 'v0', why: 'sole' },
        matches: {
          type: 'KEY',
          // v0 is sole, so never weighed; were it, it would match no KEY.
          by: (value, key) => value === key && value !== 'v0',
          what: 'a KEY of its own',
          why: 'it says so',
        },
      },
    };
    const plain: RecordType = {
      ...matching,
      type: 'PLAIN',
      key: 'plain',
      rules: { matches: matching.rules?.matches },
    };
    // Without a sole value every value is matched; the matched set may come first at its name.
    expect(check(record('p', 6, [plain, 3], [KEY, 1]))).toEqual([
      'z.yaml:6:11: EP1299 record "p": the PLAIN value "v0" needs a KEY of its own (it says so), and the KEY set at z.yaml:6:20 has none',
      'z.yaml:6:12: EP1299 record "p": the PLAIN value "v1" needs a KEY of its own (it says so), and the KEY set at z.yaml:6:20 has none',
      'z.yaml:6:13: EP1299 record "p": the PLAIN value "v2" needs a KEY of its own (it says so), and the KEY set at z.yaml:6:20 has none',
    ]);
    // KEY holds v0 and v1; MATCHING's v0 is sole (never matched), v1 matches, v2 matches nothing.
    expect(
      check(
        record('@', 3, [KEY, 2], [matching, 3]),
        record('bare', 4, [matching, 3]),
        record('k', 5, [KEY, 1]),
      ),
    ).toEqual([
      'z.yaml:3:21: EP1204 record "@": the MATCHING value "v0" is the only one of its set (sole), but 2 other values are given',
      'z.yaml:3:23: EP1299 record "@": the MATCHING value "v2" needs a KEY of its own (it says so), and the KEY set at z.yaml:3:10 has none',
      'z.yaml:4:11: EP1204 record "bare": the MATCHING value "v0" is the only one of its set (sole), but 2 other values are given',
    ]);
  });

  it('finds nothing to say of types that declare no rules, at the apex or below it', () => {
    const plain: RecordType = { ...requireRecordType('TXT'), rules: undefined };
    expect(check(record('@', 3, [plain, 2], [A, 1]), record('www', 4, [plain, 3]))).toEqual([]);
  });

  it('reports each of several sole values of one set at its own value (two SVCB AliasMode values)', () => {
    const some: RecordType = { ...SOLE, rules: { soleValue: { is: (value) => value !== 'v2', why: 'why' } } };
    expect(check(record('two', 3, [some, 3]), record('one', 4, [some, 1]))).toEqual([
      'z.yaml:3:11: EP1204 record "two": the SOLE value "v0" is the only one of its set (why), but 2 other values are given',
      'z.yaml:3:12: EP1204 record "two": the SOLE value "v1" is the only one of its set (why), but 2 other values are given',
    ]);
  });
});

describe('DNS rules in files', () => {
  it('keeps an SVCB or HTTPS AliasMode value alone in its set (RFC 9460 §2.4.1), at each AliasMode value', async () => {
    const file = `${BAD}/https-alias-mode-beside-others.yaml`;
    const why =
      'RFC 9460 §2.4.1: an AliasMode value (priority 0) stands alone in its set; clients ignore ServiceMode values ' +
      'beside it, and a set holds one AliasMode value at most';
    expect(await problems(file)).toEqual([
      `${file}:8:13: EP1204 record "@": the HTTPS value "0 cdn.example.net." is the only one of its set (${why}), but 1 other value is given`,
      `${file}:12:13: EP1204 record "www": the SVCB value "0 a.example.net." is the only one of its set (${why}), but 1 other value is given`,
      `${file}:13:13: EP1204 record "www": the SVCB value "0 b.example.net." is the only one of its set (${why}), but 1 other value is given`,
    ]);
  });

  it('reports a CNAME beside other data, at the apex, beside data in a geo group, and served at an apex node', async () => {
    const file = `${BAD}/type-rules.yaml`;
    expect(await problems(file)).toEqual([
      `${file}:4:14: EP1201 record "@": CNAME is not allowed at the zone apex`,
      `${file}:5:30: EP1203 record "www": CNAME must be alone at its name, but it has A at ${file}:5:14, MX at ${file}:5:55`,
      `${file}:5:60: warning: EP1404 record "www" MX: mail.example.com. is inside zone "example.com" but has no records in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone's unmanaged)`,
      `${file}:11:58: EP1203 group "Europe" of geo service "Web": CNAME must be alone in its group, but it has A at ${file}:11:42`,
      `${file}:14:36: EP1201 node example.org is its zone's apex, but group "Europe" of geo service "Web" serves CNAME at ${file}:11:58, which is not allowed at the zone apex`,
      `${file}:14:36: EP1201 node example.org is its zone's apex, but group "Everyone" of geo service "Web" serves CNAME at ${file}:12:46, which is not allowed at the zone apex`,
    ]);
  });
});
