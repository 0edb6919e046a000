import type { WireRecord } from '../../dns-wire/rdata.js';
import { sortValues } from '../../model/record-types/registry.js';
import type { Rfc2136Client } from './client.js';
import { Rfc2136Error } from './errors.js';
import type { Rfc2136Records, Rfc2136Set } from './ops.js';
import { liveZone } from './read.js';

/** What reading a zone back needs of the client: a zone transfer. */
export type SnapshotClient = Pick<Rfc2136Client, 'label' | 'transfer'>;

/** A zone's SOA (a prerequisite's value) and its serial; from a transfer, every record too. */
export interface ZoneSoa {
  soa: WireRecord;
  serial: number;
  records?: readonly WireRecord[];
}

/** A zone as one transfer read it. */
export interface ZoneSnapshot extends ZoneSoa {
  records: readonly WireRecord[];
}

export function isSnapshot(zone: ZoneSoa): zone is ZoneSnapshot {
  // Stryker disable next-line ConditionalExpression: equivalent, asked only of a chain's zone, always a snapshot
  return zone.records !== undefined;
}

/**
 * Types a server writes itself as it takes an update (the SOA; DNSSEC's signatures, denials and keys, and BIND's
 * private signing-state records, type 65534): left out when two reads are compared for another writer's hand.
 */
const SERVER_KEPT: ReadonlySet<string> = new Set([
  'SOA',
  'RRSIG',
  'NSEC',
  'NSEC3',
  'NSEC3PARAM',
  'DNSKEY',
  'CDS',
  'CDNSKEY',
  'ZONEMD',
  'TYPE65534',
  'UNKNOWN_65534',
]);

/** Changed records named in a message, at most this many; the rest are counted. */
const SHOWN = 5;

/** The zone by one transfer; an error when the server no longer serves it. */
export async function readSnapshot(
  client: SnapshotClient,
  zone: string,
  what: string,
): Promise<ZoneSnapshot> {
  const snapshot = snapshotOf(await client.transfer(zone));
  if (snapshot === null) throw new Rfc2136Error(what, client.label, 'the server no longer serves the zone');
  return snapshot;
}

/** A transfer's records (its SOA first) as a snapshot; null when there are none (the zone is not served). */
export function snapshotOf(records: readonly WireRecord[] | null): ZoneSnapshot | null {
  if (records === null) return null;
  const [soa] = records;
  return soa === undefined ? null : { soa, serial: serialOf(soa), records };
}

export function serialOf(soa: WireRecord): number {
  return Number(soa.value.split(/\s+/)[2]);
}

/** A set the zone does not hold as a message makes it: what was to be there, and what is served instead. */
export interface UnlikeSet {
  set: Rfc2136Set;
  wanted: Rfc2136Records | null;
  served: { value: string; ttl: number }[];
}

/**
 * The sets of a message the zone does not hold as it makes them (`forward`: as the message sets them, `back`: as
 * its undo does), values compared in their canonical form, TTLs too.
 */
export function setsUnlike(
  snapshot: ZoneSnapshot,
  zone: string,
  sets: readonly Rfc2136Set[],
  direction: 'forward' | 'back',
  server: string,
): UnlikeSet[] {
  const types = new Set(sets.map((set) => set.type));
  // Only the message's names and types are read into the model: a read-back of a large zone parses what it checks
  // (the filter made true is an equivalent mutant: the sets are looked up by name and type all the same).
  const keys = setKeys(sets);
  // Stryker disable next-line ConditionalExpression,MethodExpression: equivalent, as said above
  const records = [snapshot.soa, ...snapshot.records.filter(({ name, type }) => keys.has(`${name} ${type}`))];
  const read = liveZone(zone, records, types, server);
  const live = [...read.records, ...(read.apexNs ? [read.apexNs] : []), ...(read.soa ? [read.soa] : [])];
  const unlike: UnlikeSet[] = [];
  for (const set of sets) {
    const wanted = direction === 'forward' ? set.after : set.before;
    const served = live.find((l) => l.fqdn === set.fqdn && l.type === set.type)?.records ?? [];
    if (!sameRecords(set.type, wanted, served)) unlike.push({ set, wanted, served: [...served] });
  }
  return unlike;
}

function sameRecords(
  type: string,
  want: Rfc2136Records | null,
  held: readonly { value: string; ttl: number }[],
): boolean {
  if (want === null) return held.length === 0;
  const values = sortValues(type, want.values);
  return (
    held.length === values.length &&
    held.every((record, index) => record.value === values[index] && record.ttl === want.ttl)
  );
}

/**
 * The records another hand changed between two reads of a zone, outside the sets of the message sent between them
 * (`+ name TYPE value ttl N` added, `- …` removed; what the server keeps itself, SERVER_KEPT, left out): empty when
 * the second read is exactly the first with the message applied.
 */
export function othersChanged(
  before: ZoneSnapshot,
  after: ZoneSnapshot,
  sets: readonly Rfc2136Set[],
): string[] {
  const written = setKeys(sets);
  return changedRecords(before, after, (key, type) => !SERVER_KEPT.has(type) && !written.has(key));
}

/** The records of `sets`' names and types that differ between two reads (as `othersChanged` names them). */
export function setsChanged(
  before: ZoneSnapshot,
  after: ZoneSnapshot,
  sets: readonly Rfc2136Set[],
): string[] {
  const written = setKeys(sets);
  return changedRecords(before, after, (key) => written.has(key));
}

function setKeys(sets: readonly Rfc2136Set[]): Set<string> {
  return new Set(sets.map((set) => `${set.fqdn} ${set.type}`));
}

function changedRecords(
  before: ZoneSnapshot,
  after: ZoneSnapshot,
  compared: (key: string, type: string) => boolean,
): string[] {
  const lines = (snapshot: ZoneSnapshot) => {
    const counts = new Map<string, number>();
    for (const { name, type, ttl, value } of snapshot.records) {
      if (!compared(`${name} ${type}`, type)) continue;
      const line = `${name} ${type} ${value} ttl ${ttl}`;
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    return counts;
  };
  const old = lines(before);
  const now = lines(after);
  const changed = [
    ...[...now].filter(([line, n]) => (old.get(line) ?? 0) < n).map(([line]) => `+ ${line}`),
    ...[...old].filter(([line, n]) => (now.get(line) ?? 0) < n).map(([line]) => `- ${line}`),
  ];
  if (changed.length <= SHOWN) return changed;
  return [...changed.slice(0, SHOWN), `and ${changed.length - SHOWN} more`];
}

/** `www.example.com CNAME: sent web.example.net. ttl 300, served nothing`: what a set is, against what it should be. */
export function unlikeText({ set, wanted, served }: UnlikeSet): string {
  const want = wanted === null ? 'nothing' : `${wanted.values.join(', ')} ttl ${wanted.ttl}`;
  const have =
    served.length === 0 ? 'nothing' : served.map((record) => `${record.value} ttl ${record.ttl}`).join(', ');
  return `${set.fqdn} ${set.type} (should be ${want}, is ${have})`;
}
