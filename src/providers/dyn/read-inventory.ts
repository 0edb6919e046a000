import pLimit from 'p-limit';
import type { DnsInventory, GeoInventory, ZoneInventory } from '../../import/inventory.js';
import { isGeoCountryCode } from '../../model/country-codes.js';
import { sortGeoService } from '../../model/geo.js';
import { normaliseName } from '../../model/names.js';
import { type DynClient, segment } from './client.js';
import { toNodes, zoneFromPath } from './read.js';
import { readSecondaryZones } from './read-services.js';
import { AllRecordDetail, ARecordObject, parseWire, ZoneList } from './wire.js';
import { GeoServiceObject, ServiceList } from './wire-services.js';

/**
 * The whole DNS account for `edgeplan import`: the zone list, one `AllRecord` per selected primary zone (A records
 * into the model, every other record named), the secondary-zone list and the geo-service list. Geo services are
 * read from the wire directly so that rdata the model does not hold (AAAA, CNAME, …) is seen, not dropped.
 */
export async function readDnsInventory(
  client: DynClient,
  selectZone: (zone: string) => boolean,
  selectGeo: (name: string) => boolean,
): Promise<DnsInventory> {
  const get = (path: string) => client.call('GET', path, undefined, { retryable: 'idempotent' });
  const listPath = '/Zone/?detail=Y';
  const listed = parseWire(ZoneList, await get(listPath), `GET ${listPath}`);
  const secondaryZones = (await readSecondaryZones(client)).filter((z) => selectZone(z.zone));
  const secondaries = new Set(secondaryZones.map((z) => z.zone));
  const primaries = listed
    .flatMap((entry) =>
      typeof entry === 'string'
        ? [zoneFromPath(entry, `GET ${listPath}`)]
        : entry.zone_type === 'Secondary'
          ? []
          : [normaliseName(entry.zone)],
    )
    .filter((zone) => !secondaries.has(zone) && selectZone(zone))
    .sort();
  const limit = pLimit(4);
  const zones = await Promise.all(primaries.map((zone) => limit(() => readZone(client, zone))));
  const geoServices = (await readGeo(client)).filter((g) => selectGeo(g.service.name));
  return { zones, secondaryZones, geoServices };
}

async function readZone(client: DynClient, zone: string): Promise<ZoneInventory> {
  const path = `/AllRecord/${segment(zone)}/?detail=Y`;
  const detail = parseWire(
    AllRecordDetail,
    await client.call('GET', path, undefined, { retryable: 'idempotent' }),
    `zone ${zone}: GET ${path}`,
  );
  const records = detail.a_records.map((item, i) =>
    parseWire(ARecordObject, item, `zone ${zone}: ${path} a_records[${i}]`),
  );
  const otherRecords = new Set<string>();
  for (const [key, items] of Object.entries(detail)) {
    if (key === 'a_records' || !key.endsWith('_records') || !Array.isArray(items)) continue;
    const type = key.slice(0, -'_records'.length).toUpperCase();
    for (const item of items as unknown[]) {
      const fqdn = normaliseName(String((item as { fqdn?: unknown }).fqdn ?? zone));
      if (type === 'SOA' || (type === 'NS' && fqdn === zone)) continue;
      otherRecords.add(`${fqdn} ${type}`);
    }
  }
  return { zone, nodes: toNodes(records), otherRecords: [...otherRecords].sort() };
}

async function readGeo(client: DynClient): Promise<GeoInventory[]> {
  const get = (path: string) => client.call('GET', path, undefined, { retryable: 'idempotent' });
  const listPath = '/Geo/?detail=Y';
  const listed = parseWire(ServiceList, await get(listPath), `GET ${listPath}`);
  const objects = await Promise.all(
    listed.map(async (item) =>
      typeof item === 'string' ? get(`/Geo/${item.split('/Geo/')[1] ?? ''}`) : item,
    ),
  );
  return objects.map((value, i) => {
    const wire = parseWire(GeoServiceObject, value, `GET ${listPath} [${i}]`);
    const problems: string[] = [];
    const groups = wire.groups.map((g) => {
      const addresses = (g.rdata?.a_rdata ?? []).map((r) => r.address);
      const other = Object.entries(g.rdata ?? {})
        .filter(([key, rdata]) => key !== 'a_rdata' && Array.isArray(rdata) && rdata.length > 0)
        .map(([key]) => key.replace(/_rdata$/, '').toUpperCase());
      if (other.length > 0)
        problems.push(`group ${g.name} answers ${other.join(', ')} too (only A is managed)`);
      if (addresses.length === 0) problems.push(`group ${g.name} has no A rdata`);
      const unknown = g.countries.filter((c) => !isGeoCountryCode(c));
      if (unknown.length > 0)
        problems.push(`group ${g.name} has codes edgeplan does not know: ${unknown.join(', ')}`);
      return { name: g.name, countries: g.countries, addresses };
    });
    const nodes = (wire.nodes ?? []).map((n) => ({
      zone: normaliseName(n.zone),
      fqdn: normaliseName(n.fqdn),
    }));
    return { service: sortGeoService({ name: wire.name, groups, nodes }), problems };
  });
}
