import { normaliseName } from '../../../model/names.js';
import { recordSetKey } from '../../../model/record-set.js';
import type { DynClient } from '../session/client.js';
import { dynRdata } from '../wire/rdata.js';
import type { ZoneChange } from '../wire/wire.js';

/**
 * The session's unpublished changes (`GET /ZoneChanges/<zone>/`) in the model's terms. Records added and not yet
 * published are not listed by the zone's reads (`AllRecord`), only here: this is how a writer sees its own pending
 * work before the publish.
 */

/** A pending change's value, canonical; undefined for a type edgeplan does not manage or rdata it cannot read. */
export function pendingValue(item: ZoneChange): string | undefined {
  const type = item.rdata_type.toUpperCase();
  const known = dynRdata(type);
  const rdata = item.rdata[`rdata_${type.toLowerCase()}`];
  if (known === undefined || typeof rdata !== 'object' || rdata === null) return undefined;
  const parsed = known.fromRdata(rdata as Record<string, unknown>);
  return parsed.ok ? parsed.value : undefined;
}

export interface PendingRecord {
  value: string | undefined;
  ttl: number;
}

/** The zone's pending records by record-set key (`recordSetKey`). */
export async function readPendingRecords(
  client: DynClient,
  zone: string,
): Promise<Map<string, PendingRecord[]>> {
  const bySet = new Map<string, PendingRecord[]>();
  for (const item of await client.getZoneChanges(zone)) {
    const key = recordSetKey({ fqdn: normaliseName(item.fqdn), type: item.rdata_type.toUpperCase() });
    bySet.set(key, [...(bySet.get(key) ?? []), { value: pendingValue(item), ttl: item.ttl }]);
  }
  return bySet;
}
