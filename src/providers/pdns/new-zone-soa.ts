import { PROVIDER_TTL } from '../../model/record-set.js';
import { completeSoa } from '../../model/record-types/soa.js';
import type { ZoneSettings } from '../../model/zone.js';
import { rnameOf } from '../zonefile/soa.js';
import type { PdnsReplace } from './ops.js';

/**
 * The SOA PowerDNS 4 gives a zone it creates without one (its `default-soa-content`, `a.misconfigured.dns.server.
 * invalid hostmaster.@ 0 10800 3600 604800 3600`), with the name servers the provider names (the first is MNAME)
 * and the zone's contact: what the fields a desired `soa` leaves out are, on a zone the plan creates.
 */
const DEFAULT_TIMERS = '10800 3600 604800 3600';
const DEFAULT_MNAME = 'a.misconfigured.dns.server.invalid.';

/**
 * An SOA set of a zone the plan creates, whole: the fields it leaves to the provider (record-types/soa.ts) are those
 * PowerDNS would give the zone, its TTL the zone's when it names none, and the serial 0, which PowerDNS numbers by
 * the zone's SOA-EDIT-API as it does its own default. Other sets as they are.
 */
export function withNewZoneSoa(
  set: PdnsReplace,
  create: ZoneSettings,
  nameservers: readonly string[],
): PdnsReplace {
  if (set.type !== 'SOA') return set;
  const defaults = `${nameservers[0] ?? DEFAULT_MNAME} ${rnameOf(create.rname).toLowerCase()} ${DEFAULT_TIMERS}`;
  const values = set.values.map((value) => completeSoa(value, defaults));
  return { ...set, ttl: set.ttl === PROVIDER_TTL ? create.ttl : set.ttl, values, serial: 0 };
}
