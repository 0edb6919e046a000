/**
 * Zone serial after a publish, by serial style (help.dyn.com, Create zone API): increment +1; epoch = UNIX seconds;
 * day = YYYYMMDDnn (nn counts publishes of the day); minute = YYMMDDHHMM. Dates in UTC from the injected clock. The
 * serial never goes down or repeats: when the clock value is not above the current serial, it becomes serial + 1.
 */
import type { SerialStyle } from '../../model/dns.js';

export function nextSerial(style: SerialStyle, current: number, nowMs: number): number {
  const d = new Date(nowMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  const ymd = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  switch (style) {
    case 'increment':
      return current + 1;
    case 'epoch':
      return Math.max(Math.floor(nowMs / 1000), current + 1);
    case 'day':
      return Math.max(Number(ymd) * 100, current + 1);
    case 'minute':
      return Math.max(Number(`${ymd.slice(2)}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`), current + 1);
  }
}
