/**
 * The V8 heap settings the CLI gives itself (main.ts), before it loads its code: what keeps a small run near an
 * empty Node process in memory. Measured, not guessed (docs/benchmarks.md, "Memory"):
 *
 * - V8 doubles the young generation each time the bytes that survived its collections since the last growth pass
 *   its size. Loading the CLI's code keeps almost everything it allocates (functions, shapes, the schemas built at
 *   import), so the young generation grows from 1 MB to 8 MB a half (16 MB committed) before any YAML is read: 5 MB
 *   of a 1,000-record plan's peak, 20 MB of a 10,000-record one's. `--semi-space-growth-factor=1` keeps it at its
 *   first size. V8 reads this factor each time it would grow, so setting it at run time works, whereas
 *   `--max-semi-space-size` is read once when the heap is made and set at run time changes nothing.
 * - `--heap-growing-percent=50` lets the old generation grow by half, not by up to four times, before the next full
 *   collection: what a small young generation promotes (a large file's parse) is collected sooner.
 *
 * The price is CPU on large inputs (more, smaller collections): 10–20 ms at 1,000 records, about 12 % at 10,000,
 * 28–36 % at 100,000; a command that finds its run large lets the old generation grow further (LARGE_RUN_HEAP_FLAG).
 * Set with `v8.setFlagsFromString`, which Node documents as "use with care": a V8 that does not
 * know a flag prints an error line and goes on, so the flags are given only to the V8 they were measured on. A user
 * who sets either flag keeps theirs: `node --semi-space-growth-factor=2 "$(command -v edgeplan)" …` (Node refuses
 * both in NODE_OPTIONS).
 */

/** The flags, for the V8 major versions they were measured on (Node 20: V8 11). */
export const HEAP_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=50'] as const;
const MEASURED_V8_MAJORS = ['11'];

/**
 * What a run known to be large sets instead of `--heap-growing-percent=50` (compiler-policy.ts): the old generation
 * doubles between full collections. A 100,000-record plan takes 10-16 % less CPU for 5-23 % more peak; V8's own
 * growth (up to four times) took a quarter less CPU but 40-80 % more peak (docs/benchmarks.md, "V8's own heap growth
 * for a large run"). The young generation stays small: its own growth cost more memory for less CPU.
 */
export const LARGE_RUN_HEAP_FLAG = { small: HEAP_FLAGS[1], large: '--heap-growing-percent=100' } as const;

/** What decides the flags: the V8 that runs (process.versions.v8) and node's own arguments (process.execArgv). */
export interface HeapContext {
  v8: string;
  execArgv: readonly string[];
}

/** The flags to set, one string for `v8.setFlagsFromString`; '' when none is. */
export function heapFlags(context: HeapContext): string {
  if (!measuredV8(context)) return '';
  return HEAP_FLAGS.filter((flag) => !givenToNode(context, flag.slice(2, flag.indexOf('=')))).join(' ');
}

/** True on the V8 the CLI's own flags were measured on: any other may not know them. */
export function measuredV8(context: HeapContext): boolean {
  return MEASURED_V8_MAJORS.includes(context.v8.split('.')[0] ?? '');
}

/** True when node was given the flag `name` (`--name`, `--name=…`, underscores or dashes): the user's, kept. */
export function givenToNode(context: HeapContext, name: string): boolean {
  const given = context.execArgv.map((arg) => arg.replace(/^--/, '').replaceAll('_', '-'));
  return given.some((arg) => arg === name || arg.startsWith(`${name}=`));
}
