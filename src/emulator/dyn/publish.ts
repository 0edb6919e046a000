/**
 * Publish: applies one session's changeset to the published zone, all or nothing. The whole changeset is first
 * checked against the zone as published now (another session may have published since the edits were made):
 * every record it updates or deletes must still exist and the result must keep the node rules (node-rules.ts),
 * for the records it adds or changes against whatever is published beside them. Only then are
 * ids assigned to added records, the geo links of removed nodes dropped, the serial bumped and the changeset cleared.
 */

import { isInZone } from '../../model/names.js';
import type { Account, ZoneState } from './account.js';
import { syncSoaSerial } from './account.js';
import type { Changeset } from './changeset.js';
import { badRequest, error, info } from './envelope.js';
import { geoLinksOf, unlinkGoneNodes } from './geo-body.js';
import { zoneProblems } from './node-rules.js';
import { publishRuleFailure } from './record-values.js';
import { nextSerial } from './serial.js';

/** Applies `changeset` to `zone` or throws a 400 OPERATION_FAILED failure naming the conflict. */
export function applyChangeset(account: Account, zone: ZoneState, changeset: Changeset, nowMs: number): void {
  const couldNot = info(`publish: Could not publish ${zone.zone}`);
  for (const id of changeset.touchedIds()) {
    if (!zone.records.has(id)) {
      throw badRequest(
        error(
          'OPERATION_FAILED',
          `publish: Record ${id} was removed by another publish since it was changed`,
        ),
        couldNot,
      );
    }
  }
  const result = changeset.view(zone);
  const touched = new Set(changeset.touchedIds());
  const removed = [...changeset.removedNodes];
  const isRemoved = (fqdn: string) => removed.some((base) => isInZone(fqdn, base));
  const geoLinks = new Map([...geoLinksOf(account, zone.zone)].filter(([fqdn]) => !isRemoved(fqdn)));
  const [bad] = zoneProblems(
    zone.zone,
    result,
    (r) => r.key < 0 || touched.has(r.id),
    (fqdn) => geoLinks.get(fqdn),
  );
  if (bad) throw publishRuleFailure({ zone: zone.zone, ...bad });
  zone.records.clear();
  for (const r of result) {
    const id = r.id === 0 ? account.allocateId() : r.id;
    const { fqdn, type, ttl, rdata, serviceClass } = r;
    zone.records.set(id, {
      id,
      fqdn,
      type,
      ttl,
      rdata,
      ...(serviceClass !== undefined ? { serviceClass } : {}),
    });
  }
  unlinkGoneNodes(account, (node) => node.zone === zone.zone && isRemoved(node.fqdn));
  zone.serial = nextSerial(zone.serialStyle, zone.serial, nowMs);
  syncSoaSerial(zone);
}
