import { isGenericType } from '../../model/record-types/generic.js';
import { pdnsLocContent } from './loc-content.js';
import { PdnsOpError } from './op-schema.js';
import { pdnsSvcbContent } from './svcb-content.js';

/**
 * A canonical value as PowerDNS takes it in `content`. The canonical value is presentation format, which PowerDNS
 * reads as it is, with one exception: PowerDNS 4.7 refuses an AAAA address written with a dotted-quad tail
 * (`::ffff:192.0.2.1`, the form RFC 5952 §5 gives IPv4-mapped addresses) as "Invalid IPv6 address", while it takes
 * the same address in hexadecimal (`::ffff:c000:201`) and reads it back in the dotted form. SVCB and HTTPS take
 * PowerDNS's own spelling of their params (svcb-content.ts), LOC its own writing of hemispheres and sizes
 * (loc-content.ts).
 */
export function pdnsContent(type: string, value: string, serial?: number): string {
  if (type === 'SOA') return soaContent(value, serial);
  if (type === 'SVCB' || type === 'HTTPS') return pdnsSvcbContent(value);
  if (type === 'LOC') return pdnsLocContent(value);
  // Empty generic RDATA: PowerDNS 4.7 takes `\# 0` only as it writes it back, with a trailing space (422 else).
  if (value === '\\# 0' && isGenericType(type)) return '\\# 0 ';
  if (type !== 'AAAA') return value;
  const match = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(value);
  if (!match) return value;
  const [, head = '', ...octets] = match;
  const [a = 0, b = 0, c = 0, d = 0] = octets.map(Number);
  return `${head}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * An SOA value (its fields without the serial: record-types/soa.ts) with the serial put back third (RFC 1035
 * §3.3.13). The compiler gives every SOA replace the serial it read; one without is a hand-edited op, refused
 * (PdnsOpError) while its request is made, before anything of it is sent.
 */
function soaContent(value: string, serial: number | undefined): string {
  if (serial === undefined)
    throw new PdnsOpError(
      `not a PowerDNS op: an SOA replace has no serial (${value}); nothing of it was sent`,
    );
  const [mname, rname, ...timers] = value.split(' ');
  return [mname, rname, serial, ...timers].join(' ');
}
