import type { SerialStyle } from '../../model/zone.js';
import { parseZoneFileTtl } from '../../model/zone-file/ttl.js';

/**
 * A zone file's SOA (RFC 1035 §3.3.13), the one record of the zone edgeplan rewrites itself: its serial goes up
 * once per apply that changes the zone, everything else is kept. Names are absolute, escapes as written.
 */
export interface Soa {
  ttl: number;
  mname: string;
  rname: string;
  serial: number;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
}

/** Serials are unsigned 32-bit numbers that wrap (RFC 1982). */
const SERIAL_SPACE = 2 ** 32;

/** Timers of a zone edgeplan creates: BIND's usual refresh, retry and expire; five minutes of negative caching. */
export const NEW_ZONE_TIMERS = { refresh: 3600, retry: 600, expire: 1_209_600, minimum: 300 } as const;

/** SOA RDATA (names absolute already) → the SOA, or why it is not one. Timers may use units (`8H`, `1W`). */
export function parseSoa(fields: readonly string[], ttl: number): Soa | string {
  if (!hasSevenFields(fields))
    return 'an SOA has seven fields: mname rname serial refresh retry expire minimum';
  const [mname, rname, serial, ...timers] = fields;
  if (!/^\d+$/.test(serial) || Number(serial) >= SERIAL_SPACE)
    return `the SOA serial ${serial} is not a number from 0 to ${SERIAL_SPACE - 1}`;
  const [refresh, retry, expire, minimum] = timers.map(parseZoneFileTtl);
  if (refresh === undefined || retry === undefined || expire === undefined || minimum === undefined)
    return `the SOA timers ${timers.join(' ')} are not all TTLs`;
  return { ttl, mname, rname, serial: Number(serial), refresh, retry, expire, minimum };
}

/** An SOA's RDATA: mname rname serial refresh retry expire minimum (RFC 1035 §3.3.13). */
type SevenFields = readonly [string, string, string, string, string, string, string];

function hasSevenFields(fields: readonly string[]): fields is SevenFields {
  return fields.length === 7;
}

/** The SOA's RDATA as the file writes it. */
export function soaText(soa: Soa): string {
  return [soa.mname, soa.rname, soa.serial, soa.refresh, soa.retry, soa.expire, soa.minimum].join(' ');
}

/**
 * How a file's serial is numbered, read from the serial itself: `YYYYMMDDnn` (a date from 1990 on, and a count of
 * the day's versions) is `day`; anything else counts up by one (`increment`), which also keeps an epoch serial
 * increasing.
 */
export function serialStyleOf(serial: number): SerialStyle {
  const match = /^(\d{4})(\d{2})(\d{2})\d{2}$/.exec(String(serial));
  if (!match) return 'increment';
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
  return real && (year ?? 0) >= 1990 ? 'day' : 'increment';
}

/**
 * The serial after one more version, in `style`, at `nowMs` (UTC): increment +1; epoch the UNIX time; day
 * `YYYYMMDDnn`; minute `YYMMDDHHMM`. Never lower or equal (RFC 1982): when the clock's value is not above the
 * current serial, it is the current serial + 1, wrapping at 2^32.
 */
export function nextSerial(style: SerialStyle, current: number, nowMs: number): number {
  const following = (current + 1) % SERIAL_SPACE;
  const candidate = clockSerial(style, nowMs);
  return candidate !== undefined && candidate > current && candidate < SERIAL_SPACE ? candidate : following;
}

/** The first serial of a zone created at `nowMs`: the clock's value in `style`, or 1 for `increment`. */
export function firstSerial(style: SerialStyle, nowMs: number): number {
  return clockSerial(style, nowMs) ?? 1;
}

function clockSerial(style: SerialStyle, nowMs: number): number | undefined {
  const d = new Date(nowMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  const ymd = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  switch (style) {
    case 'increment':
      return undefined;
    case 'epoch':
      return Math.floor(nowMs / 1000);
    case 'day':
      return Number(ymd) * 100 + 1;
    case 'minute':
      return Number(`${ymd.slice(2)}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`);
  }
}

/**
 * A contact address as an SOA RNAME (RFC 1035 §8): the local part becomes the first label, its dots and the
 * characters a zone file gives a meaning to escaped, then the domain; absolute.
 */
export function rnameOf(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at + 1).replace(/\.$/, '');
  const escaped = [...Buffer.from(local, 'utf8')]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (byte <= 0x20 || byte >= 0x7f) return `\\${String(byte).padStart(3, '0')}`;
      return /[.;()"\\@$]/.test(c) ? `\\${c}` : c;
    })
    .join('');
  return domain === '' ? `${escaped}.` : `${escaped}.${domain}.`;
}
