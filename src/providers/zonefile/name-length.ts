import { shortened } from '../../model/text.js';

/**
 * The length of a domain name on the wire, from its zone-file form (RFC 1035 §2.3.4, §3.1): what a pull request's
 * `$ORIGIN` or owner must stay within, checked where it is written.
 */

/** The most octets of a domain name, and of one of its labels, on the wire (RFC 1035 §2.3.4). */
export const MAX_NAME_OCTETS = 255;
export const MAX_LABEL_OCTETS = 63;
/** How much of a refused name a message quotes (a name may be as long as the file). */
const SHOWN_NAME = 60;

const DOT = 0x2e;
const BACKSLASH = 0x5c;

/**
 * The octets of an absolute name (escapes as written, ending in an unescaped dot) on the wire, and of its longest
 * label: a length octet per label and the root's zero octet; `\DDD` one octet, `\X` the octets of X, any other
 * character its UTF-8 octets. One pass, whatever the name's length.
 */
export function nameOctets(absolute: string): { total: number; longestLabel: number } {
  let total = 1;
  let label = 0;
  let longestLabel = 0;
  const endLabel = () => {
    total += label > 0 ? label + 1 : 0;
    longestLabel = Math.max(longestLabel, label);
    label = 0;
  };
  for (let i = 0; i < absolute.length; i++) {
    let code = absolute.charCodeAt(i);
    if (code === DOT) {
      endLabel();
      continue;
    }
    if (code === BACKSLASH) {
      // Stryker disable next-line Regex: the slice is 3 characters: they hold 3 digits only when they are 3 digits.
      if (/^\d{3}/.test(absolute.slice(i + 1, i + 4))) {
        label += 1;
        i += 3;
        continue;
      }
      i += 1;
      code = absolute.charCodeAt(i);
    }
    label += utf8Octets(code);
  }
  endLabel();
  return { total, longestLabel };
}

/**
 * Why an absolute name is no domain name: a label over 63 octets or the whole over 255 (RFC 1035 §2.3.4), as
 * `nameOctets` counts them; null when it fits.
 */
export function nameLengthProblem(absolute: string): string | null {
  const { total, longestLabel } = nameOctets(absolute);
  const shown = shortened(absolute, SHOWN_NAME);
  if (longestLabel > MAX_LABEL_OCTETS)
    return `${shown} has a label of ${longestLabel} octets; a label has at most ${MAX_LABEL_OCTETS} (RFC 1035 §2.3.4)`;
  if (total > MAX_NAME_OCTETS)
    return `${shown} is ${total} octets long; a domain name has at most ${MAX_NAME_OCTETS} (RFC 1035 §2.3.4)`;
  return null;
}

/**
 * The UTF-8 octets of a UTF-16 code unit: a surrogate pair's 4 are counted at its first half, none at its second.
 * (Text read from a file is well-formed UTF-16: no lone surrogate.)
 */
function utf8Octets(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) return 4;
  if (code >= 0xdc00 && code <= 0xdfff) return 0;
  return 3;
}
