/**
 * The emulator's account file: what `--seed` loads, what `--state` persists and what `snapshot()` returns.
 * Sections per API (`dns:` in dyn/seed.ts, `waf:` in waf/seed.ts), every object strict so a typo is an error,
 * every field but the record's own optional so a seed stays short.
 */
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { closestNames } from '../model/closest-names.js';
import { objectKeysAt } from '../model/schema-keys.js';
import * as z from '../model/zod.js';
import { DnsSeedSchema } from './dyn/seed.js';
import { jsonSyntaxProblem, yamlSyntaxProblem } from './syntax-error.js';
import { WafSeedSchema } from './waf/seed.js';

export const EmulatorSeedSchema = z.strictObject({
  dns: z.optional(DnsSeedSchema),
  waf: z.optional(WafSeedSchema),
});

export type EmulatorSeed = z.input<typeof EmulatorSeedSchema>;
export type ParsedSeed = z.output<typeof EmulatorSeedSchema>;

/** Validates a parsed YAML/JSON value; the error lists every problem as `path: message`. */
export function parseSeed(value: unknown, source = 'seed'): ParsedSeed {
  const result = EmulatorSeedSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  const lines = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => `  - ${formatPath([...issue.path, key])}: ${unknownKey(key, issue.path)}`)
      : [`  - ${formatPath(issue.path)}: ${issue.message}`],
  );
  throw new Error(`Invalid emulator seed ${source}:\n${lines.join('\n')}${desiredStateHint(value)}`);
}

/** `unknown key; did you mean …? (expected …)`, the keys allowed where it stands. */
function unknownKey(key: string, path: readonly PropertyKey[]): string {
  const allowed = objectKeysAt(EmulatorSeedSchema, path);
  const near = closestNames(key, allowed, 3, 1);
  const hint = near.length > 0 ? `; did you mean ${near.join(' or ')}?` : '';
  return `unknown key${hint} (expected ${allowed.join(', ')})`;
}

/** Keys only desired state has at its top level: a file with them was given as a seed by mistake. */
const DESIRED_STATE_KEYS = ['zones', 'secondary_zones', 'geo_services', 'settings', 'providers'];

function desiredStateHint(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const keys = DESIRED_STATE_KEYS.filter((key) => Object.hasOwn(value, key));
  if (keys.length === 0) return '';
  return (
    `\n  This is desired state (${keys.join(', ')}), not an emulator account: a seed has dns: and waf: sections ` +
    '(examples/quickstart/sandbox-seed.yaml). Give desired state as PATH.'
  );
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((p, i) => {
      if (typeof p === 'number') return `[${p}]`;
      const key = String(p);
      if (/^[A-Za-z_][\w-]*$/.test(key)) return i === 0 ? key : `.${key}`;
      return `[${JSON.stringify(key)}]`;
    })
    .join('');
}

/** Reads and validates a seed file (`.json` as JSON, anything else as YAML); errors name the file, never quote it. */
export async function loadSeedFile(path: string): Promise<EmulatorSeed> {
  const text = await readFile(path, 'utf8');
  const json = path.endsWith('.json');
  let value: unknown;
  try {
    value = json ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    // The parsers' messages quote the file, which holds the account's credentials: only where it is wrong.
    const problem = json ? jsonSyntaxProblem(text) : yamlSyntaxProblem(err);
    throw new Error(`Cannot parse emulator seed ${path}: ${problem}`);
  }
  parseSeed(value, path);
  return value as EmulatorSeed;
}
