/** Waits `ms` of real time; every provider takes an injected `sleep` instead in tests. */
export function realSleep(ms: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}
