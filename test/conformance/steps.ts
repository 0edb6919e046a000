import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { DnsCapabilities } from '../../src/model/provider.js';
import * as z from '../../src/model/zod.js';
import { typeGroups } from './type-steps.js';

/**
 * The provider conformance table (after DNSControl's integrationTest: `testgroup`, `requires`, `tc`). Each group
 * runs on a zone of its own that does not exist yet, so its first step also creates the zone; each step is the
 * whole desired content of that zone, as YAML, which the runner loads through `loadDesiredState` (validation as
 * users get it), plans, applies, checks against what the server serves, and plans again, which must be empty.
 * Nothing here knows a provider: what a provider allows comes in as its capabilities.
 */

export interface ConformanceStep {
  /** What the step does, as the test names it. */
  name: string;
  /**
   * The zone's body as YAML: `records`, `unmanaged`, `default_ttl`. The runner names the group's zone, and puts
   * its name where the text says `{zone}`.
   */
  zone: string;
  /** The step's plan must be empty: the desired state says what is served, in other words. */
  unchanged?: true;
  /** Names (relative) that are `unmanaged` in this step and must still be served after it, as they were. */
  keeps?: string[];
  /** Loading must fail with a problem containing this text; nothing is planned or sent. */
  refused?: string;
  /** Why the step cannot run on this branch yet: it and the group's later steps are reported as to-do. */
  pending?: string;
}

export interface ConformanceGroup {
  name: string;
  /** Record types the provider must support (`DnsCapabilities.recordTypes`), else the group is skipped. */
  requires: string[];
  steps: ConformanceStep[];
}

const EMPTY: ConformanceStep = { name: 'empty the zone', zone: 'records: {}' };

const Step = z.strictObject({
  name: z.string(),
  zone: z.string(),
  unchanged: z.optional(z.literal(true)),
  keeps: z.optional(z.array(z.string())),
  refused: z.optional(z.string()),
  pending: z.optional(z.string()),
});
const Groups = z.array(
  z.strictObject({ name: z.string(), requires: z.array(z.string()), steps: z.array(Step) }),
);

/** fixtures/groups.yaml: the groups written out as users write zones. */
function handwrittenGroups(): ConformanceGroup[] {
  const text = readFileSync(new URL('fixtures/groups.yaml', import.meta.url), 'utf8');
  return Groups.parse(parse(text));
}

/** `count` A values 192.0.2.1, 192.0.2.2, … as a YAML flow list. */
function addresses(count: number): string {
  return `[${Array.from({ length: count }, (_, i) => `192.0.2.${i + 1}`).join(', ')}]`;
}

/** Most A records at one name the provider takes; a provider without a limit gets a large set anyway. */
function manyValues(capabilities: DnsCapabilities): ConformanceGroup {
  const limit = capabilities.maxRecordsPerName.A;
  const most = limit ?? 20;
  const over: ConformanceStep[] =
    limit === undefined
      ? []
      : [
          {
            name: `one more than the limit (${limit + 1}) is refused before any call`,
            zone: `records: { www: { a: ${addresses(limit + 1)} } }`,
            refused: `at most ${limit}`,
          },
        ];
  return {
    name: 'many values at one name',
    requires: ['A'],
    steps: [
      { name: 'create one A', zone: 'records: { www: { a: [192.0.2.1] } }' },
      { name: `grow to ${most} A records at once`, zone: `records: { www: { a: ${addresses(most)} } }` },
      ...over,
      { name: 'shrink to two', zone: 'records: { www: { a: [192.0.2.1, 192.0.2.2] } }' },
      {
        name: `back to ${most} with a new TTL`,
        zone: `records: { www: { a: ${addresses(most)}, ttl: 60 } }`,
      },
      EMPTY,
    ],
  };
}

/** `length` octets of text, as a YAML flow scalar. */
const text = (length: number, char: string) => JSON.stringify(char.repeat(length));

/** TXT texts around the 255-octet string limit (DNSControl's "complex TXT"), and the characters that need care. */
const TXT_TEXTS: [string, string][] = [
  ...[0, 254, 255, 256, 509, 510, 511, 764, 765, 766].map((n): [string, string] => [`len${n}`, text(n, 'x')]),
  ['squote', `"quo'te"`],
  ['dquote', `'in"ter"ior'`],
  ['dquote-left', `'"left'`],
  ['backslash', String.raw`'1back\slash 2back\\slash'`],
  ['semicolon', `"wssemi ; colon"`],
  ['trailing-space', `"trailingws "`],
  ['unicode', `"café 😀 日本"`],
  ['multibyte-split', JSON.stringify(`${'x'.repeat(254)}é`)],
  ['spf', `"v=spf1 ip4:192.0.2.0/24 include:_spf.example.net -all"`],
];

function txtRecords(suffix: string): string {
  const sets = TXT_TEXTS.map(([name, value]) =>
    suffix === ''
      ? `${name}: { txt: [${value}] }`
      : `${name}: { txt: [${value}, ${JSON.stringify(suffix)}] }`,
  );
  return `records: { ${sets.join(', ')} }`;
}

const TXT_TEXT: ConformanceGroup = {
  name: 'TXT text',
  requires: ['TXT'],
  steps: [
    { name: 'create texts around 255 octets and with quotes, backslashes, unicode', zone: txtRecords('') },
    { name: 'add a second string to each', zone: txtRecords('second "one"') },
    EMPTY,
  ],
};

/**
 * The whole table for a provider with `capabilities`: the handwritten groups (fixtures/groups.yaml), those that
 * depend on the provider's limits or are easier written as code, then one group per registered type.
 * `uncovered` lists the registered types without a group (the suite fails on any).
 */
export function conformanceTable(capabilities: DnsCapabilities): {
  groups: ConformanceGroup[];
  uncovered: string[];
} {
  const types = typeGroups(capabilities);
  const groups = [...handwrittenGroups(), manyValues(capabilities), TXT_TEXT, ...types.groups];
  return { groups, uncovered: types.uncovered };
}
