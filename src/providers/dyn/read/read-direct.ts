import type { LiveZone } from '../../../model/dns.js';
import * as z from '../../../model/zod.js';
import { DYN_RECORD_TYPES } from '../capabilities.js';
import { DynApiError } from '../errors.js';
import { type DynClient, segment } from '../session/client.js';
import { ListedZone, parseWire, SerialStyleWire, WireInt, ZoneObject } from '../wire/wire.js';
import { zoneRecords } from './read-records.js';
import type { ZoneCache } from './zone-cache.js';

/** The zone's SOA in an `AllRecord` answer: its serial, and the zone's serial style beside it. */
const SoaRecords = z.lazy(() =>
  z.looseObject({
    soa_records: z.array(
      z.looseObject({ serial_style: SerialStyleWire, rdata: z.looseObject({ serial: WireInt }) }),
    ),
  }),
);

/**
 * One zone read without the account's zone list: ONE `GET /AllRecord/<zone>/?detail=Y` (404: the zone does not
 * exist), its serial and serial style from the zone's SOA record in the same answer. Only when the answer holds no
 * SOA (the service's own shape for a secondary zone) is the zone itself read (`GET /Zone/<zone>/`): a secondary
 * zone is null, as in the listed read. For the check after an apply, whose zones exist by then (created or changed
 * by it): one request a zone, where the listed read costs the list too. A `cache` gets the zone, as read.ts does.
 */
export async function readZoneDirect(
  client: DynClient,
  zone: string,
  cache: ZoneCache | undefined,
): Promise<LiveZone | null> {
  const path = `/AllRecord/${segment(zone)}/?detail=Y`;
  const data = await getUnlessGone(client, path);
  if (data === GONE) return null;
  const context = `zone ${zone}: GET ${path}`;
  const records = zoneRecords(zone, data, context, DYN_RECORD_TYPES);
  const soa = SoaRecords.safeParse(data).data?.soa_records[0];
  const header = soa
    ? { serial: soa.rdata.serial, serialStyle: soa.serial_style }
    : await zoneHeader(client, zone);
  if (header === null) return null;
  const live: LiveZone = { zone, ...header, ...records };
  cache?.set(zone, live);
  return live;
}

/** `GET /Zone/<zone>/`: the primary zone's serial and style; null when it is gone or a secondary zone. */
async function zoneHeader(
  client: DynClient,
  zone: string,
): Promise<Pick<LiveZone, 'serial' | 'serialStyle'> | null> {
  const path = `/Zone/${segment(zone)}/`;
  const data = await getUnlessGone(client, path);
  if (data === GONE) return null;
  const context = `zone ${zone}: GET ${path}`;
  if (parseWire(ListedZone, data, context).zone_type?.toLowerCase() === 'secondary') return null;
  const object = parseWire(ZoneObject, data, context);
  return { serial: object.serial, serialStyle: object.serial_style };
}

const GONE = Symbol('gone');

/** `GET path`'s data, or GONE when the service answers 404 (no such zone). */
async function getUnlessGone(client: DynClient, path: string): Promise<unknown> {
  try {
    return await client.call('GET', path, undefined, { retryable: 'idempotent' });
  } catch (error) {
    if (error instanceof DynApiError && error.isNotFound) return GONE;
    throw error;
  }
}
