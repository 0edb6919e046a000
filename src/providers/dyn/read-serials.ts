import { compareStrings } from '../../model/compare.js';
import { normaliseName } from '../../model/names.js';
import { type DynClient, segment } from './client.js';
import { DynApiError } from './errors.js';
import { listZones } from './read.js';
import { parseWire, ZoneObject } from './wire.js';

/**
 * The live serial of each named zone, null for a zone that does not exist: one `GET /Zone/?detail=Y` for the whole
 * account (a server that lists resource paths instead of objects costs one `GET /Zone/<zone>/` per named zone).
 * The cheapest read that tells whether a zone was published since a plan was made: every publish bumps it.
 */
export async function readZoneSerials(
  client: DynClient,
  zones: readonly string[],
): Promise<Record<string, number | null>> {
  const wanted = [...new Set(zones.map(normaliseName))].sort(compareStrings);
  if (wanted.length === 0) return {};
  const found = await listZones(client);
  const serials: [string, number | null][] = [];
  for (const zone of wanted)
    serials.push([zone, found.has(zone) ? await serialOf(client, zone, found.get(zone)) : null]);
  // Zone names are server data: built with fromEntries (own properties, `__proto__` included), read with hasOwn.
  return Object.fromEntries(serials);
}

async function serialOf(client: DynClient, zone: string, listed: unknown): Promise<number | null> {
  let object = listed;
  const zonePath = `/Zone/${segment(zone)}/`;
  if (object === undefined) {
    try {
      object = await client.call('GET', zonePath, undefined, { retryable: 'idempotent' });
    } catch (error) {
      if (error instanceof DynApiError && error.isNotFound) return null;
      throw error;
    }
  }
  const context =
    listed === undefined ? `zone ${zone}: GET ${zonePath}` : `zone ${zone}: GET /Zone/?detail=Y`;
  return parseWire(ZoneObject, object, context).serial;
}
