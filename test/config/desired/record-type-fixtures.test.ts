import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RECORD_TYPES, type RecordType } from '../../../src/model/record-types/index.js';
import { besideFields } from '../../fixtures/record-types/fixtures.js';
import { desired, problems, tempTree } from '../helpers.js';

/**
 * Every registered type that has its fixture (`test/fixtures/record-types/<key>.yaml`, the record-type tests' own)
 * loaded through config: each valid YAML value becomes the fixture's canonical value in the model, and each value
 * the type's `parse` refuses is reported by config at the record, with the type's own message.
 */
interface Fixture {
  origin: string;
  yaml: {
    valid: { input: unknown; value: string }[];
    invalid: { input: unknown; problems: { path: (string | number)[]; message: string }[] }[];
  };
}

const DIR = 'test/fixtures/record-types';
const withFixture = RECORD_TYPES.flatMap((type) => {
  const file = `${DIR}/${type.key}.yaml`;
  return existsSync(file) ? [{ type, fixture: parse(readFileSync(file, 'utf8')) as Fixture }] : [];
});

/**
 * A one-record desired state in the fixture's zone, with the set the type needs beside it (DS: an NS); the name is
 * the apex for a type allowed only there.
 */
async function load(type: RecordType, origin: string, input: unknown) {
  const name = type.rules?.apex === 'only' ? '@' : 'v';
  const sets = { ...besideFields(type), [type.key]: type.single ? input : [input] };
  const text = `zones:\n  ${origin}:\n    records:\n      "${name}": ${JSON.stringify(sets)}\n`;
  return { name, file: `${await tempTree({ 'z.yaml': text })}/z.yaml` };
}

describe.runIf(withFixture.length > 0)('record-type fixtures through config', () => {
  it.each(withFixture)(
    '$type.type: valid values load as their canonical value',
    async ({ type, fixture }) => {
      for (const { input, value } of fixture.yaml.valid) {
        const { file } = await load(type, fixture.origin, input);
        const sets = (await desired(file)).zones[0]?.records;
        expect(sets, JSON.stringify(input)).toContainEqual(
          expect.objectContaining({ type: type.type, values: [value] }),
        );
      }
    },
  );

  it.each(withFixture)(
    '$type.type: values its parse refuses are reported at the record',
    async ({ type, fixture }) => {
      const refusedByParse = fixture.yaml.invalid.filter(({ input }) => type.yaml.safeParse(input).success);
      for (const { input, problems: expected } of refusedByParse) {
        const { name, file } = await load(type, fixture.origin, input);
        const messages = expected.map((problem) => `record "${name}" ${type.type}: ${problem.message}`);
        const found = (await problems(file)).map((line) => line.replace(/^.*?:4:\d+: /, ''));
        expect(found, JSON.stringify(input)).toEqual(expect.arrayContaining(messages));
      }
    },
  );
});
