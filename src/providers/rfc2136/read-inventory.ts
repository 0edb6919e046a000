import type { DnsInventory, DnsInventorySelection, ZoneInventory } from '../../model/inventory.js';
import { normaliseName } from '../../model/names.js';
import type { Rfc2136Client } from './client.js';
import { Rfc2136Error } from './errors.js';
import { liveZone } from './read.js';

/**
 * What `edgeplan import` reads from an RFC 2136 server: each zone the selection names, by one zone transfer, as plan
 * reads it (read.ts). A server has no zone list to pick from, so the zones must be named one by one
 * (`select.zoneNames`, from `--zones` without globs); a named zone the server does not serve (or this key may not
 * transfer) is left out, so import reports it as matching nothing. The SOA and the apex NS set are the server's:
 * named as such, never written.
 */
export async function readRfc2136Inventory(
  client: Rfc2136Client,
  select: DnsInventorySelection,
  supported: ReadonlySet<string>,
): Promise<DnsInventory> {
  const names = select.zoneNames;
  if (names === undefined)
    throw new Rfc2136Error(
      'import',
      client.label,
      'a server does not list its zones: name each zone to import with --zones (names, no globs)',
    );
  const zones: ZoneInventory[] = [];
  for (const zone of [...new Set(names.map(normaliseName))]) {
    // Asked only of a zone the server serves: the selection counts a name it is asked about as found.
    const records = await client.transfer(zone);
    if (records === null || !select.zones(zone)) continue;
    const { records: sets, unsupported } = liveZone(zone, records, supported, client.label);
    const apexNs = records.some((record) => record.type === 'NS' && normaliseName(record.name) === zone);
    zones.push({
      zone,
      records: sets,
      unsupported,
      providerOwned: [`${zone} SOA`, ...(apexNs ? [`${zone} NS`] : [])],
    });
  }
  return { zones, secondaryZones: [], geoServices: [] };
}
