/** Strict dotted-quad IPv4: four decimal octets 0–255 with no leading zeros (`01.2.3.4` is refused). */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/** The same rule as a pattern, for the JSON Schema (`format: ipv4` alone is only an annotation in draft 2020-12). */
export const IPV4_PATTERN = `^${OCTET}(?:\\.${OCTET}){3}$`;
const IPV4 = new RegExp(IPV4_PATTERN);

export function isIPv4(value: string): boolean {
  return IPV4.test(value);
}

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
}

/** Numeric order of two IPv4 addresses. */
export function compareIPv4(a: string, b: string): number {
  return ipv4ToNumber(a) - ipv4ToNumber(b);
}

/** Canonical order of an address set: numeric, duplicates removed. Every layer sorts with this. */
export function sortAddresses(addresses: Iterable<string>): string[] {
  // Most sets hold one address: nothing to sort (a hot path of the diff at 100,000 records).
  if (Array.isArray(addresses) && addresses.length < 2) return [...addresses];
  return [...new Set(addresses)].sort(compareIPv4);
}
