import { isIPv4 } from '../ipv4.js';

/**
 * IPv6 addresses: any text form of RFC 4291 §2.2 (full, `::`-compressed, leading zeros, upper case, a dotted IPv4
 * address in the last 32 bits) → the canonical text of RFC 5952 §4: lower case, no leading zeros, the longest run
 * of two or more zero groups (the first of equal runs) written `::`. IPv4-mapped addresses (`::ffff:0:0/96`) keep
 * their dotted form, as RFC 5952 §5 recommends: `::ffff:192.0.2.1`. Zone indexes (`%eth0`) are not addresses.
 */
export function canonicalIPv6(text: string): string | undefined {
  const groups = groupsOf(text);
  return groups && format(groups);
}

/** Numeric order of two canonical IPv6 addresses. */
export function compareIPv6(a: string, b: string): number {
  const left = groupsOf(a) ?? [];
  const right = groupsOf(b) ?? [];
  for (let i = 0; i < 8; i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

const GROUP = /^[0-9A-Fa-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address in any RFC 4291 form, or undefined (SVCB's ipv6hint writes them). */
export function ipv6Groups(text: string): number[] | undefined {
  return groupsOf(text);
}

function groupsOf(text: string): number[] | undefined {
  if (!/^[0-9A-Fa-f:.]+$/.test(text)) return undefined;
  let head = text;
  const tail: number[] = [];
  if (text.includes('.')) {
    const colon = text.lastIndexOf(':');
    const ipv4 = text.slice(colon + 1);
    if (colon < 0 || !isIPv4(ipv4)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
    tail.push(a * 256 + b, c * 256 + d);
    head = text.slice(0, colon + 1);
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const [left = [], right = []] = halves.map((half) => (half === '' ? [] : half.split(':')));
  if (![...left, ...right].every((group) => GROUP.test(group))) return undefined;
  const explicit = [...left, ...right].map((group) => Number.parseInt(group, 16));
  const count = explicit.length + tail.length;
  if (halves.length === 1) return count === 8 ? [...explicit, ...tail] : undefined;
  if (count > 7) return undefined;
  const leftGroups = explicit.slice(0, left.length);
  const rightGroups = explicit.slice(left.length);
  return [...leftGroups, ...new Array<number>(8 - count).fill(0), ...rightGroups, ...tail];
}

function format(groups: number[]): string {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return `::ffff:${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    let end = i;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - i > bestLength) {
      bestStart = i;
      bestLength = end - i;
    }
    i = Math.max(end, i + 1);
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
