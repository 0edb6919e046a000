import { type ARecordSet, DEFAULT_TTL, type DesiredState, type DesiredZone } from '../model/dns.js';
import { sortAddresses } from '../model/ipv4.js';
import { normaliseName, recordNameToFqdn } from '../model/names.js';
import type { DesiredStateDocument, ZoneDocument } from './schema.js';
import { toDesiredServices } from './to-desired-services.js';

/**
 * The validated, merged document in model form: names normalised, every TTL concrete, collections sorted by
 * UTF-16 code unit (never `localeCompare`), `unmanaged` kept as written.
 */
export function toDesiredState(document: DesiredStateDocument): DesiredState {
  const zones = Object.entries(document.zones ?? {}).map(([name, zone]) => toZone(name, zone));
  return { zones: zones.sort((a, b) => compare(a.zone, b.zone)), ...toDesiredServices(document) };
}

function toZone(name: string, document: ZoneDocument): DesiredZone {
  const zone = normaliseName(name);
  const defaultTtl = document.default_ttl ?? DEFAULT_TTL;
  const records = Object.entries(document.records ?? {}).map(
    ([recordName, set]): ARecordSet => ({
      fqdn: recordNameToFqdn(recordName, zone),
      ttl: set.ttl ?? defaultTtl,
      addresses: sortAddresses(set.a),
    }),
  );
  records.sort((a, b) => compare(a.fqdn, b.fqdn));
  return { zone, defaultTtl, records, unmanaged: [...(document.unmanaged ?? [])] };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
