import pLimit from 'p-limit';
import { compareStrings } from '../../model/compare.js';
import type { DnsInventory, DnsInventorySelection, ZoneInventory } from '../../model/inventory.js';
import { normaliseName } from '../../model/names.js';
import type { PdnsClient } from './client.js';
import { PdnsWireError } from './errors.js';
import {
  DEFAULT_READ_CONCURRENCY,
  isServiceRecord,
  listZones,
  readZoneWire,
  secondaryZonesOf,
  zoneRecords,
} from './read.js';
import { isSecondaryKind, type RrsetWire } from './wire.js';

/**
 * The whole server for `edgeplan import`: ONE `GET /zones` (the zone list, secondary zones with their masters),
 * then ONE `GET /zones/<zone>` per selected primary zone. Every rrset of a type the provider supports goes into the
 * model; the others are named (`unsupported`), and so are the records PowerDNS keeps for itself (the SOA, the apex
 * NS set) and disabled records (`providerOwned`): nothing live is left out unnamed. PowerDNS has no geo services.
 */
export async function readPdnsInventory(
  client: PdnsClient,
  select: DnsInventorySelection,
  supported: ReadonlySet<string>,
  concurrency = DEFAULT_READ_CONCURRENCY,
): Promise<DnsInventory> {
  const list = await listZones(client);
  const secondaryZones = secondaryZonesOf(list).filter((zone) => select.zones(zone.zone));
  const primaries = [
    ...new Set(
      list
        .filter((zone) => !isSecondaryKind(zone.kind))
        .map((zone) => normaliseName(zone.name))
        .filter((zone) => select.zones(zone)),
    ),
  ].sort(compareStrings);
  const limit = pLimit(concurrency);
  const zones = await Promise.all(
    primaries.map((zone) => limit(() => readZoneInventory(client, zone, supported))),
  );
  return { zones, secondaryZones, geoServices: [] };
}

async function readZoneInventory(
  client: PdnsClient,
  zone: string,
  supported: ReadonlySet<string>,
): Promise<ZoneInventory> {
  const read = await readZoneWire(client, zone);
  // Listed a moment ago: a zone deleted since is an error, not an empty import.
  if (read === null) throw new PdnsWireError(`zone ${zone}`, ['listed by GET /zones, then not found']);
  const { records, unsupported, foreign } = zoneRecords(zone, read.wire.rrsets, supported);
  const providerOwned = [...new Set(read.wire.rrsets.flatMap((rrset) => ownedRecords(zone, rrset)))].sort(
    compareStrings,
  );
  return { zone, records, unsupported, foreign, ...(providerOwned.length > 0 ? { providerOwned } : {}) };
}

/** What zoneRecords leaves out of a set that has records: PowerDNS's own set, or its disabled records. */
function ownedRecords(zone: string, rrset: RrsetWire): string[] {
  const fqdn = normaliseName(rrset.name);
  if (rrset.records.length === 0) return [];
  if (isServiceRecord(rrset.type, fqdn, zone)) return [`${fqdn} ${rrset.type}`];
  const disabled = rrset.records.filter((record) => record.disabled === true).length;
  return disabled > 0 ? [`${fqdn} ${rrset.type} (${disabled} disabled, not served)`] : [];
}
