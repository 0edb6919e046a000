import { compareStrings } from '../../../model/compare.js';
import { type GeoService, sortGeoService } from '../../../model/geo.js';
import { sortAddresses } from '../../../model/ipv4.js';
import { normaliseName } from '../../../model/names.js';
import type { LiveSecondaryZone } from '../../../model/secondary.js';
import { DynWireError } from '../errors.js';
import type { DynClient } from '../session/client.js';
import { readGroup } from '../wire/geo-records.js';
import { parseWire } from '../wire/wire.js';
import { GeoServiceObject, SecondaryObject, ServiceList } from '../wire/wire-services.js';

/**
 * Every secondary zone of the account: one `GET /Secondary/?detail=Y`. A server that answers with resource paths
 * instead of objects costs one `GET /Secondary/<zone>/` per zone as well.
 */
export async function readSecondaryZones(client: DynClient): Promise<LiveSecondaryZone[]> {
  const items = await readList(client, '/Secondary/?detail=Y');
  const zones = items.map(({ value, context }) => {
    const wire = parseWire(SecondaryObject, value, context);
    return {
      zone: normaliseName(wire.zone),
      masters: sortAddresses(wire.masters),
      contactNickname: wire.contact_nickname ?? '',
      tsigKeyName: wire.tsig_key_name ?? '',
      active: wire.active ?? '',
    };
  });
  return zones.sort((a, b) => compareStrings(a.zone, b.zone));
}

/**
 * Every geo service of the account: one `GET /Geo/?detail=Y` (paths instead of objects: one `GET /Geo/<name>/`
 * each). The groups' records of the managed types (GEO_RECORD_TYPES) are read into the model; rdata of other types
 * is not (import lists it as a problem: read-inventory.ts).
 */
export async function readGeoServices(client: DynClient): Promise<GeoService[]> {
  const services = (await readGeoWire(client)).map(
    ({ wire, context }) => toGeoService(wire, context).service,
  );
  return services.sort((a, b) => compareStrings(a.name, b.name));
}

/** Every geo service of the account as the wire has it, each with the context an error names. */
export async function readGeoWire(client: DynClient): Promise<{ wire: GeoServiceObject; context: string }[]> {
  const items = await readList(client, '/Geo/?detail=Y');
  return items.map(({ value, context }) => ({ wire: parseWire(GeoServiceObject, value, context), context }));
}

/** A wire service in the model (sorted), with the record types of each group that the model leaves out. */
export function toGeoService(
  wire: GeoServiceObject,
  context: string,
): { service: GeoService; otherTypes: Map<string, string[]> } {
  const otherTypes = new Map<string, string[]>();
  const groups = wire.groups.map((group) => {
    const read = readGroup(group, context);
    if (read.otherTypes.length > 0) otherTypes.set(group.name, read.otherTypes);
    return { name: group.name, countries: group.countries, records: read.records };
  });
  const nodes = (wire.nodes ?? []).map((n) => ({ zone: normaliseName(n.zone), fqdn: normaliseName(n.fqdn) }));
  const ttl = Number(wire.ttl ?? 0) || undefined;
  // `active` is `Y` or `N` (vendor docs, Get Geo Service); anything else is not read as a state.
  const active = wire.active === 'Y' ? true : wire.active === 'N' ? false : undefined;
  const service = sortGeoService({
    name: wire.name,
    groups,
    nodes,
    ...(ttl === undefined ? {} : { ttl }),
    ...(active === undefined ? {} : { active }),
  });
  return { service, otherTypes };
}

/** The list's objects, each with the context an error names; path items are read one by one. */
async function readList(client: DynClient, listPath: string): Promise<{ value: unknown; context: string }[]> {
  const get = (path: string) => client.call('GET', path, undefined, { retryable: 'idempotent' });
  const listed = parseWire(ServiceList, await get(listPath), `GET ${listPath}`);
  return Promise.all(
    listed.map(async (item, index) => {
      if (typeof item !== 'string') return { value: item, context: `GET ${listPath} [${index}]` };
      const path = restRelative(item, `GET ${listPath}`);
      return { value: await get(path), context: `GET ${path}` };
    }),
  );
}

/** `/REST/Geo/Global%20Web/` → `/Geo/Global%20Web/` (paths are relative to the base URL, which ends in /REST). */
function restRelative(path: string, context: string): string {
  const match = /^(?:\/REST)?(\/(?:Secondary|Geo)\/[^/]+)\/?$/.exec(path);
  if (!match?.[1]) throw new DynWireError(context, [`not a resource path: ${JSON.stringify(path)}`]);
  return `${match[1]}/`;
}
