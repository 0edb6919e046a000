import type picomatch from 'picomatch';
import { loadPicomatch } from './glob.js';
import { globToALabels } from './idn.js';
import { writtenNameProblem, writtenRelativeName } from './names.js';
import { recordType } from './record-types/registry.js';

/**
 * `unmanaged` entries: what of a zone another tool owns. An entry names record sets by a name glob (picomatch syntax
 * on names relative to their zone, `@` the apex, matched case-insensitively with `dot: true`; users write it as
 * record names are written, relative or absolute with the trailing dot: `unmanagedNameGlob`), optionally only some
 * types, and optionally only the values matching a value glob (DNSControl's `IGNORE(label, type, target)`). What an
 * entry matches is never created, changed or deleted; a set whose values are only partly matched is written with
 * the matched live values carried over.
 */
export interface UnmanagedEntry {
  /** Glob on names relative to the zone. */
  name: string;
  /** Registered types, sorted, each once; absent: every type. */
  types?: string[];
  /** Glob on values (`valueMatches`); absent: every value, so the whole set is left alone. */
  value?: string;
}

const OPTIONS = { dot: true, nocase: true } satisfies picomatch.PicomatchOptions;
/** Values are not paths: `*` also crosses `/` (picomatch's `bash` mode). */
const VALUE_OPTIONS = { ...OPTIONS, bash: true } satisfies picomatch.PicomatchOptions;

const matchers = new Map<string, picomatch.Matcher>();

function matcherOf(glob: string, options: picomatch.PicomatchOptions): picomatch.Matcher {
  const key = `${options === VALUE_OPTIONS ? 'v' : 'n'}${glob}`;
  let matcher = matchers.get(key);
  if (!matcher) {
    matcher = loadPicomatch()(glob, options);
    matchers.set(key, matcher);
  }
  return matcher;
}

/** True when `relativeName` (as `relativeName()` in model/names.ts returns it) matches the name glob `glob`. */
export function nameMatches(relativeName: string, glob: string): boolean {
  return matcherOf(glob, OPTIONS)(relativeName);
}

/** True when `relativeName` matches one of the name globs `globs`. */
export function isUnmanaged(relativeName: string, globs: readonly string[]): boolean {
  return globs.some((glob) => nameMatches(relativeName, glob));
}

/** True when `entry` covers record sets of `type` at `relativeName` (some or all of their values). */
export function entryCovers(entry: UnmanagedEntry, relativeName: string, type: string): boolean {
  return (entry.types === undefined || entry.types.includes(type)) && nameMatches(relativeName, entry.name);
}

/**
 * True when the value glob `glob` matches `value` (canonical, of `type`, in zone `zone`): its presentation text as
 * the plan shows it, or, for a type whose YAML value is one string, that string (a TXT's text without its quotes, a
 * CNAME target relative to the zone). Case-insensitive: matching more keeps more of what others wrote.
 */
export function valueMatches(glob: string, type: string, value: string, zone: string): boolean {
  const matcher = matcherOf(glob, VALUE_OPTIONS);
  if (matcher(value)) return true;
  const yaml = recordType(type)?.toYaml(value, zone);
  return typeof yaml === 'string' && yaml !== value && matcher(yaml);
}

/**
 * Why `glob` cannot be used (an unbalanced bracket or parenthesis), or null when it compiles. Loading picomatch is
 * outside the catch: a package installed without its dependencies is not a problem of the glob.
 */
export function globProblem(glob: string): string | null {
  const compiler = loadPicomatch();
  try {
    compiler.makeRe(glob, { ...OPTIONS, strictBrackets: true });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** An entry as users read it in messages: `app`, `app A,AAAA`, `_acme-challenge* TXT value "*"`. */
export function entryText(entry: UnmanagedEntry): string {
  const types = entry.types ? ` ${entry.types.join(',')}` : '';
  const value = entry.value === undefined ? '' : ` value "${entry.value}"`;
  return `${entry.name}${types}${value}`;
}

/**
 * The name glob of an `unmanaged` entry as written → the glob on relative names that `nameMatches` takes, or why it
 * cannot be used: the one place entries' names are read. Written as record names are (model/names.ts
 * `writtenNameProblem`): relative (`www`, `_acme-*`, `@`), or absolute with the trailing dot and inside the zone
 * (`www.example.com.` → `www`, `example.com.` → `@`). A Unicode label is its A-label (`*.bücher` → `*.xn--bcher-kva`,
 * model/idn.ts), as in record names.
 */
export function unmanagedNameGlob(written: string, zone: string): { glob: string } | { problem: string } {
  const idn = globToALabels(written);
  if (!idn.ok) return { problem: idn.problem };
  const problem = writtenNameProblem(idn.name, zone);
  if (problem) return { problem };
  const glob = writtenRelativeName(idn.name, zone);
  const compiles = globProblem(glob);
  return compiles ? { problem: compiles } : { glob };
}
