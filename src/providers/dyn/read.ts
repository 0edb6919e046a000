import pLimit from 'p-limit';
import type { LiveARecord, LiveDnsState, LiveNode, LiveZone } from '../../model/dns.js';
import { sortAddresses } from '../../model/ipv4.js';
import { normaliseName } from '../../model/names.js';
import { type DynClient, segment } from './client.js';
import { DynApiError, DynWireError } from './errors.js';
import { AllRecordDetail, ARecordObject, parseWire, ZoneList, ZoneObject } from './wire.js';
import type { ZoneCache } from './zone-cache.js';

export const DEFAULT_READ_CONCURRENCY = 16;

/**
 * Live state of the named zones with the fewest requests: one `GET /Zone/?detail=Y` for the whole account, then one
 * `GET /AllRecord/<zone>/?detail=Y` per managed zone that exists. Only when the zone list comes back as resource
 * paths instead of objects (the seed's shape) is each managed zone read with `GET /Zone/<zone>/` as well. Never one
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
): Promise<LiveDnsState> {
  const wanted = [...new Set(zones.map(normaliseName))].sort();
  if (wanted.length === 0) return { zones: {} };

  const listPath = '/Zone/?detail=Y';
  const listed = parseWire(
    ZoneList,
    await client.call('GET', listPath, undefined, { retryable: 'idempotent' }),
    `GET ${listPath}`,
  );
  const existing = new Map<string, unknown>();
  for (const entry of listed) {
    if (typeof entry === 'string') existing.set(zoneFromPath(entry, `GET ${listPath}`), undefined);
    else existing.set(normaliseName(entry.zone), entry);
  }

  const limit = pLimit(concurrency);
  const read = await Promise.all(
    wanted.map((zone) =>
      limit(async () => (existing.has(zone) ? readZone(client, zone, existing.get(zone), cache) : null)),
    ),
  );
  return { zones: Object.fromEntries(wanted.map((zone, i) => [zone, read[i] ?? null])) };
}

/** `listed` is the zone's object from the zone list, or undefined when the list held only its path. */
async function readZone(
  client: DynClient,
  zone: string,
  listed: unknown,
  cache: ZoneCache | undefined,
): Promise<LiveZone | null> {
  const zonePath = `/Zone/${segment(zone)}/`;
  let zoneObject: ZoneObject;
  if (listed === undefined) {
    let data: unknown;
    try {
      data = await client.call('GET', zonePath, undefined, { retryable: 'idempotent' });
    } catch (error) {
      // Listed a moment ago and gone now: the zone does not exist.
      if (error instanceof DynApiError && error.isNotFound) return null;
      throw error;
    }
    zoneObject = parseWire(ZoneObject, data, `zone ${zone}: GET ${zonePath}`);
  } else {
    zoneObject = parseWire(ZoneObject, listed, `zone ${zone}: GET /Zone/?detail=Y`);
  }
  const cached = cache?.get(zone);
  if (cached && cached.serial === zoneObject.serial && cached.serialStyle === zoneObject.serial_style) {
    return cached;
  }

  const recordsPath = `/AllRecord/${segment(zone)}/?detail=Y`;
  const context = `zone ${zone}: GET ${recordsPath}`;
  const detail = parseWire(
    AllRecordDetail,
    await client.call('GET', recordsPath, undefined, { retryable: 'idempotent' }),
    context,
  );
  const records = detail.a_records.map((item, index) => {
    const fqdn = isFqdnCarrier(item) ? ` (${item.fqdn})` : '';
    return parseWire(ARecordObject, item, `${context} a_records[${index}]${fqdn}`);
  });

  const live: LiveZone = {
    zone,
    serial: zoneObject.serial,
    serialStyle: zoneObject.serial_style,
    nodes: toNodes(records),
  };
  cache?.set(zone, live);
  return live;
}

/** Groups records by normalised fqdn; nodes sorted by fqdn, records by address (numeric) then recordId. */
export function toNodes(records: ARecordObject[]): LiveNode[] {
  const byFqdn = new Map<string, LiveARecord[]>();
  for (const record of records) {
    const fqdn = normaliseName(record.fqdn);
    const list = byFqdn.get(fqdn) ?? [];
    list.push({ recordId: record.record_id, address: record.rdata.address, ttl: record.ttl });
    byFqdn.set(fqdn, list);
  }
  return [...byFqdn.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([fqdn, list]) => ({ fqdn, records: sortRecords(list) }));
}

function sortRecords(records: LiveARecord[]): LiveARecord[] {
  const rank = new Map(
    sortAddresses(records.map((record) => record.address)).map((address, i) => [address, i]),
  );
  return [...records].sort(
    (a, b) => (rank.get(a.address) ?? 0) - (rank.get(b.address) ?? 0) || a.recordId - b.recordId,
  );
}

/** `/REST/Zone/example.com/` (trailing slash optional) → `example.com`. */
export function zoneFromPath(path: string, context: string): string {
  const match = /\/Zone\/([^/]+)\/?$/.exec(path);
  if (!match?.[1]) throw new DynWireError(context, [`not a zone resource path: ${JSON.stringify(path)}`]);
  return normaliseName(decodeURIComponent(match[1]));
}

function isFqdnCarrier(item: unknown): item is { fqdn: string } {
  return typeof item === 'object' && item !== null && 'fqdn' in item && typeof item.fqdn === 'string';
}
