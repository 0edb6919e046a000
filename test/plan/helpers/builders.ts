import type { ARecordSet, DesiredZone, LiveARecord, LiveZone } from '../../../src/model/dns.js';
import { DEFAULT_TTL } from '../../../src/model/dns.js';

/** A desired zone from `fqdn → [addresses, ttl?]`; TTLs default to the zone's default TTL. */
export function desiredZone(
  zone: string,
  records: Record<string, [string[], number?]>,
  options: { defaultTtl?: number; unmanaged?: string[] } = {},
): DesiredZone {
  const defaultTtl = options.defaultTtl ?? DEFAULT_TTL;
  const sets: ARecordSet[] = Object.entries(records).map(([fqdn, [addresses, ttl]]) => ({
    fqdn,
    ttl: ttl ?? defaultTtl,
    addresses,
  }));
  return { zone, defaultTtl, records: sets, unmanaged: options.unmanaged ?? [] };
}

/** A live zone from `fqdn → [[recordId, address, ttl], ...]`. */
export function liveZone(
  zone: string,
  serial: number,
  nodes: Record<string, [number, string, number][]>,
): LiveZone {
  return {
    zone,
    serial,
    serialStyle: 'increment',
    nodes: Object.entries(nodes).map(([fqdn, records]) => ({
      fqdn,
      records: records.map(([recordId, address, ttl]): LiveARecord => ({ recordId, address, ttl })),
    })),
  };
}
