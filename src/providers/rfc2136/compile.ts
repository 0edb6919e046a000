import { entryLength, type UpdateEntry, updateOverhead } from '../../dns-wire/update.js';
import type { DnsCompiler, ZoneCompileInput } from '../../model/provider.js';
import { compareRecordSets } from '../../model/record-set.js';
import type { Rfc2136Op, Rfc2136Records, Rfc2136Set } from './ops.js';

/**
 * The largest UPDATE the compiler packs: a DNS message over TCP is at most 65,535 octets (RFC 1035 §4.2.2); the
 * SOA prerequisite (at most two 255-octet names and 20 octets) and the TSIG record (a key and algorithm name, a
 * 64-octet MAC) are added to what is packed here, so 2 KiB is kept for them.
 */
export const MAX_UPDATE_OCTETS = 65_535 - 2_048;

/** RFC 2136 cannot create a zone: the plan needs one this server does not serve. */
export class Rfc2136ZoneCreationError extends Error {
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
 * packed in order into messages of at most `maxOctets`, measured both ways (the rollback of a message carries the
 * old sets); one message when everything fits.
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

/** The update section that makes `from` into `to` at one name and type. */
export function setEntries(set: Rfc2136Set, direction: 'forward' | 'back'): UpdateEntry[] {
  const from = direction === 'forward' ? set.before : set.after;
  const to = direction === 'forward' ? set.after : set.before;
  const { fqdn, type } = set;
  return [
    ...(from === null ? [] : [{ kind: 'delete-rrset' as const, name: fqdn, type }]),
    ...(to?.values ?? []).map((value) => ({
      kind: 'record' as const,
      record: { name: fqdn, type, ttl: to?.ttl ?? 0, value },
    })),
  ];
}

function setOctets(set: Rfc2136Set): number {
  const size = (direction: 'forward' | 'back') =>
    setEntries(set, direction).reduce((sum, entry) => sum + entryLength(entry), 0);
  return Math.max(size('forward'), size('back'));
}

/** Greedy packing in order; a set larger than a message alone is refused (it cannot be sent atomically). */
function pack(zone: string, sets: readonly Rfc2136Set[], maxOctets: number): Rfc2136Set[][] {
  const budget = maxOctets - updateOverhead(zone);
  const messages: Rfc2136Set[][] = [];
  let current: Rfc2136Set[] = [];
  let used = 0;
  for (const set of [...sets].sort(byDeletionThenAddress)) {
    const octets = setOctets(set);
    if (octets > budget)
      throw new Error(
        `zone ${zone}: the record set ${set.fqdn} ${set.type} takes ${octets} octets, more than one UPDATE message ` +
          `holds (${budget}); split it`,
      );
    if (used + octets > budget && current.length > 0) {
      messages.push(current);
      current = [];
      used = 0;
    }
    current.push(set);
    used += octets;
  }
  if (current.length > 0) messages.push(current);
  return messages;
}

function byDeletionThenAddress(a: Rfc2136Set, b: Rfc2136Set): number {
  const deletion = Number(b.after === null) - Number(a.after === null);
  return deletion !== 0 ? deletion : compareRecordSets(a, b);
}
