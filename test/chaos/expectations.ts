/**
 * What a chaos run is checked against: the A records each zone must have after a complete apply, and the records
 * no apply may touch. A publish whose A records are neither the zone's state before the run nor its complete
 * target is a partial publish.
 */
import type { EmulatorSeed, PublishEntry } from '../../src/emulator/index.js';
import { type Scenario, untouchedRecords } from '../integration/scenario.js';

const DEFAULT_TTL = 3600;
type SeedRecord = { fqdn: string; type: string; ttl: number; rdata: unknown };

const fqdnOf = (label: string, zone: string) => (label === '@' ? zone : `${label}.${zone}`);
const isMail = (fqdn: string, zone: string) =>
  fqdn !== zone && fqdn.slice(0, -(zone.length + 1)).startsWith('mail');

/** `fqdn ttl address` of each A record, sorted. */
export function aLines(records: readonly SeedRecord[]): string[] {
  return records
    .filter((r) => r.type === 'A')
    .map((r) => `${r.fqdn} ${r.ttl} ${(r.rdata as { address: string }).address}`)
    .sort();
}

/** A records of a listed zone after a complete apply: the desired sets, plus live A records at unmanaged names. */
export function targetA(scenario: Scenario, zone: string): string[] {
  const desired = scenario.desired[zone];
  if (!desired) throw new Error(`zone ${zone} is not in the desired state`);
  const lines = Object.entries(desired.sets).flatMap(([label, set]) =>
    set.a.map(
      (address) => `${fqdnOf(label, zone)} ${set.ttl ?? desired.defaultTtl ?? DEFAULT_TTL} ${address}`,
    ),
  );
  const live = scenario.live[zone]?.records ?? [];
  const kept = desired.unmanaged
    ? live
        .filter((r) => isMail(fqdnOf(r.label, zone), zone))
        .map((r) => `${fqdnOf(r.label, zone)} ${r.ttl} ${r.address}`)
    : [];
  return [...lines, ...kept].sort();
}

export function zoneA(snapshot: EmulatorSeed, zone: string): string[] {
  return aLines((snapshot.dns?.zones?.[zone]?.records ?? []) as SeedRecord[]);
}

/** Publishes that are not complete: of a zone outside the desired state, or with A records other than its target. */
export function partialPublishes(scenario: Scenario, entries: readonly PublishEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (!scenario.desired[entry.zone]) return [`publish of unlisted zone ${entry.zone}`];
    const got = aLines(entry.records);
    const want = targetA(scenario, entry.zone);
    return same(got, want)
      ? []
      : [`partial publish of ${entry.zone}: ${got.join(', ')} ≠ ${want.join(', ')}`];
  });
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
