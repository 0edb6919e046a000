import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECORD_TYPES, type RecordType, type ValueProblem } from '../../../src/model/record-types/index.js';
import * as z from '../../../src/model/zod.js';
import { FIXTURE_DIRECTORY, fixtureOf } from '../../fixtures/record-types/fixtures.js';

/** A fixture's `rules.soleValue`: why, and canonical values the rule holds (`sole`) and does not (`notSole`). */
const SoleExamples = z.strictObject({
  why: z.string(),
  sole: z.array(z.string()),
  notSole: z.array(z.string()),
});

const files = readdirSync(FIXTURE_DIRECTORY).filter((name) => name.endsWith('.yaml'));

/** What validation reports for one YAML value: the schema's issues, or else `parse`'s problems. */
function yamlProblems(type: RecordType, input: unknown, origin: string): ValueProblem[] {
  const checked = type.yaml.safeParse(input);
  if (!checked.success)
    return checked.error.issues.map((issue) => ({ path: issue.path.map(pathPart), message: issue.message }));
  const result = type.parse(checked.data, origin);
  return result.ok ? [] : result.problems;
}

function pathPart(part: PropertyKey): string | number {
  return typeof part === 'number' ? part : String(part);
}

describe('record-type fixtures', () => {
  it('has one fixture file per registered type and none for any other', () => {
    expect(files.sort()).toEqual(RECORD_TYPES.map((type) => `${type.key}.yaml`).sort());
  });

  describe.each(RECORD_TYPES.map((type) => [type.type, type] as const))('%s', (_name, type) => {
    const fixture = fixtureOf(type);
    if (typeof fixture === 'string') {
      it('has a well-formed fixture file', () => expect.fail(fixture));
      return;
    }
    const { origin } = fixture;

    it('names its type, and declares the same shape and rules', () => {
      expect(fixture.type).toBe(type.type);
      expect(type.single ?? false).toBe(fixture.single ?? false);
      // A target rule holds how to find the target in a value (a function, tested by the lints): its role is compared.
      // A sole-value rule is a predicate: the fixture's examples of values it holds and does not hold are compared.
      const { target, soleValue, matches, ...rules } = type.rules ?? {};
      const examples = SoleExamples.parse(fixture.rules?.soleValue ?? { why: '', sole: [], notSole: [] });
      const sole = soleValue && {
        why: soleValue.why,
        sole: examples.sole.filter((value) => soleValue.is(value)),
        notSole: examples.notSole.filter((value) => !soleValue.is(value)),
      };
      const named = { ...(target && { target: target.role }), ...(matches && { matches: matches.type }) };
      expect({ ...rules, ...named, ...(sole && { soleValue: sole }) }).toEqual(fixture.rules ?? {});
    });

    it.each(fixture.yaml.valid)('YAML $input → $value', ({ input, value }) => {
      expect(yamlProblems(type, input, origin)).toEqual([]);
      expect(type.parse(input, origin)).toEqual({ ok: true, value });
    });

    it.each(fixture.yaml.invalid)('YAML $input is refused', ({ input, problems }) => {
      expect(yamlProblems(type, input, origin)).toEqual(problems);
    });

    it.each(fixture.yaml.import)('import writes $value as YAML', ({ value, yaml }) => {
      expect(type.toYaml(value, origin)).toEqual(yaml);
      expect(type.yaml.safeParse(yaml).success).toBe(true);
    });

    it.each(fixture.presentation.valid)('presentation $text → $value', ({ text, value }) => {
      expect(type.parsePresentation(text)).toEqual({ ok: true, value });
    });

    it.each(fixture.presentation.invalid)('presentation $text is refused', ({ text, problems }) => {
      expect(type.parsePresentation(text)).toEqual({ ok: false, problems });
    });

    it.each(fixture.fields.both)('fields of $value, both ways', ({ value, fields }) => {
      // Same keys in the same order: a provider's rename table writes them in this order.
      expect(Object.entries(type.fields(value))).toEqual(Object.entries(fields));
      expect(type.fromFields(fields)).toEqual({ ok: true, value });
    });

    it.each(fixture.fields.read)('fields $fields read as $value', ({ fields, value }) => {
      expect(type.fromFields(fields)).toEqual({ ok: true, value });
    });

    it.each(fixture.fields.invalid)('fields $fields are refused', ({ fields, problems }) => {
      expect(type.fromFields(fields)).toEqual({ ok: false, problems });
    });
  });
});
