import pLimit from 'p-limit';
import { compareStrings } from '../../../model/compare.js';
import type { AccountZone, LiveDnsState, LiveZone } from '../../../model/dns.js';
import { normaliseName } from '../../../model/names.js';
import { DYN_RECORD_TYPES } from '../capabilities.js';
import { DynApiError, DynWireError } from '../errors.js';
import { type CallOptions, type DynClient, segment } from '../session/client.js';
import { ListedZone, parseWire, ZoneList, ZoneObject } from '../wire/wire.js';
import { readZoneDirect } from './read-direct.js';
import { type ZoneRecords, zoneRecords } from './read-records.js';
import type { ZoneCache } from './zone-cache.js';

export const DEFAULT_READ_CONCURRENCY = 16;

/**
 * How a read finds the zones: `listed`, the account's zone list first (below); `direct`, one `AllRecord` per zone
 * and nothing else (read-direct.ts), for a read whose zones exist (the check after an apply), without
 * `accountZones`.
 */
export type ZoneLookup = 'listed' | 'direct';

/**
 * Live state of the named zones with the fewest requests: one `GET /Zone/?detail=Y` for the whole account (kept as
 * `accountZones`, with each zone's `zone_type`), then one `GET /AllRecord/<zone>/?detail=Y` per managed zone that
 * exists as a primary zone. A name the account holds as a secondary zone is not read: it is `null` in `zones`
 * and `secondary` in `accountZones`, so that the plan says so instead of failing on a raw 404. Only when the zone list comes back as resource
 * paths instead of objects (the shape without `detail`) is each managed zone read with `GET /Zone/<zone>/` as well. Never one
 * request per record. Zones are read in parallel, at most `concurrency` at a time.
 *
 * With a `cache`, a zone whose live serial (from the zone list, or from its own GET in the fallback) equals the
 * cached entry's serial is served from the cache without its `AllRecord` request; any other zone is read and its
 * entry replaced. Sound because every change to a zone's live records is a publish, which changes the serial. The
 * reads must run in a session without unpublished changes (its own view would differ from the published one);
 * the CLI reads only in fresh sessions.
 */
export async function readZones(
  client: DynClient,
  zones: readonly string[],
  concurrency = DEFAULT_READ_CONCURRENCY,
  cache?: ZoneCache,
  lookup: ZoneLookup = 'listed',
): Promise<LiveDnsState> {
  const wanted = [...new Set(zones.map(normaliseName))].sort(compareStrings);
  if (wanted.length === 0) return { zones: {} };
  if (lookup === 'direct') {
    const limit = pLimit(concurrency);
    const read = await Promise.all(wanted.map((zone) => limit(() => readZoneDirect(client, zone, cache))));
    return { zones: Object.fromEntries(wanted.map((zone, i) => [zone, read[i] ?? null])) };
  }

  const existing = await listZones(client);
  const limit = pLimit(concurrency);
  const read = await Promise.all(
    wanted.map((zone) =>
      limit(async () => {
        if (!existing.has(zone)) return null;
        const found = await readZone(client, zone, existing.get(zone), cache);
        if (found === 'secondary') existing.set(zone, { zone, zone_type: 'Secondary' });
        return found === 'secondary' ? null : found;
      }),
    ),
  );
  return {
    zones: Object.fromEntries(wanted.map((zone, i) => [zone, read[i] ?? null])),
    accountZones: accountZones(existing),
  };
}

/** Every zone of the account, primary and secondary: one `GET /Zone/?detail=Y`. */
export async function readAccountZones(client: DynClient): Promise<AccountZone[]> {
  return accountZones(await listZones(client));
}

function accountZones(listed: ReadonlyMap<string, ListedZone | undefined>): AccountZone[] {
  return [...listed]
    .map(([zone, object]): AccountZone => {
      const type = zoneType(object?.zone_type);
      return type ? { zone, type } : { zone };
    })
    .sort((a, b) => compareStrings(a.zone, b.zone));
}

/** The service's `zone_type` (`Primary`, `Secondary`), case-insensitively; undefined when absent or unknown. */
function zoneType(wire: string | undefined): AccountZone['type'] {
  const type = wire?.toLowerCase();
  return type === 'primary' || type === 'secondary' ? type : undefined;
}

/**
 * `listed` is the zone's object from the zone list, or undefined when the list held only its path. A secondary
 * zone has no records of its own to read (`AllRecord` does not serve it): `'secondary'`.
 */
async function readZone(
  client: DynClient,
  zone: string,
  listed: unknown,
  cache: ZoneCache | undefined,
): Promise<LiveZone | null | 'secondary'> {
  const zonePath = `/Zone/${segment(zone)}/`;
  let data = listed;
  let context = `zone ${zone}: GET /Zone/?detail=Y`;
  if (listed === undefined) {
    try {
      data = await client.call('GET', zonePath, undefined, { retryable: 'idempotent' });
    } catch (error) {
      // Listed a moment ago and gone now: the zone does not exist.
      if (error instanceof DynApiError && error.isNotFound) return null;
      throw error;
    }
    context = `zone ${zone}: GET ${zonePath}`;
  }
  // Checked before the primary zone's fields: a secondary zone has no serial_style.
  if (zoneType(parseWire(ListedZone, data, context).zone_type) === 'secondary') return 'secondary';
  const zoneObject = parseWire(ZoneObject, data, context);
  const cached = cache?.get(zone);
  if (cached && cached.serial === zoneObject.serial && cached.serialStyle === zoneObject.serial_style) {
    return cached;
  }

  const live: LiveZone = {
    zone,
    serial: zoneObject.serial,
    serialStyle: zoneObject.serial_style,
    ...(await readZoneRecords(client, zone)),
  };
  cache?.set(zone, live);
  return live;
}

/**
 * One `GET /AllRecord/<zone>/?detail=Y`: every record of the zone, in the model (read-records.ts). `cancellable`
 * false for a read that a cleanup after an interrupt still needs (CallOptions).
 */
export async function readZoneRecords(
  client: DynClient,
  zone: string,
  { cancellable = true }: Pick<CallOptions, 'cancellable'> = {},
): Promise<ZoneRecords> {
  const path = `/AllRecord/${segment(zone)}/?detail=Y`;
  const data = await client.call('GET', path, undefined, { retryable: 'idempotent', cancellable });
  return zoneRecords(zone, data, `zone ${zone}: GET ${path}`, DYN_RECORD_TYPES);
}

/**
 * Every zone of the account, one `GET /Zone/?detail=Y`: by normalised name, its object from the list, or undefined
 * when the server listed only its resource path (the shape without `detail`).
 */
export async function listZones(client: DynClient): Promise<Map<string, ListedZone | undefined>> {
  const path = '/Zone/?detail=Y';
  const data = await client.call('GET', path, undefined, { retryable: 'idempotent' });
  const zones = new Map<string, ListedZone | undefined>();
  for (const entry of parseWire(ZoneList, data, `GET ${path}`)) {
    if (typeof entry === 'string') zones.set(zoneFromPath(entry, `GET ${path}`), undefined);
    else zones.set(normaliseName(entry.zone), entry);
  }
  return zones;
}

/** `/REST/Zone/example.com/` (trailing slash optional) → `example.com`. */
export function zoneFromPath(path: string, context: string): string {
  const match = /\/Zone\/([^/]+)\/?$/.exec(path);
  if (!match?.[1]) throw new DynWireError(context, [`not a zone resource path: ${JSON.stringify(path)}`]);
  return normaliseName(decodeURIComponent(match[1]));
}
