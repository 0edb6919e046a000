/**
 * The JSON Schema in schemas/ (what editors and other tools check the YAML with) against the validator, through a
 * real JSON Schema validator (Ajv, draft 2020-12, strict about the schema itself):
 * - every bad fixture the validator refuses (test/fixtures/config/bad/corpus) is rejected by the schema, except those listed in
 *   json-schema-known.ts with why JSON Schema cannot say it; a listed fixture that becomes rejected fails too, so
 *   the list stays true. A fixture that is not YAML (a duplicate key, a bad indent) is refused by the YAML parser
 *   before any schema, as an editor refuses it;
 * - nothing valid is rejected: the shipped examples, the good config fixtures, and every valid and imported value
 *   of every record type's fixture, in a record set.
 * `format` is an annotation in draft 2020-12 (Ajv asserts none here, as many editors): what the schema rejects, it
 * rejects with patterns, enums, limits and uniqueness.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { JSON_SCHEMA_PATH } from '../../../src/config/schema/json-schema.js';
import { RECORD_TYPES } from '../../../src/model/record-types/index.js';
import { requireFixture } from '../../fixtures/record-types/fixtures.js';
import { SCHEMA_CANNOT_REJECT } from './json-schema-known.js';

// Ajv's default strictness about the schema (an unknown keyword or format throws); not about `type` beside
// `properties`/`items`, which the apex rules leave out on purpose (they apply to a name's map and to each map of
// its list).
const ajv = new Ajv2020({ allErrors: true, strictTypes: false, formats: { ipv4: true, ipv6: true } });
const validate = ajv.compile(JSON.parse(readFileSync(JSON_SCHEMA_PATH, 'utf8')));

type Verdict = 'not YAML' | 'rejected' | 'accepted';

function verdict(text: string): Verdict {
  const document = parseDocument(text);
  if (document.errors.length > 0) return 'not YAML';
  let value: unknown;
  try {
    value = document.toJS();
  } catch {
    // The YAML library refuses to expand an alias bomb (its maxAliasCount), as an editor's parser does.
    return 'not YAML';
  }
  return validate(value) ? 'accepted' : 'rejected';
}

function errors(): string {
  return ajv.errorsText(validate.errors, { separator: '\n' });
}

const BAD = 'test/fixtures/config/bad/corpus';
const badFixtures = readdirSync(BAD)
  .filter((file) => file.endsWith('.yaml'))
  .sort();

describe('the JSON Schema rejects what the validator rejects', () => {
  it.each(badFixtures)('%s', (file) => {
    const result = verdict(readFileSync(join(BAD, file), 'utf8'));
    const known = Object.hasOwn(SCHEMA_CANNOT_REJECT, file);
    if (known)
      expect(result, `${file} is rejected now: remove it from json-schema-known.ts`).toBe('accepted');
    else
      expect(
        result,
        `${file} is accepted by the schema: make the schema reject it, or list it with why`,
      ).not.toBe('accepted');
  });

  it('lists as known only bad fixtures that exist', () => {
    expect(Object.keys(SCHEMA_CANNOT_REJECT).filter((file) => !badFixtures.includes(file))).toEqual([]);
  });

  it('rejects most of them: the known list is the exception', () => {
    const rejected = badFixtures.filter((file) => !Object.hasOwn(SCHEMA_CANNOT_REJECT, file));
    expect(rejected.length).toBeGreaterThan(2 * Object.keys(SCHEMA_CANNOT_REJECT).length);
  });
});

describe('the JSON Schema accepts what the validator accepts', () => {
  const goodFiles = [
    ...readdirSync('examples/quickstart/dns')
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => join('examples/quickstart/dns', file)),
    ...readdirSync('test/fixtures/config/good', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => join('test/fixtures/config/good', file)),
  ];

  it.each(goodFiles)('%s', (file) => {
    expect(verdict(readFileSync(file, 'utf8')), errors()).toBe('accepted');
  });

  it('names in Unicode, which the loader takes as their A-labels: zones, record names, targets', () => {
    const text =
      'zones:\n  bücher.example:\n    unmanaged: ["*.bücher"]\n    records:\n      café: { cname: straße.example. }\n' +
      '      "*.zweig": { a: [192.0.2.1] }\n      mail.bücher.example.: { a: [192.0.2.2] }\n' +
      'secondary_zones:\n  straße.example: { masters: [192.0.2.53] }\n';
    expect(verdict(text), errors()).toBe('accepted');
  });

  it.each(RECORD_TYPES.map((type) => [type.type, type] as const))(
    '%s: every valid and imported YAML value of its fixture',
    (_, type) => {
      const fixture = requireFixture(type);
      const name = type.rules?.apex === 'only' ? '@' : 'www';
      const inputs = [...fixture.yaml.valid.map((v) => v.input), ...fixture.yaml.import.map((v) => v.yaml)];
      for (const input of inputs) {
        const document = {
          zones: { [fixture.origin]: { records: { [name]: { [type.key]: type.single ? input : [input] } } } },
        };
        expect(validate(document), `${JSON.stringify(input)}: ${errors()}`).toBe(true);
      }
    },
  );
});
