import { isUnmanaged } from '../model/unmanaged.js';
import type { ARecordSet, DesiredZone, DnsOp, LiveARecord, LiveZone } from '../model/dns.js';
import { sortAddresses } from '../model/ipv4.js';
import { isInZone, relativeName } from '../model/names.js';
import { liveMatchesDesired, liveRecordSetValue } from './live-value.js';
import { compareStrings } from './order.js';
import { recordSetOps } from './record-set-ops.js';
import type { PlanStep, RecordChange, ZonePlan } from './types.js';

/**
 * The diff of one desired zone against its live state (`null`: the zone does not exist live).
 *
 * Managed names: a name counts only when it is inside the zone and its relative name matches no `unmanaged` glob.
 * Unmanaged names are never touched on either side: live nodes there are not deleted, and a desired set there (a
 * contradiction the config rules should refuse) is skipped too, so edgeplan never writes over what another tool owns.
 *
 * Per fqdn: live records but not desired → `delete`; desired but no live records → `create`; both, and the
 * addresses differ as sets or any live record's TTL differs from the desired TTL → `update`; else nothing.
 *
 * Op order (each op is one API request):
 *   1. `create-zone`, when the zone is absent;
 *   2. every `delete-record` of the zone, by fqdn, then address, then recordId, and `delete-records` (a whole set)
 *      — deletes run before any write so no node ever exceeds the service's per-node record limit mid-zone;
 *   3. by fqdn, the writes of each created or updated set (`update-record` by resulting address, then
 *      `add-record` by address, or one `replace-records`; see record-set-ops.ts for which costs fewer requests);
 *   4. exactly one `publish`, last.
 *
 * Returns null when nothing changes. An absent zone is always a change (it must be created), even with no records.
 */
export function diffZone(
  desired: DesiredZone,
  live: LiveZone | null,
): { plan: ZonePlan; step: PlanStep } | null {
  const { zone } = desired;
  const managed = (fqdn: string): boolean =>
    isInZone(fqdn, zone) && !isUnmanaged(relativeName(fqdn, zone), desired.unmanaged);
  const wanted = desiredSets(desired, managed);
  const found = live === null ? new Map<string, LiveARecord[]>() : liveSets(live, managed);
  const fqdns = [...new Set([...wanted.keys(), ...found.keys()])].sort(compareStrings);

  const deletes: RecordChange[] = [];
  const others: RecordChange[] = [];
  const deleteOps: DnsOp[] = [];
  const writeOps: DnsOp[] = [];
  for (const fqdn of fqdns) {
    const after = wanted.get(fqdn) ?? null;
    const records = found.get(fqdn) ?? [];
    if (after !== null && liveMatchesDesired(records, after)) continue;
    const before = records.length > 0 ? liveRecordSetValue(records) : null;
    const action = after === null ? 'delete' : before === null ? 'create' : 'update';
    const change: RecordChange = {
      action,
      key: `${fqdn} A`,
      fqdn,
      type: 'A',
      before,
      after: after === null ? null : { ttl: after.ttl, addresses: after.addresses },
    };
    (action === 'delete' ? deletes : others).push(change);
    const ops = recordSetOps(zone, fqdn, after, records);
    deleteOps.push(...ops.deletes);
    writeOps.push(...ops.writes);
  }

  if (live !== null && deletes.length + others.length === 0) return null;
  const plan: ZonePlan = {
    zone,
    createZone: live === null,
    serial: live === null ? null : live.serial,
    changes: [...deletes, ...others],
  };
  const target = `zone:${zone}`;
  const ops: DnsOp[] = [
    ...(live === null ? [createZoneOp(desired)] : []),
    ...deleteOps,
    ...writeOps,
    { kind: 'publish', zone },
  ];
  return { plan, step: { id: target, kind: 'zone', target, after: [], ops } };
}

/** A zone the plan creates gets the zone's default TTL, a `hostmaster@` contact and an incrementing serial. */
function createZoneOp(desired: DesiredZone): DnsOp {
  const { zone, defaultTtl: ttl } = desired;
  return { kind: 'create-zone', zone, rname: `hostmaster@${zone}`, ttl, serialStyle: 'increment' };
}

/** Desired sets by fqdn, addresses canonicalised (the model promises it; re-sorting is cheap insurance). */
function desiredSets(desired: DesiredZone, managed: (fqdn: string) => boolean): Map<string, ARecordSet> {
  const sets = new Map<string, ARecordSet>();
  for (const set of desired.records) {
    if (!managed(set.fqdn)) continue;
    sets.set(set.fqdn, { fqdn: set.fqdn, ttl: set.ttl, addresses: sortAddresses(set.addresses) });
  }
  return sets;
}

/** Live records by fqdn of the managed nodes; a node repeated in the input is merged, one without records dropped. */
function liveSets(live: LiveZone, managed: (fqdn: string) => boolean): Map<string, LiveARecord[]> {
  const sets = new Map<string, LiveARecord[]>();
  for (const node of live.nodes) {
    if (node.records.length === 0 || !managed(node.fqdn)) continue;
    sets.set(node.fqdn, [...(sets.get(node.fqdn) ?? []), ...node.records]);
  }
  return sets;
}
