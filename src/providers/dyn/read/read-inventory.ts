import pLimit from 'p-limit';
import { compareStrings } from '../../../model/compare.js';
import { isGeoCountryCode } from '../../../model/country-codes.js';
import { GEO_RECORD_TYPES } from '../../../model/geo.js';
import type { DnsInventory, GeoInventory } from '../../../model/inventory.js';
import type { DynClient } from '../session/client.js';
import { listZones, readZoneRecords } from './read.js';
import { readGeoWire, readSecondaryZones, toGeoService } from './read-services.js';

/**
 * The whole DNS account for `edgeplan import`: the zone list, one `AllRecord` per selected primary zone (every
 * supported type into the model, the others named), the secondary-zone list and the geo-service list.
 */
export async function readDynInventory(
  client: DynClient,
  selectZone: (zone: string) => boolean,
  selectGeo: (name: string) => boolean,
): Promise<DnsInventory> {
  const listed = await listZones(client);
  const secondaryZones = (await readSecondaryZones(client)).filter((z) => selectZone(z.zone));
  const secondaries = new Set(secondaryZones.map((z) => z.zone));
  const primaries = [...listed]
    .filter(
      ([zone, object]) => object?.zone_type !== 'Secondary' && !secondaries.has(zone) && selectZone(zone),
    )
    .map(([zone]) => zone)
    .sort(compareStrings);
  const limit = pLimit(4);
  const zones = await Promise.all(
    primaries.map((zone) => limit(async () => ({ zone, ...(await readZoneRecords(client, zone)) }))),
  );
  const geoServices = (await readGeoInventory(client)).filter((g) => selectGeo(g.service.name));
  return { zones, secondaryZones, geoServices };
}

/**
 * Every geo service, read from the wire so that what the model cannot hold is seen, not dropped: each group's
 * rdata of types other than GEO_RECORD_TYPES, a group without record data and country codes edgeplan does not know
 * are problems (the service cannot be written as desired state as it is).
 */
async function readGeoInventory(client: DynClient): Promise<GeoInventory[]> {
  return (await readGeoWire(client)).map(({ wire, context }) => {
    const { service, otherTypes } = toGeoService(wire, context);
    const problems = service.groups.flatMap((group) => {
      const other = otherTypes.get(group.name) ?? [];
      const unknown = group.countries.filter((code) => !isGeoCountryCode(code));
      return [
        ...(other.length > 0
          ? [
              `group ${group.name} answers ${other.join(', ')} too (geo groups manage ${GEO_RECORD_TYPES.join(', ')})`,
            ]
          : []),
        ...(group.records.length === 0 && other.length === 0
          ? [`group ${group.name} has no record data`]
          : []),
        ...(unknown.length > 0
          ? [`group ${group.name} has codes edgeplan does not know: ${unknown.join(', ')}`]
          : []),
      ];
    });
    return { service, problems };
  });
}
