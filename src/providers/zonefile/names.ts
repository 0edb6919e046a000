/**
 * Domain names as a zone file writes them (RFC 1035 §5.1): absolute when they end in an unescaped dot, `@` for the
 * current origin, anything else relative to it. Names keep their escapes (`a\.b`, `\065`): only the reader of a
 * record type decides what it accepts.
 */
import { shortened } from '../../model/text.js';

/** The root origin, as `absoluteName` takes and gives origins: absolute, with the trailing dot. */
export const ROOT = '.';

/** `name` made absolute against `origin` (absolute, trailing dot): `@` is the origin, `.` the root. */
export function absoluteName(name: string, origin: string): string {
  if (name === '@') return origin;
  if (isAbsolute(name)) return name;
  return origin === ROOT ? `${name}.` : `${name}.${origin}`;
}

/** The most octets of a domain name, and of one of its labels, on the wire (RFC 1035 §2.3.4). */
export const MAX_NAME_OCTETS = 255;
export const MAX_LABEL_OCTETS = 63;
/** How much of a refused name a message quotes (a name may be as long as the file). */
const SHOWN_NAME = 60;

/**
 * Why an absolute name, escapes as written, is no domain name: a label over 63 octets or the whole over 255 (RFC
 * 1035 §2.3.4), counted as the wire counts them (a length octet per label and the root's zero octet; `\DDD` and `\X`
 * one octet; other characters their UTF-8 octets); null when it fits. One pass, whatever the name's length.
 */
export function nameLengthProblem(absolute: string): string | null {
  let total = 1;
  let label = 0;
  let longest = 0;
  const endLabel = () => {
    total += label > 0 ? label + 1 : 0;
    longest = Math.max(longest, label);
    label = 0;
  };
  for (let i = 0; i < absolute.length; i++) {
    let code = absolute.charCodeAt(i);
    if (code === DOT) {
      endLabel();
      continue;
    }
    if (code === BACKSLASH) {
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
  const shown = shortened(absolute, SHOWN_NAME);
  if (longest > MAX_LABEL_OCTETS)
    return `${shown} has a label of ${longest} octets; a label has at most ${MAX_LABEL_OCTETS} (RFC 1035 §2.3.4)`;
  if (total > MAX_NAME_OCTETS)
    return `${shown} is ${total} octets long; a domain name has at most ${MAX_NAME_OCTETS} (RFC 1035 §2.3.4)`;
  return null;
}

const DOT = 0x2e;
const BACKSLASH = 0x5c;

/** The UTF-8 octets of a UTF-16 code unit: a surrogate pair's 4 are counted at its first half. */
function utf8Octets(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) return 4;
  if (code >= 0xdc00 && code <= 0xdfff) return 0;
  return code > 0 ? 3 : 0;
}

/** Ends in a dot that is not escaped (`a\.` is relative: its dot belongs to the label). */
export function isAbsolute(name: string): boolean {
  if (!name.endsWith('.')) return false;
  const backslashes = /\\*$/.exec(name.slice(0, -1))?.[0].length ?? 0;
  return backslashes % 2 === 0;
}

/** An absolute name (trailing dot) as the model names it: lower case, no trailing dot (the root: empty). */
export function modelName(absolute: string): string {
  return absolute === ROOT ? '' : absolute.slice(0, -1).toLowerCase();
}

/**
 * The labels of an absolute name, root first (`www.example.com.` → `com`, `example`, `www`), split at unescaped
 * dots, lower case: the key of DNS's canonical order (RFC 4034 §6.1) as zone files are usually sorted.
 */
export function reversedLabels(absolute: string): string[] {
  const labels: string[] = [];
  let current = '';
  for (let i = 0; i < absolute.length; i++) {
    const c = absolute.charAt(i);
    if (c === '\\') {
      current += absolute.slice(i, i + 2);
      i += 1;
    } else if (c === '.') {
      if (current !== '') labels.push(current.toLowerCase());
      current = '';
    } else current += c;
  }
  if (current !== '') labels.push(current.toLowerCase());
  return labels.reverse();
}
