/**
 * What a chaos run is checked against: the records each listed zone holds at its managed names after a complete
 * apply (every managed type), and the records no apply may touch. A publish whose managed records are not the
 * zone's complete target is a partial publish.
 */
import type { EmulatorSeed, PublishEntry } from '../../src/emulator/index.js';
import { isMail, MANAGED_TYPES, type Rdata, type Scenario, targetLines, valueKey } from './chaos-scenario.js';

interface WireRecord {
  id?: number;
  fqdn: string;
  type: string;
  ttl?: number | string;
  rdata: Rdata;
}

const labelOf = (fqdn: string, zone: string) => (fqdn === zone ? '@' : fqdn.slice(0, -(zone.length + 1)));

/** Whether edgeplan manages `record` of listed `zone`: a managed type at a name the zone does not leave unmanaged. */
function isManaged(scenario: Scenario, zone: string, record: WireRecord): boolean {
  const desired = scenario.desired[zone];
  if (!desired || !MANAGED_TYPES.has(record.type)) return false;
  return !(desired.unmanaged && isMail(labelOf(record.fqdn, zone)));
}

/** `fqdn TYPE ttl value` of each managed record of `zone` among `records`, sorted (comparable with targetLines). */
export function managedLines(scenario: Scenario, zone: string, records: readonly WireRecord[]): string[] {
  return records
    .filter((r) => isManaged(scenario, zone, r))
    .map((r) => `${r.fqdn} ${r.type} ${r.ttl} ${valueKey(r.type, r.rdata, zone)}`)
    .sort();
}

function recordsOf(snapshot: EmulatorSeed, zone: string): WireRecord[] {
  const records = snapshot.dns?.zones?.[zone]?.records ?? [];
  return records.map((r) => ({ ...r, rdata: r.rdata as Rdata }));
}

/** The managed records of a zone in an emulator snapshot. */
export function zoneLines(scenario: Scenario, snapshot: EmulatorSeed, zone: string): string[] {
  return managedLines(scenario, zone, recordsOf(snapshot, zone));
}

/** Listed zones whose managed records in `snapshot` are not their complete target, one line each. */
export function unconverged(scenario: Scenario, snapshot: EmulatorSeed): string[] {
  return Object.keys(scenario.desired).flatMap((zone) => {
    const got = zoneLines(scenario, snapshot, zone);
    const want = targetLines(scenario, zone);
    return same(got, want) ? [] : [`zone ${zone} live: ${got.join(', ')} ≠ desired: ${want.join(', ')}`];
  });
}

/** Publishes that are not complete: of a zone outside the desired state, or with managed records other than its target. */
export function partialPublishes(scenario: Scenario, entries: readonly PublishEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (!scenario.desired[entry.zone]) return [`publish of unlisted zone ${entry.zone}`];
    const got = managedLines(scenario, entry.zone, entry.records as WireRecord[]);
    const want = targetLines(scenario, entry.zone);
    return same(got, want)
      ? []
      : [`partial publish of ${entry.zone}: ${got.join(', ')} ≠ ${want.join(', ')}`];
  });
}

/**
 * Every record of the zones that existed before that no apply of this scenario may change, as sorted strings (ids
 * included, so a record deleted and re-added shows up too): all records of zones the desired state does not list,
 * and in listed zones the records edgeplan does not manage (KX, the apex NS; SOA aside: its serial moves on
 * publish) and every record at an unmanaged name.
 */
export function untouchedRecords(snapshot: EmulatorSeed, scenario: Scenario): string[] {
  return Object.keys(snapshot.dns?.zones ?? {})
    .filter((zone) => scenario.live[zone]) // a zone the apply creates has nothing to preserve
    .flatMap((zone) =>
      recordsOf(snapshot, zone)
        .filter((r) => !scenario.desired[zone] || (r.type !== 'SOA' && !isManaged(scenario, zone, r)))
        .map((r) => `${zone} ${r.fqdn} ${r.type} ${r.ttl} ${JSON.stringify(r.rdata)} #${r.id}`),
    )
    .sort();
}

/** Records that must never change (other zones, other types, unmanaged names): gone, changed or added since `before`. */
export function lostRecords(scenario: Scenario, before: EmulatorSeed, after: EmulatorSeed): string[] {
  const was = untouchedRecords(before, scenario);
  const now = untouchedRecords(after, scenario);
  const gone = was.filter((line) => !now.includes(line)).map((line) => `lost ${line}`);
  const added = now.filter((line) => !was.includes(line)).map((line) => `appeared ${line}`);
  return [...gone, ...added];
}

export function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Records a zone holds twice: the same name, type and value (an add sent twice would show here). */
export function duplicateRecords(snapshot: EmulatorSeed): string[] {
  return Object.entries(snapshot.dns?.zones ?? {}).flatMap(([zone, data]) => {
    const seen = new Set<string>();
    return (data?.records ?? []).flatMap((r) => {
      const line = `${r.fqdn} ${r.type} ${valueKey(r.type, r.rdata as Rdata, zone)}`;
      if (!seen.has(line)) {
        seen.add(line);
        return [];
      }
      return [`duplicate ${line} in ${zone}`];
    });
  });
}
