import { MAX_SOA_PREREQUISITE, type UpdateEntry, UpdateSizer } from '../../dns-wire/update.js';
import { EdgeplanError } from '../../model/edgeplan-error.js';
import type { DnsCompiler, ZoneCompileInput } from '../../model/provider.js';
import { compareRecordSets } from '../../model/record-set.js';
import { Rfc2136SetTooLargeError } from './errors.js';
import type { Rfc2136Op, Rfc2136Records, Rfc2136Set } from './ops.js';
import { soaEntries } from './soa-entry.js';

/**
 * The largest UPDATE the compiler packs, without its SOA prerequisite and TSIG record: a DNS message over TCP is at
 * most 65,535 octets (RFC 1035 §4.2.2); the prerequisite takes at most MAX_SOA_PREREQUISITE (update.ts) and the TSIG
 * record (a key and an algorithm name of at most 255 octets each, a MAC of at most 64, 26 more) is added when it is
 * signed, so 1 KiB is kept for it.
 */
export const MAX_UPDATE_OCTETS = 65_535 - MAX_SOA_PREREQUISITE - 1_024;

/** RFC 2136 cannot create a zone: the plan needs one this server does not serve. */
export class Rfc2136ZoneCreationError extends EdgeplanError {
  override readonly code = 'EP1931';
  override readonly name = 'Rfc2136ZoneCreationError';

  constructor(
    readonly provider: string,
    readonly zone: string,
  ) {
    super(
      `zone ${zone} is not on the server of provider "${provider}" (its zone transfer was refused or found no ` +
        'zone): RFC 2136 changes the records of a zone a server has and cannot create or delete zones; add the zone ' +
        "to the server's configuration, or take it out of this provider's zones",
    );
  }
}

/**
 * The RFC 2136 compiler: a zone's changed record sets → UPDATE messages (ops.ts). Pure. Sets are sent whole (the
 * old set deleted, the new one added), deletions first so that a name can change type within a chain. Sets are
 * packed in order into messages of at most `maxOctets`, as they are written (names compressed), measured both ways
 * (the rollback of a message carries the old sets); one message when everything fits.
 */
export function rfc2136Compiler(provider: string, maxOctets = MAX_UPDATE_OCTETS) {
  return {
    compileZone(input: ZoneCompileInput): Rfc2136Op[] {
      if (input.create) throw new Rfc2136ZoneCreationError(provider, input.zone);
      const sets = input.sets.map(
        ({ change }): Rfc2136Set => ({
          fqdn: change.address.fqdn,
          type: change.address.type,
          before: recordsOf(change.before),
          after: recordsOf(change.after),
        }),
      );
      const messages = pack(input.zone, sets, maxOctets);
      return messages.map((chunk, index) => ({
        kind: 'update',
        zone: input.zone,
        message: index + 1,
        of: messages.length,
        sets: chunk,
      }));
    },
  } satisfies DnsCompiler;
}

function recordsOf(side: { ttl: number; values: readonly string[] } | null): Rfc2136Records | null {
  return side === null ? null : { ttl: side.ttl, values: [...side.values] };
}

/**
 * The update section that makes `from` into `to` at one name and type of `zone`. The apex NS set is changed record
 * by record, the new ones added first: a server ignores a deletion of the apex NS RRset and of its last record
 * (RFC 2136 §3.4.2.3, §3.4.2.4), so it is never deleted whole, and is never left empty in between. The SOA is
 * written whole with the serial after `serial`, the zone's as the message is sent (soa-entry.ts); packing measures
 * it with any serial, as a serial takes four octets whatever its value.
 */
export function setEntries(
  set: Rfc2136Set,
  direction: 'forward' | 'back',
  zone: string,
  serial = 0,
): UpdateEntry[] {
  const from = direction === 'forward' ? set.before : set.after;
  const to = direction === 'forward' ? set.after : set.before;
  const { fqdn, type } = set;
  if (type === 'SOA') return soaEntries(fqdn, to, serial);
  if (fqdn === zone && type === 'NS' && from !== null && to !== null)
    return [
      ...to.values.map((value) => ({
        kind: 'record' as const,
        record: { name: fqdn, type, ttl: to.ttl, value },
      })),
      ...from.values
        .filter((value) => !to.values.includes(value))
        .map((value) => ({ kind: 'delete-record' as const, record: { name: fqdn, type, ttl: 0, value } })),
    ];
  return [
    ...(from === null ? [] : [{ kind: 'delete-rrset' as const, name: fqdn, type }]),
    ...(to?.values ?? []).map((value) => ({
      kind: 'record' as const,
      record: { name: fqdn, type, ttl: to?.ttl ?? 0, value },
    })),
  ];
}

/** The forward and the back message being packed, counted as they are written. */
interface Packing {
  zone: string;
  forward: UpdateSizer;
  back: UpdateSizer;
}

function packing(zone: string): Packing {
  return { zone, forward: new UpdateSizer(zone), back: new UpdateSizer(zone) };
}

/** Adds the set to both messages; false, and both left as they were, when either would pass `maxOctets`. */
function tryAdd(messages: Packing, set: Rfc2136Set, maxOctets: number): boolean {
  const marks = [messages.forward.mark(), messages.back.mark()] as const;
  for (const entry of setEntries(set, 'forward', messages.zone)) messages.forward.add(entry);
  for (const entry of setEntries(set, 'back', messages.zone)) messages.back.add(entry);
  if (messages.forward.octets <= maxOctets && messages.back.octets <= maxOctets) return true;
  messages.forward.rollback(marks[0]);
  messages.back.rollback(marks[1]);
  return false;
}

/** Greedy packing in order; a set larger than a message alone is refused (it cannot be sent atomically). */
function pack(zone: string, sets: readonly Rfc2136Set[], maxOctets: number): Rfc2136Set[][] {
  const messages: Rfc2136Set[][] = [];
  let current: Rfc2136Set[] = [];
  let sizes = packing(zone);
  for (const set of [...sets].sort(byDeletionThenAddress)) {
    if (!tryAdd(sizes, set, maxOctets)) {
      if (current.length > 0) messages.push(current);
      current = [];
      sizes = packing(zone);
      if (!tryAdd(sizes, set, maxOctets)) throw tooLarge(zone, set, maxOctets);
    }
    current.push(set);
  }
  if (current.length > 0) messages.push(current);
  return messages;
}

function tooLarge(zone: string, set: Rfc2136Set, maxOctets: number): Rfc2136SetTooLargeError {
  const alone = packing(zone);
  const empty = alone.forward.octets;
  for (const entry of setEntries(set, 'forward', zone)) alone.forward.add(entry);
  for (const entry of setEntries(set, 'back', zone)) alone.back.add(entry);
  const octets = Math.max(alone.forward.octets, alone.back.octets) - empty;
  return new Rfc2136SetTooLargeError(
    `zone ${zone}: the record set ${set.fqdn} ${set.type} takes ${octets} octets, more than one UPDATE message ` +
      `holds (${maxOctets - empty}); split it`,
  );
}

function byDeletionThenAddress(a: Rfc2136Set, b: Rfc2136Set): number {
  const deletion = Number(b.after === null) - Number(a.after === null);
  return deletion !== 0 ? deletion : compareRecordSets(a, b);
}
