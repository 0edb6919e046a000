import { readLoc } from '../../model/record-types/loc-text.js';

/**
 * LOC (RFC 1876) as PowerDNS 4.7 takes and keeps it, measured against pdns_server: its HTTP API refuses a value
 * whose text differs from the one it would print ("Not in expected format (parsed as '…')"), and it prints
 *
 * - a latitude or longitude of exactly 0 as `0 0 0.000 S` / `0 0 0.000 W` (the same RDATA as N and E: dig prints
 *   N and E), so this content writes S and W there;
 * - every size and precision with two decimals (`1.00m`), so whole metres are written so;
 * - a 32-bit field above 2^31 − 1 as a negative number: an altitude above 21374836.47 m (`42849672.95m` comes back
 *   as `-100000.01m`) or a size or precision above 21474836.47 m (`90000000m` comes back as `4000000.00m`). Such
 *   a value is stored as another, by the API or by DNS UPDATE, so it is refused before any call (`pdnsLocProblem`).
 */
const INT32_MAX = 2 ** 31 - 1;
/** RFC 1876 §2: the altitude field holds centimetres from 100 km below the reference spheroid. */
const ALTITUDE_BASE = 10_000_000;

/** A size or precision in whole metres (`1m`); canonical text writes the others `<digits>.<2 digits>m`. */
// Stryker disable next-line Regex: equivalent, no canonical size has anything after its `m`
const WHOLE_METRES = /^\d+m$/;

/** The canonical LOC value (12 words) in the writing PowerDNS's API takes. */
export function pdnsLocContent(value: string): string {
  const words = value.split(' ');
  if (words.slice(0, 3).join(' ') === '0 0 0.000') words[3] = 'S';
  if (words.slice(4, 7).join(' ') === '0 0 0.000') words[7] = 'W';
  const sized = words.map((word, index) =>
    index > 8 && WHOLE_METRES.test(word) ? `${word.slice(0, -1)}.00m` : word,
  );
  return sized.join(' ');
}

/** Why PowerDNS would keep this canonical LOC value as another, or null when it keeps it as written. */
export function pdnsLocProblem(value: string): string | null {
  const read = readLoc(value);
  if (!read.ok) return null;
  const { altitude, size, horizontal, vertical } = read.numbers;
  if (altitude + ALTITUDE_BASE > INT32_MAX)
    return 'keeps a LOC altitude above 21374836.47m as a negative one (PowerDNS 4.7): write a lower altitude';
  // Stryker disable next-line EqualityOperator: equivalent, a size is one digit times a power of ten, never 2^31 − 1
  if (Math.max(size, horizontal, vertical) > INT32_MAX)
    return 'keeps a LOC size or precision above 21474836.47m as another value (PowerDNS 4.7): write 20000000m or less';
  return null;
}
