import { unicodeForm } from '../../model/idn.js';
import type { Plan } from '../types.js';

/**
 * The Unicode forms a JSON plan shows beside the A-labels it holds (docs/plan-format.md): `zoneUnicode` beside a
 * `zone` and `fqdnUnicode` beside an `fqdn`, in each change's address and each `zones` entry, where the name has
 * A-labels that map back (model/idn.ts `unicodeForm`). They are for people, derived from the name beside them, and
 * added by the renderer only: the plan the engine computes has none, so a saved plan of a build that did not write
 * them compares equal to one that does. Reading a file checks each one against its name, so a file cannot show a
 * reviewer a name other than the one it changes, then drops them.
 */
const FIELDS = [
  ['zone', 'zoneUnicode'],
  ['fqdn', 'fqdnUnicode'],
] as const;

/** The plan as the JSON file holds it: with the Unicode forms beside its names. */
export function withUnicodeNames(plan: Plan): object {
  return {
    ...plan,
    zones: plan.zones.map(withUnicodeForms),
    changes: plan.changes.map((change) => ({ ...change, address: withUnicodeForms(change.address) })),
  };
}

/** One zones entry or change address with the Unicode forms beside its names (the drift JSON's changes too). */
export function withUnicodeForms<T extends object>(named: T): T {
  const forms = FIELDS.flatMap(([field, shown]) => {
    const name = Reflect.get(named, field);
    const unicode = typeof name === 'string' ? unicodeForm(name) : undefined;
    return unicode === undefined ? [] : [[shown, unicode] as const];
  });
  return { ...named, ...Object.fromEntries(forms) };
}

/**
 * A saved plan's `changes` and `zones` as read, each Unicode form checked against the name beside it (a problem
 * per form that is not `unicodeForm` of it, `path: message`) and dropped.
 */
export function readUnicodeNames(doc: Record<string, unknown>, problems: string[]): Record<string, unknown> {
  const { changes, zones } = doc;
  return {
    ...doc,
    ...(Array.isArray(zones)
      ? { zones: zones.map((zone, i) => dropForms(zone, `zones.${i}`, problems)) }
      : {}),
    ...(Array.isArray(changes)
      ? {
          changes: changes.map((change: unknown, i) => {
            if (!isRecord(change) || !isRecord(change.address)) return change;
            return { ...change, address: dropForms(change.address, `changes.${i}.address`, problems) };
          }),
        }
      : {}),
  };
}

function dropForms(named: unknown, path: string, problems: string[]): unknown {
  if (!isRecord(named)) return named;
  const kept = { ...named };
  for (const [field, shown] of FIELDS) {
    if (!Object.hasOwn(kept, shown)) continue;
    const written = kept[shown];
    const name = kept[field];
    const expected = typeof name === 'string' ? unicodeForm(name) : undefined;
    if (written !== expected)
      problems.push(
        `${path}.${shown}: ${JSON.stringify(written)} is not the Unicode form of ${JSON.stringify(name)}` +
          (expected === undefined ? ' (it has none)' : ` (${JSON.stringify(expected)})`),
      );
    delete kept[shown];
  }
  return kept;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
