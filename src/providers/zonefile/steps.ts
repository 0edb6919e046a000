import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work done in steps: a generator that yields between pieces of a long job (reading a large zone file) and returns
 * its result. The same code runs at once (`runSteps`, for a file known to be small, or in a pure test) or in turns
 * of the event loop (`runStepsAsync`), where a signal (SIGINT, SIGTERM, the command ending) is seen between steps.
 */
export type Steps<T> = Generator<void, T, undefined>;

/** Runs every step now and gives the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs the steps one turn of the event loop each, so signals and timers are handled between them; once `signal` is
 * aborted, the next step is not run and the promise rejects with the signal's reason (as `AbortSignal.throwIfAborted`
 * does).
 */
export async function runStepsAsync<T>(steps: Steps<T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    signal?.throwIfAborted();
    const next = steps.next();
    if (next.done) return next.value;
    await nextTurn();
  }
}
