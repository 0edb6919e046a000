import type { DnsCapabilities } from '../../src/model/provider.js';
import { RECORD_TYPES, type RecordType } from '../../src/model/record-types/index.js';
import { besideFields, fixtureOf } from '../fixtures/record-types/fixtures.js';
import type { ConformanceGroup, ConformanceStep } from './steps.js';

/**
 * One group per registered type, built from the type's own fixture (`test/fixtures/record-types/<key>.yaml`, the
 * record-type tests' file): its valid YAML values are what the group creates, changes and deletes. A type added to
 * the registry with its fixture is covered here without editing the table; a type without a fixture, or whose
 * fixture gives fewer than two different values, has no group (`typeGroups` says which, so the suite can fail).
 */

/**
 * The distinct valid inputs of the type's fixture (one input per canonical value) that the provider takes
 * (`valueProblem`) and that may stand beside others, or null without a fixture.
 */
export function fixtureInputs(type: RecordType, capabilities?: DnsCapabilities): unknown[] | null {
  const fixture = fixtureOf(type);
  if (typeof fixture === 'string') return null;
  const byValue = new Map<string, unknown>();
  for (const { input, value } of fixture.yaml.valid) {
    const refused = capabilities?.valueProblem?.(type.type, value) ?? null;
    // A value that stands alone in its set (the null MX) cannot join the others when the group grows.
    const sole = type.rules?.soleValue?.is(value) === true;
    if (refused === null && !sole && !byValue.has(value)) byValue.set(value, input);
  }
  return [...byValue.values()];
}

/**
 * The name a type's group writes at: the apex for a type that stands only there (ALIAS), else `t`. A type that
 * delegates (NS) has nothing below `t` in the group, so the rule "no records below a delegation" holds.
 */
function nameOf(type: RecordType): string {
  return type.rules?.apex === 'only' ? '@' : 't';
}

/**
 * `records:` YAML with one set of `type` at its name: `values` (one value for a single-valued type), and the set
 * the type needs beside it, if any (DS: an NS).
 */
function records(type: RecordType, values: unknown[], ttl?: number): string {
  const sets = { ...besideFields(type), [type.key]: type.single ? values[0] : values };
  const fields = Object.entries(sets).map(([key, data]) => `${key}: ${JSON.stringify(data)}`);
  if (ttl !== undefined) fields.push(`ttl: ${ttl}`);
  return `records: { ${JSON.stringify(nameOf(type))}: { ${fields.join(', ')} } }`;
}

/**
 * Create one value; change it (a single-valued type: to another value; else: grow to every value the provider
 * allows at one name, then shrink to the last); change only the TTL; delete the set. JSON is YAML, so each input
 * is written exactly as the fixture holds it, escapes and all.
 */
function stepsOf(type: RecordType, inputs: unknown[], limit: number | undefined): ConformanceStep[] {
  const [first, second] = inputs;
  const last = inputs.at(-1);
  const changes: ConformanceStep[] = type.single
    ? [{ name: `change the ${type.type} value`, zone: records(type, [second]) }]
    : [
        {
          name: `grow to every fixture value of ${type.type}`,
          zone: records(type, inputs.slice(0, limit ?? inputs.length)),
        },
        { name: `shrink to one other ${type.type} value`, zone: records(type, [last]) },
      ];
  const final = type.single ? second : last;
  return [
    { name: `create ${type.type}`, zone: records(type, [first]) },
    ...changes,
    { name: `change only the TTL of ${type.type}`, zone: records(type, [final], 600) },
    { name: `delete ${type.type}`, zone: 'records: {}' },
  ];
}

export interface TypeGroups {
  groups: ConformanceGroup[];
  /** Registered types without a group, each with the reason. */
  uncovered: string[];
}

/** A group for every registered type whose fixture gives at least two different valid values. */
export function typeGroups(capabilities: DnsCapabilities): TypeGroups {
  const groups: ConformanceGroup[] = [];
  const uncovered: string[] = [];
  for (const type of RECORD_TYPES) {
    // The SOA is no set a zone creates or deletes: its declared fields change the one every zone has, and the
    // serial is the provider's. Its own flows run on every provider that writes it (test/integration/soa-*.test.ts).
    if (type.type === 'SOA') continue;
    const inputs = fixtureInputs(type, capabilities);
    if (inputs === null || inputs.length < 2) {
      uncovered.push(`${type.type}: its fixture gives ${inputs === null ? 'no' : 'one'} valid value`);
      continue;
    }
    const limit = capabilities.maxRecordsPerName[type.type];
    const beside = type.rules?.besides ?? type.rules?.matches?.type;
    const requires = [type.type, ...(beside ? [beside] : [])];
    groups.push({ name: type.type, requires, steps: stepsOf(type, inputs, limit) });
  }
  return { groups, uncovered };
}
