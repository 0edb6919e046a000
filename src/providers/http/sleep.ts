import { onAbort } from './on-abort.js';

/** Waits `ms` of real time; every provider takes an injected `sleep` instead in tests. */
export function realSleep(ms: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/**
 * `sleep`, cut short when `signal` aborts (the caller then stops at its next check of the signal). Any number of
 * sleeps share the signal's one listener (on-abort.ts).
 */
export async function abortableSleep(
  sleep: (ms: number) => Promise<void>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return;
  let leave: () => void = () => {};
  const aborted = new Promise<void>((resolve) => {
    leave = onAbort(signal, resolve);
  });
  try {
    await Promise.race([sleep(ms), aborted]);
  } finally {
    leave();
  }
}
