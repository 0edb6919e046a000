import { normaliseName } from '../../model/names.js';
import { type DynClient, segment } from './client.js';
import { DynApiError } from './errors.js';
import { zoneFromPath } from './read.js';
import { parseWire, ZoneList, ZoneObject } from './wire.js';

/**
 * The live serial of each named zone, null for a zone that does not exist: one `GET /Zone/?detail=Y` for the whole
 * account (a server that lists resource paths instead of objects costs one `GET /Zone/<zone>/` per named zone).
 * The cheapest read that tells whether a zone was published since a plan was made: every publish bumps it.
 */
export async function readZoneSerials(
  client: DynClient,
  zones: readonly string[],
): Promise<Record<string, number | null>> {
  const wanted = [...new Set(zones.map(normaliseName))].sort();
  if (wanted.length === 0) return {};
  const listPath = '/Zone/?detail=Y';
  const get = (path: string) => client.call('GET', path, undefined, { retryable: 'idempotent' });
  const listed = parseWire(ZoneList, await get(listPath), `GET ${listPath}`);
  const found = new Map<string, unknown>();
  for (const entry of listed) {
    if (typeof entry === 'string') found.set(zoneFromPath(entry, `GET ${listPath}`), undefined);
    else found.set(normaliseName(entry.zone), entry);
  }
  const serials = new Map<string, number | null>();
  for (const zone of wanted) {
    if (!found.has(zone)) {
      serials.set(zone, null);
      continue;
    }
    const zonePath = `/Zone/${segment(zone)}/`;
    let object = found.get(zone);
    if (object === undefined) {
      try {
        object = await get(zonePath);
      } catch (error) {
        if (error instanceof DynApiError && error.isNotFound) {
          serials.set(zone, null);
          continue;
        }
        throw error;
      }
    }
    serials.set(zone, parseWire(ZoneObject, object, `zone ${zone}: GET ${listPath}`).serial);
  }
  return Object.fromEntries(serials);
}
