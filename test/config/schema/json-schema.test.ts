import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { desiredStateJsonSchema, JSON_SCHEMA_PATH } from '../../../src/config/schema/json-schema.js';
import {
  RECORD_NAME_PATTERN,
  TRIMMED_PATTERN,
  ZONE_NAME_PATTERN,
} from '../../../src/config/schema/schema-names.js';
import { recordLabelsProblem, zoneLabelsProblem } from '../../../src/model/dns-names.js';
import { GEO_RECORD_TYPES } from '../../../src/model/geo.js';
import { toALabels } from '../../../src/model/idn.js';
import { GENERIC_KEY_PATTERN, genericRecordTypeOfKey } from '../../../src/model/record-types/generic.js';
import { HOSTNAME_PATTERN, parseHostname } from '../../../src/model/record-types/hostname.js';
import { RECORD_TYPES } from '../../../src/model/record-types/index.js';
import { hasUnprintable } from '../../../src/model/text.js';
import { PROVIDER_CATALOGUE } from '../../../src/providers/registry.js';

describe('JSON Schema', () => {
  it('is committed up to date with the zod schema', async () => {
    const committed = await readFile(JSON_SCHEMA_PATH, 'utf8').catch(() => '(missing)');
    expect(
      committed === desiredStateJsonSchema(PROVIDER_CATALOGUE),
      `${JSON_SCHEMA_PATH} is out of date: run npm run schema`,
    ).toBe(true);
  });

  it('describes the strict document with an id and a title', () => {
    const schema = JSON.parse(desiredStateJsonSchema(PROVIDER_CATALOGUE));
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:edgeplan:schema:desired-state',
      title: 'edgeplan desired state',
      additionalProperties: false,
    });
    const zone = schema.properties.zones.additionalProperties;
    expect(Object.keys(zone.properties)).toEqual([
      'default_ttl',
      'records',
      'unmanaged',
      'manage',
      'absent',
      'create',
      'providers',
      'templates',
      'same_as',
    ]);
    expect(zone.properties.records.additionalProperties.anyOf[0]).toEqual({ $ref: '#/$defs/record_set' });
    const set = schema.$defs.record_set;
    expect(set).toMatchObject({
      additionalProperties: false,
      properties: {
        ttl: { type: 'integer', minimum: 1, maximum: 2147483647 },
        a: { type: 'array', minItems: 1, uniqueItems: true },
      },
    });
    expect(set.required).toBeUndefined();
    expect(set.anyOf).toContainEqual({ required: ['a'] });
  });

  it('ends with a newline and uses 2-space indentation', () => {
    const text = desiredStateJsonSchema(PROVIDER_CATALOGUE);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toMatch(/^ {2}"\$schema"/);
  });
});

describe('JSON Schema of record data, from the registry', () => {
  const schema = JSON.parse(desiredStateJsonSchema(PROVIDER_CATALOGUE));
  const records = schema.properties.zones.additionalProperties.properties.records;
  const set = schema.$defs.record_set;
  const group = schema.properties.geo_services.additionalProperties.properties.groups.items;

  it('has a key per registered type: one value, or a non-empty list of values each once', () => {
    expect(Object.keys(set.properties)).toEqual([
      'ttl',
      'allow_lints',
      'override',
      ...RECORD_TYPES.map((type) => type.key),
    ]);
    for (const type of RECORD_TYPES) {
      const values = set.properties[type.key];
      if (type.single) expect(values.type, type.key).not.toBe('array');
      else expect(values, type.key).toMatchObject({ type: 'array', minItems: 1, uniqueItems: true });
    }
  });

  it('gives a name one map, or a list of two or more maps: each type in one, none that is alone', () => {
    const [map, list, ...more] = records.additionalProperties.anyOf;
    expect(more).toEqual([]);
    expect(map).toEqual({ $ref: '#/$defs/record_set' });
    expect(list).toMatchObject({ type: 'array', minItems: 2, items: { $ref: '#/$defs/record_set' } });
    const rule = (key: string) =>
      list.allOf.filter((item: { not: { contains: { required: string[] } } }) =>
        item.not.contains.required.includes(key),
      );
    expect(rule('mx')).toEqual([{ not: { contains: { required: ['mx'] }, minContains: 2 } }]);
    expect(rule('cname')).toEqual([{ not: { contains: { required: ['cname'] } } }]);
    for (const type of RECORD_TYPES) expect(rule(type.key), type.key).toHaveLength(1);
    expect(list.allOf).toHaveLength(RECORD_TYPES.length);
  });

  it('requires at least one type, and keeps a type that is alone alone', () => {
    // Or a type by its number (RFC 3597): some key matches its pattern.
    expect(set.anyOf).toEqual([
      ...RECORD_TYPES.map((type) => ({ required: [type.key] })),
      { not: { propertyNames: { not: { pattern: GENERIC_KEY_PATTERN } } } },
    ]);
    expect(set.patternProperties).toEqual({
      [GENERIC_KEY_PATTERN]: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    });
    const alone = RECORD_TYPES.filter((type) => type.rules?.alone);
    expect(alone.length).toBeGreaterThan(0);
    expect(set.dependentSchemas).toEqual(
      Object.fromEntries(
        alone.map((type) => [
          type.key,
          { propertyNames: { enum: ['ttl', 'allow_lints', 'override', type.key] } },
        ]),
      ),
    );
  });

  it('takes a type by its number exactly where validation does', () => {
    const pattern = new RegExp(GENERIC_KEY_PATTERN);
    const agrees = (number: number) =>
      pattern.test(`type${number}`) === (genericRecordTypeOfKey(`type${number}`) !== undefined);
    // Every number to 1,100 (the mnemonics and meta types are there), each side of every other mnemonic's and of
    // each length of digits, then random numbers up to 99,999 (validation makes a type per number it takes: all
    // 65,535 would be slow).
    const edges = [263, 32767, 32768, 32769, 32770, 65535, 65536, 99999, 9999, 10000];
    const near = edges.flatMap((n) => [n - 1, n, n + 1]);
    const differ = [...Array.from({ length: 1101 }, (_, n) => n), ...near].filter((n) => !agrees(n));
    expect(differ).toEqual([]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999 }), agrees), { numRuns: 500 });
    // What validation refuses: a mnemonic's number (A, NSEC, URI, TA), a meta type, 0, past 16 bits, leading zeros.
    for (const key of [
      'type1',
      'type41',
      'type47',
      'type128',
      'type200',
      'type255',
      'type256',
      'type32768',
      'type0',
    ])
      expect(pattern.test(key), key).toBe(false);
    for (const key of ['type65536', 'type065280', 'type00', 'TYPE65280', 'type65280 ', 'xtype65280'])
      expect([pattern.test(key), genericRecordTypeOfKey(key)], key).toEqual([false, undefined]);
    for (const key of ['type54', 'type127', 'type263', 'type32767', 'type32770', 'type65535'])
      expect([pattern.test(key), genericRecordTypeOfKey(key)?.key], key).toEqual([true, key]);
  });

  it('keeps apex-never types off "@" and apex-only types off relative names', () => {
    const never = RECORD_TYPES.filter((type) => type.rules?.apex === 'never').map((type) => type.key);
    expect(never.length).toBeGreaterThan(0);
    const neverRule = { properties: Object.fromEntries(never.map((key) => [key, false])) };
    expect(records.allOf[0]).toEqual({ properties: { '@': { ...neverRule, items: neverRule } } });
    const only = RECORD_TYPES.filter((type) => type.rules?.apex === 'only').map((type) => type.key);
    const relative = records.allOf.find((rule: { patternProperties?: object }) => rule.patternProperties);
    if (only.length === 0) expect(relative).toBeUndefined();
    else {
      const [[pattern, rule]] = Object.entries(relative.patternProperties) as [[string, unknown]];
      const onlyRule = { properties: Object.fromEntries(only.map((key) => [key, false])) };
      expect(rule).toEqual({ ...onlyRule, items: onlyRule });
      const regex = new RegExp(pattern);
      expect(['www', 'a.b', '*'].map((name) => regex.test(name))).toEqual([true, true, true]);
      expect(['@', 'example.com.', 'www.example.com.'].map((name) => regex.test(name))).toEqual([
        false,
        false,
        false,
      ]);
    }
  });

  it('gives geo groups the registered types a group may serve, at least one of them', () => {
    const keys = RECORD_TYPES.filter((type) => GEO_RECORD_TYPES.includes(type.type)).map((type) => type.key);
    expect(Object.keys(group.properties)).toEqual(['name', 'countries', ...keys, 'serve_count', 'ttl']);
    expect(group.anyOf).toEqual(keys.map((key) => ({ required: [key] })));
  });
});

describe('JSON Schema name patterns agree with the name rules', () => {
  const unit = fc.constantFrom('a', 'Z', '0', '-', '_', '*', '.', '@', ' ', 'é', 'ß', '\u200d', '\u0301');
  const label = fc.string({ unit: fc.constantFrom('a', '0', '-', '_', '*', 'ü'), maxLength: 4 });
  const names = fc.oneof(
    fc.string({ unit, maxLength: 12 }),
    fc
      .tuple(fc.array(label, { minLength: 1, maxLength: 4 }), fc.boolean())
      .map(([labels, absolute]) => `${labels.join('.')}${absolute ? '.' : ''}`),
    fc.constantFrom('a'.repeat(63), `${'a'.repeat(64)}.com`, '*.example.com.', 'x.y.'),
  );
  const withoutDot = (name: string) => (name.endsWith('.') ? name.slice(0, -1) : name);

  /**
   * A name the loader takes as its A-labels (model/idn.ts): ASCII names exactly as the rules say; a name with a
   * Unicode label the pattern must take whenever the loader does, and may take beyond it only where UTS #46 itself
   * refuses (no regular expression is UTS #46): never a name refused for anything else (a space, a `*` in a label).
   */
  function agreesOnUnicode(pattern: RegExp, name: string, rules: (aLabels: string) => boolean): void {
    const idn = toALabels(name);
    const accepted = idn.ok && rules(idn.name);
    if (/^\p{ASCII}*$/u.test(name)) expect(pattern.test(name), name).toBe(accepted);
    else if (accepted) expect(pattern.test(name), name).toBe(true);
    else if (idn.ok) expect(pattern.test(name), name).toBe(false);
  }

  it('record names: the pattern accepts exactly the names whose labels the rules accept, Unicode as A-labels', () => {
    const pattern = new RegExp(RECORD_NAME_PATTERN);
    fc.assert(
      fc.property(names, (name) => {
        agreesOnUnicode(pattern, name, (a) => a === '@' || recordLabelsProblem(withoutDot(a)) === null);
      }),
    );
  });

  it('zone names: the pattern accepts exactly the names the rules accept (length aside), Unicode as A-labels', () => {
    const pattern = new RegExp(ZONE_NAME_PATTERN);
    fc.assert(
      fc.property(names, (name) => {
        agreesOnUnicode(pattern, name, (a) => zoneLabelsProblem(withoutDot(a)) === null);
      }),
    );
  });

  it('takes bücher, *.bücher and café.bücher.example. as names, and no Unicode label with a space or a glob', () => {
    const record = new RegExp(RECORD_NAME_PATTERN);
    const zone = new RegExp(ZONE_NAME_PATTERN);
    for (const name of ['bücher', '*.bücher', 'café.bücher.example.', 'straße', '\u{1F600}x'])
      expect(record.test(name), name).toBe(true);
    for (const name of ['bücher.example', 'bücher.example.', 'xn--bcher-kva.example'])
      expect(zone.test(name), name).toBe(true);
    for (const name of ['café bar', 'bü*', '.bü', 'bü..x', 'x\u00a0y', 'é\u0085'])
      expect(record.test(name) || zone.test(name), JSON.stringify(name)).toBe(false);
  });

  it('names in record values: the pattern accepts exactly the ASCII names parseHostname accepts, and every Unicode one (length aside)', () => {
    const pattern = new RegExp(HOSTNAME_PATTERN);
    const values = fc.oneof(
      names,
      fc.constantFrom('@', '.', '..', '192.0.2.1', '192.0.2.1.', '2001:db8::1', '*'),
    );
    fc.assert(
      fc.property(values, (name) => {
        const ok = parseHostname(name, 'example.com', { root: true }).ok;
        // A Unicode label is left to the validator (UTS #46 is no regular expression): the pattern takes any.
        if (/^\p{ASCII}*$/u.test(name)) expect(pattern.test(name), name).toBe(ok);
        else if (ok) expect(pattern.test(name), name).toBe(true);
      }),
    );
  });

  it('geo service names: not empty, no white space at either end, no control characters', () => {
    const pattern = new RegExp(TRIMMED_PATTERN);
    const units = fc.constantFrom('a', ' ', '\t', '\n', 'B', '\u0000', '\u001b', '\u202e');
    fc.assert(
      fc.property(fc.string({ unit: units }), (name) => {
        const valid = name !== '' && name.trim() === name && !hasUnprintable(name);
        expect(pattern.test(name), JSON.stringify(name)).toBe(valid);
      }),
    );
  });
});
