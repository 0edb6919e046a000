import { givenToNode, type HeapContext, measuredV8 } from './heap-policy.js';

/**
 * V8's optimising compiler (TurboFan) sized to the run. Measured, not guessed (docs/benchmarks.md, "Memory"): a run
 * of a few thousand records spends more compiling hot functions on TurboFan's threads than the optimised code saves
 * it, and the compiler's pages and zones are 5–11 MB of its peak. So a command that loads desired state starts
 * without it (`--no-opt`: V8's interpreter and baseline compiler only), and once its YAML is read, before it is
 * parsed, a run of OPTIMISE_FROM_CHARACTERS or more turns it on again (`--opt`): a 100,000-record plan takes 1.6
 * times the CPU without it. A small YAML may still plan against a large live zone (one record against 50,000 in a
 * zone file took 1.3 times the CPU without it): once the live zones are read, OPTIMISE_FROM_LIVE_RECORDS record
 * sets or more turn it on too. Other commands (import, the emulator, verify) keep V8's default: their size is not known
 * before they read a service.
 *
 * Set at run time like the heap's flags (heap-policy.ts), which V8 reads each time it would optimise: only on the V8
 * it was measured on, and never over the user's own choice (`node --opt …`, `--turbofan`, `--no-opt`).
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

const COMPILER_FLAGS = ['opt', 'no-opt', 'turbofan', 'no-turbofan'];

/** The flag a command line starts with (`first`: its first argument); '' when none is. */
export function startCompilerFlags(first: string | undefined, context: HeapContext): string {
  if (first === undefined || !LOADING_COMMANDS.has(first) || !measuredV8(context)) return '';
  return COMPILER_FLAGS.some((name) => givenToNode(context, name)) ? '' : '--no-opt';
}

/** The flag to set once `characters` of YAML are read, after `started` (startCompilerFlags); '' when none is. */
export function sizedCompilerFlags(characters: number, started: string): string {
  return started === '--no-opt' && characters >= OPTIMISE_FROM_CHARACTERS ? '--opt' : '';
}

/** The flag to set once `records` live record sets are read, after `started`; '' when none is. */
export function liveCompilerFlags(records: number, started: string): string {
  return started === '--no-opt' && records >= OPTIMISE_FROM_LIVE_RECORDS ? '--opt' : '';
}
