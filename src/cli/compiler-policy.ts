import { givenToNode, type HeapContext, LARGE_RUN_HEAP_FLAG, measuredV8 } from './heap-policy.js';

/**
 * V8 sized to the run: its optimising compiler (TurboFan) and its memory-saving mode. Measured, not guessed
 * (docs/benchmarks.md, "Memory"):
 * - A run of a few thousand records spends more compiling hot functions on TurboFan's threads than the optimised
 *   code saves it, and the compiler's pages and zones are 5–11 MB of its peak: `--no-opt` (the interpreter and
 *   baseline compiler only). A 100,000-record plan takes 1.6 times the CPU without it.
 * - A small run's peak comes with V8's first full collection, which V8 starts when the old generation reaches its
 *   first limit (about 13 MB) and after which it grows by at least 8 MB: `--optimize-for-size` collects sooner and
 *   grows by 2 MB, 2 MB less peak at 1,000 records, 1.5 MB at 10,000, for 0.01–0.02 s of CPU; on a large run it
 *   costs far more CPU than it saves memory.
 * So a command that loads desired state starts with both, and once its YAML is read, before it is parsed, a run of
 * OPTIMISE_FROM_CHARACTERS or more undoes them (`--opt --no-optimize-for-size`) and lets the old generation grow
 * further (heap-policy.ts, LARGE_RUN_HEAP_FLAG: 10-16 % less CPU at 100,000 records). A small YAML may still plan against
 * a large live zone (one record against 50,000 in a zone file took 1.3 times the CPU without TurboFan): once the live
 * zones are read, OPTIMISE_FROM_LIVE_RECORDS record sets or more undo them too. Other commands (import, the emulator,
 * verify) keep V8's defaults: their size is not known before they read a service.
 *
 * Set at run time like the heap's flags (heap-policy.ts): V8 reads both each time it would optimise or size the
 * heap. Only on the V8 they were measured on, and never over the user's own choice (`node --opt …`, `--turbofan`,
 * `--no-opt`, `--optimize-for-size`, `--no-optimize-for-size`: each pair decided on its own).
 */
/** The commands that load desired state, by the name that starts their command line (run.ts). */
const LOADING_COMMANDS: ReadonlySet<string> = new Set(['plan', 'apply', 'validate', 'drift']);

/**
 * About 14,000 records of the bench's zones (36 characters a record): without TurboFan a no-op plan of 10,000
 * records took 0.09–0.10 s less CPU, a zone-file plan of 20,000 (709,000 characters) 0.13 s more, one of 100,000
 * 1.6 s more.
 */
export const OPTIMISE_FROM_CHARACTERS = 500_000;

/**
 * About as many record sets as OPTIMISE_FROM_CHARACTERS of YAML holds: a plan of one record against a zone file of
 * 50,000 took 8.0 s of CPU without TurboFan, 6.0 s with it (medians of 4 pairs at load 16–20).
 */
export const OPTIMISE_FROM_LIVE_RECORDS = 14_000;

/**
 * Each flag a small run starts with, the flag that undoes it once the run is known to be large, and the node flags
 * by which a user chose for themselves (then neither is set).
 */
const SMALL_RUN_FLAGS = [
  { small: '--no-opt', large: '--opt', given: ['opt', 'no-opt', 'turbofan', 'no-turbofan'] },
  {
    small: '--optimize-for-size',
    large: '--no-optimize-for-size',
    given: ['optimize-for-size', 'no-optimize-for-size'],
  },
] as const;

/** The flags a command line starts with (`first`: its first argument), one string; '' when none is. */
export function startCompilerFlags(first: string | undefined, context: HeapContext): string {
  if (first === undefined || !LOADING_COMMANDS.has(first) || !measuredV8(context)) return '';
  return SMALL_RUN_FLAGS.filter((flag) => !flag.given.some((name) => givenToNode(context, name)))
    .map((flag) => flag.small)
    .join(' ');
}

/**
 * The flags to set once `characters` of YAML are read, after `started` (every flag the run set at its start:
 * heapFlags and startCompilerFlags); '' when none is.
 */
export function sizedCompilerFlags(characters: number, started: string): string {
  return characters >= OPTIMISE_FROM_CHARACTERS ? largeRunFlags(started) : '';
}

/** The flags to set once `records` live record sets are read, after `started`; '' when none is. */
export function liveCompilerFlags(records: number, started: string): string {
  return records >= OPTIMISE_FROM_LIVE_RECORDS ? largeRunFlags(started) : '';
}

/** What replaces each of the small run's flags that `started` set: the compiler's, then the heap's. */
function largeRunFlags(started: string): string {
  const set = started.split(' ');
  return [...SMALL_RUN_FLAGS, LARGE_RUN_HEAP_FLAG]
    .filter((flag) => set.includes(flag.small))
    .map((flag) => flag.large)
    .join(' ');
}
