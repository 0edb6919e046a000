/** Waits `ms` of real time; every provider takes an injected `sleep` instead in tests. */
export function realSleep(ms: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/** `sleep`, cut short when `signal` aborts (the caller then stops at its next check of the signal). */
export async function abortableSleep(
  sleep: (ms: number) => Promise<void>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return;
  let stop: () => void = () => {};
  const aborted = new Promise<void>((resolve) => {
    stop = () => resolve();
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    await Promise.race([sleep(ms), aborted]);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
