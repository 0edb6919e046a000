import { boundedArray } from '../../model/bounded-issues.js';
import { MAX_TTL } from '../../model/record-set.js';
import { GENERIC_KEY_PATTERN } from '../../model/record-types/generic.js';
import { RECORD_TYPES, type RecordType } from '../../model/record-types/index.js';
import * as z from '../../model/zod.js';
import { LINT_NAMES } from '../lints/lint-names.js';

/**
 * Schemas of record data, built from the record-type registry and nothing else: a record set (`zones.<zone>.records.
 * <name>`) holds `ttl` and one key per type (`a`, `mx`, …), a geo group the keys of the types a group may serve.
 * Config has no code of its own per type: a type's `yaml` schema checks the shape of one value, its `parse` the rest
 * (record-values.ts). See schema.ts for the conventions (strict objects, `error` strings are predicates).
 */

export { MAX_TTL };

const ttlError = `must be an integer between 1 and ${MAX_TTL}`;

export const Ttl = z
  .int({ error: ttlError })
  .check(z.minimum(1, { error: ttlError }), z.maximum(MAX_TTL, { error: ttlError }));

/** The YAML of one type's data: its one value (`single`), else a non-empty list of values. */
function valuesSchema(type: RecordType): z.ZodMiniType {
  if (type.single) return type.yaml.check(z.describe(`The ${type.type} value (one).`));
  return boundedArray(type.yaml, { error: `must be a list of ${type.type} values` }).check(
    z.minLength(1, { error: `must list at least one ${type.type} value` }),
    z.meta({ uniqueItems: true }),
    z.describe(`The ${type.type} values, each once.`),
  );
}

/** `{ <key>: values }` for each type, every key optional; a type's schema is built when a file first uses it. */
export function typeFields(types: readonly RecordType[]): Record<string, z.ZodMiniOptional<z.ZodMiniType>> {
  return Object.fromEntries(types.map((type) => [type.key, z.optional(z.lazy(() => valuesSchema(type)))]));
}

/**
 * The object schema with at least one of `types`' keys. zod checks it with a refinement that runs even when a
 * field is wrong (so the problem is reported with the others); the JSON Schema says it with `anyOf` + `required`.
 * A type that is alone at its name (CNAME) excludes every other type key (`dependentSchemas`), which only the JSON
 * Schema checks here: config reports it as a rule, naming both places (type-rules.ts).
 */
export function withRecordTypes<S extends z.ZodMiniObject>(
  object: S,
  types: readonly RecordType[],
  fixedKeys: readonly string[],
  byNumber = false,
): S {
  const keys = types.map((type) => type.key);
  // A type by its number (`type65280`, record-types/generic.ts): config checks it apart (schema-issues.ts); the JSON
  // Schema takes its key by pattern (exactly the numbers taken), a list of strings.
  const generic = byNumber
    ? {
        patternProperties: {
          [GENERIC_KEY_PATTERN]: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
        },
      }
    : {};
  const anyGeneric = byNumber ? [{ not: { propertyNames: { not: { pattern: GENERIC_KEY_PATTERN } } } }] : [];
  const alone = types.filter((type) => type.rules?.alone);
  return object.check(
    z.refine((value: object) => keys.some((key) => Object.hasOwn(value, key)), {
      error: `must hold at least one record type (${keys.join(', ')})`,
      // A map with an unknown key already has its message, which names the key (schema-issues.ts): one is enough.
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !Array.isArray(payload.value) &&
        !payload.issues.some((issue) => issue.code === 'unrecognized_keys'),
    }),
    z.meta({
      ...generic,
      anyOf: [...keys.map((key) => ({ required: [key] })), ...anyGeneric],
      ...(alone.length > 0
        ? {
            dependentSchemas: Object.fromEntries(
              alone.map((type) => [type.key, { propertyNames: { enum: [...fixedKeys, type.key] } }]),
            ),
          }
        : {}),
    }),
  );
}

export const RecordSetSchema = withRecordTypes(
  z.strictObject({
    ttl: z.optional(Ttl).check(z.describe("TTL in seconds; default: the zone's default_ttl.")),
    allow_lints: z
      .optional(
        z
          .array(z.enum(LINT_NAMES, { error: `must be a lint's name: ${LINT_NAMES.join(', ')}` }))
          .check(z.minLength(1)),
      )
      .check(
        z.describe(
          'Lint errors these sets may have as they are (a live zone served so, written by import): warnings, until a ' +
            'plan creates or changes the set (docs/lints.md).',
        ),
      ),
    override: z
      .optional(z.boolean({ error: 'must be true or false' }))
      .check(
        z.describe(
          "In a zone's records: these sets replace the same sets of the zone's templates or of the zone it is " +
            'the same as (same_as); without it, a set given twice is an error. Not in templates.',
        ),
      ),
    ...typeFields(RECORD_TYPES),
  }),
  RECORD_TYPES,
  ['ttl', 'allow_lints', 'override'],
  true,
).check(
  z.describe('Record sets at one name, by type (at least one type), with one TTL for all of them.'),
  z.meta({ id: 'record_set' }),
);
export type RecordSetDocument = z.infer<typeof RecordSetSchema>;

/**
 * The sets of one name whose types have different TTLs: a list of record-set maps, one per TTL, each TTL defaulting
 * to the zone's. At least two: a list of one map says what the map says, and one thing has one spelling (import
 * writes the map). A type is given in one item (its TTL is its item's): config reports a second one as a rule
 * naming both places (type-rules.ts); the JSON Schema says it with `contains`. A type that is alone at its name
 * (CNAME) is in no list, since every other item holds a type beside it.
 */
export const RecordSetListSchema = boundedArray(RecordSetSchema).check(
  z.minLength(2, {
    error:
      'must list at least two record-set maps, one per TTL (types that share a TTL are one map, no list)',
  }),
  z.meta({
    allOf: RECORD_TYPES.map((type) =>
      type.rules?.alone
        ? { not: { contains: { required: [type.key] } } }
        : { not: { contains: { required: [type.key] }, minContains: 2 } },
    ),
  }),
  z.describe('Record sets at one name with different TTLs: one map per TTL, each type in one map.'),
);

/** What a record name holds: one record-set map, or a list of them when its types have different TTLs. */
export const RecordNameSchema = z.union([RecordSetSchema, RecordSetListSchema], {
  error: 'must be a map of record types, or a list of such maps (one per TTL)',
});
