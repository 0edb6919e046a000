import type { Logger } from '../../../model/logger.js';
import type { CreatedZoneFate } from '../../../model/provider.js';
import { DynApiError } from '../errors.js';
import { readZoneRecords } from '../read/read.js';
import { type DynClient, segment } from '../session/client.js';

/**
 * Undoing a zone that a failed step created. Creating a zone takes effect at once (a `POST /Zone/` or the
 * zone-file `POST /ZoneFile/`), its records only at the publish. When the step fails before its publish, its
 * pending changes are discarded and the zone would stay behind, empty: the next plan would no longer show its
 * creation, so its `zone_create` approval, contact and serial style would never be reviewed again. So the zone
 * is deleted again, once one read shows it holds nothing anyone published (no record but the service's own SOA
 * and apex NS): live state is then as the plan read it, and the next plan is this one again. A zone that holds
 * records (a publish whose answer was lost went through after all, or another writer published into it) is left,
 * and so is a zone whose read or delete fails: the report says so, plainly.
 *
 * Why not keep it and report it: nothing in an empty zone tells a later plan that a failed run made it (Dyn keeps
 * no creator), so its creation could not stay under review; and deleting an unpublished zone loses nothing.
 */
export async function undoCreatedZone(
  client: DynClient,
  zone: string,
  logger: Logger,
): Promise<CreatedZoneFate> {
  let held: number;
  try {
    // Not stopped by an interrupt: the undo is the cleanup after one, like the discard before it.
    const { records, unsupported } = await readZoneRecords(client, zone, { cancellable: false });
    held = records.length + unsupported.length;
  } catch (error) {
    if (error instanceof DynApiError && error.isNotFound) return { kind: 'deleted' };
    return {
      kind: 'left',
      reason: `it exists, empty as far as known; reading it failed: ${messageOf(error)}`,
    };
  }
  if (held > 0)
    return {
      kind: 'left',
      reason: `it holds ${held === 1 ? '1 record set' : `${held} record sets`} after all`,
    };
  const path = `/Zone/${segment(zone)}/`;
  try {
    await client.call('DELETE', path, undefined, { retryable: 'idempotent', cancellable: false });
  } catch (error) {
    // Gone already: an earlier attempt of this delete went through.
    if (!(error instanceof DynApiError && error.isNotFound))
      return { kind: 'left', reason: `it exists, empty; deleting it failed: ${messageOf(error)}` };
  }
  logger.info(`zone ${zone}: created by this run and never published: deleted again (DELETE ${path})`);
  return { kind: 'deleted' };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
