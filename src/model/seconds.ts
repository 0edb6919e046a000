/** A number of seconds for people: `45 s`, `25 min`, `1 min 5 s`. */
export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** `HH:MM UTC` of the moment `seconds` after `nowMs`: when a rate-limit window resets. */
export function utcClockAfter(nowMs: number, seconds: number): string {
  return `${new Date(nowMs + seconds * 1000).toISOString().slice(11, 16)} UTC`;
}
