import type { UpdateEntry } from '../../dns-wire/update.js';
import type { Rfc2136Records } from './ops.js';

/** Serials are unsigned 32-bit numbers that wrap (RFC 1982 §3.1). */
const SERIAL_SPACE = 2 ** 32;

/**
 * The update section that writes a zone's SOA as `to` holds it (its fields without the serial: record-types/soa.ts),
 * given the serial the zone has as the message is sent. RFC 2136 §3.4.2.2: an SOA in the update section replaces
 * the zone's, but a server ignores one whose serial is not greater than the current one (RFC 1982 arithmetic), and
 * still answers NOERROR; so the serial written is the current one + 1, wrapping at 2^32, and the writer's read-back
 * reports a server that kept its own SOA all the same (write.ts). The SOA is never deleted (§3.4.2.4: a server
 * ignores that), so nothing is written when there is no `to`.
 */
export function soaEntries(fqdn: string, to: Rfc2136Records | null, currentSerial: number): UpdateEntry[] {
  if (to === null) return [];
  const serial = (currentSerial + 1) % SERIAL_SPACE;
  return to.values.map((value) => {
    const [mname, rname, ...timers] = value.split(' ');
    const record = {
      name: fqdn,
      type: 'SOA',
      ttl: to.ttl,
      value: [mname, rname, serial, ...timers].join(' '),
    };
    return { kind: 'record' as const, record };
  });
}
