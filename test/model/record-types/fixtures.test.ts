import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { RECORD_TYPES, type RecordType, type ValueProblem } from '../../../src/model/record-types/index.js';

/**
 * One fixture file per registered type, `test/fixtures/record-types/<key>.yaml`:
 *
 * - `type`, `origin` (the zone relative names are read against), `single` and `rules` as the type declares them;
 * - `yaml.valid`: YAML values with their canonical value; `yaml.invalid`: YAML values with every problem, as the
 *   type's schema (`yaml`) or else its `parse` reports them; `yaml.import`: canonical values as `toYaml` writes them;
 * - `presentation.valid` / `.invalid`: zone-file RDATA text with its canonical value, or its problems;
 * - `dyn.both`: canonical values with the Dyn rdata written for them and read back; `dyn.read`: rdata the service
 *   may return in other forms; `dyn.invalid`: rdata that is not a valid value, with its problems.
 *
 * A type without a fixture file fails here, and so does a fixture file without a registered type.
 */
const DIRECTORY = new URL('../../fixtures/record-types/', import.meta.url);

const Problems = z.array(
  z.strictObject({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }),
);
const Rdata = z.record(z.string(), z.unknown());

const FixtureSchema = z.strictObject({
  type: z.string(),
  origin: z.string(),
  single: z.boolean().optional(),
  rules: z.record(z.string(), z.unknown()).optional(),
  yaml: z.strictObject({
    valid: z.array(z.strictObject({ input: z.unknown(), value: z.string() })).min(1),
    invalid: z.array(z.strictObject({ input: z.unknown(), problems: Problems })).min(1),
    import: z.array(z.strictObject({ value: z.string(), yaml: z.unknown() })).min(1),
  }),
  presentation: z.strictObject({
    valid: z.array(z.strictObject({ text: z.string(), value: z.string() })).min(1),
    invalid: z.array(z.strictObject({ text: z.string(), problems: Problems })).min(1),
  }),
  dyn: z.strictObject({
    both: z.array(z.strictObject({ value: z.string(), rdata: Rdata })).min(1),
    read: z.array(z.strictObject({ rdata: Rdata, value: z.string() })),
    invalid: z.array(z.strictObject({ rdata: Rdata, problems: Problems })).min(1),
  }),
});
type Fixture = z.infer<typeof FixtureSchema>;

const files = readdirSync(DIRECTORY).filter((name) => name.endsWith('.yaml'));

/** The type's fixture, or why there is none (the file is missing or malformed). */
function fixtureOf(type: RecordType): Fixture | string {
  const file = new URL(`${type.key}.yaml`, DIRECTORY);
  if (!existsSync(file)) return `test/fixtures/record-types/${type.key}.yaml is missing`;
  const checked = FixtureSchema.safeParse(parseYaml(readFileSync(file, 'utf8')));
  return checked.success ? checked.data : z.prettifyError(checked.error);
}

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
      expect(type.rules ?? {}).toEqual(fixture.rules ?? {});
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

    it.each(fixture.dyn.both)('Dyn rdata of $value, both ways', ({ value, rdata }) => {
      expect(type.dyn.toRdata(value)).toEqual(rdata);
      expect(type.dyn.fromRdata(rdata)).toEqual({ ok: true, value });
    });

    it.each(fixture.dyn.read)('Dyn rdata $rdata reads as $value', ({ rdata, value }) => {
      expect(type.dyn.fromRdata(rdata)).toEqual({ ok: true, value });
    });

    it.each(fixture.dyn.invalid)('Dyn rdata $rdata is refused', ({ rdata, problems }) => {
      expect(type.dyn.fromRdata(rdata)).toEqual({ ok: false, problems });
    });
  });
});
