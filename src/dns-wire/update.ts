import dnsPacket from 'dns-packet';
import { packetType, toAnswer, type WireRecord } from './rdata.js';

/**
 * RFC 2136 UPDATE messages (opcode 5). The zone section names the zone; the prerequisite section holds the
 * conditions the server checks before it changes anything; the update section the changes, which the server
 * applies all or none (§3.4.2). dns-packet has no classes NONE and ANY with empty RDATA, so each record is
 * written here from dns-packet's record encoding with its class and TTL set as §2.4 and §2.5 want them.
 */

/** One entry of the prerequisite or update section. */
export type UpdateEntry =
  /** Update: add this record (class IN). Prerequisite: the RRset is exactly these records (value dependent). */
  | { kind: 'record'; record: WireRecord }
  /** Update: delete the RRset of `type` at `name` (class ANY, no RDATA, §2.5.2). */
  | { kind: 'delete-rrset'; name: string; type: string }
  /** Update: delete this one record of an RRset (class NONE, TTL 0, §2.5.4). */
  | { kind: 'delete-record'; record: WireRecord };

export interface UpdateMessage {
  id: number;
  zone: string;
  prerequisites: readonly UpdateEntry[];
  updates: readonly UpdateEntry[];
}

export const OPCODE_UPDATE = 5;
const CLASS_ANY = 255;
const CLASS_NONE = 254;
const HEADER = 12;

/** The message's octets, unsigned (tsig.ts signs them). */
export function encodeUpdate(message: UpdateMessage): Buffer {
  const header = Buffer.alloc(HEADER);
  header.writeUInt16BE(message.id, 0);
  header.writeUInt16BE(OPCODE_UPDATE << 11, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(message.prerequisites.length, 6);
  header.writeUInt16BE(message.updates.length, 8);
  return Buffer.concat([
    header,
    questionOctets(message.zone, 'SOA'),
    ...message.prerequisites.map((entry) => entryOctets(entry, 0)),
    ...message.updates.map((entry) => entryOctets(entry, null)),
  ]);
}

/** Octets one entry takes in a message (a name is never compressed here): for sizing messages before writing. */
export function entryLength(entry: UpdateEntry): number {
  return entryOctets(entry, null).length;
}

/** The fixed part of every UPDATE of `zone`: the header and the zone section. */
export function updateOverhead(zone: string): number {
  return HEADER + questionOctets(zone, 'SOA').length;
}

/** `ttl`: the TTL written (prerequisites carry 0, §2.4); null: the record's own. */
function entryOctets(entry: UpdateEntry, ttl: number | null): Buffer {
  if (entry.kind === 'delete-rrset') {
    const head = questionOctets(entry.name, entry.type);
    head.writeUInt16BE(CLASS_ANY, head.length - 2);
    return Buffer.concat([head, Buffer.alloc(6)]);
  }
  if (entry.kind === 'delete-record') {
    const octets = recordOctets({ ...entry.record, ttl: 0 });
    // The owner name (never compressed here) ends at its zero octet; TYPE follows it, then CLASS.
    let end = 0;
    while (octets[end] !== 0) end += (octets[end] ?? 0) + 1;
    octets.writeUInt16BE(CLASS_NONE, end + 3);
    return octets;
  }
  return recordOctets(ttl === null ? entry.record : { ...entry.record, ttl });
}

function recordOctets(record: WireRecord): Buffer {
  if (record.type === 'SSHFP') return withRdata(record, sshfpRdata(record.value));
  const packet = dnsPacket.encode({ answers: [toAnswer(record)] });
  return Buffer.from(packet.subarray(HEADER));
}

/**
 * SSHFP's RDATA (RFC 4255 §3.1) written here: dns-packet refuses a fingerprint whose length is not SHA-1's or
 * SHA-256's, and a server takes any (a SHA-384 one, a type it does not know yet).
 */
function sshfpRdata(value: string): Buffer {
  const [algorithm = '0', type = '0', ...hex] = value.trim().split(/\s+/);
  return Buffer.concat([Buffer.from([Number(algorithm), Number(type)]), Buffer.from(hex.join(''), 'hex')]);
}

/** A record with RDATA given as octets: its name, type, class IN, TTL, length and the octets. */
function withRdata(record: WireRecord, rdata: Buffer): Buffer {
  const fixed = Buffer.alloc(6);
  fixed.writeUInt32BE(record.ttl, 0);
  fixed.writeUInt16BE(rdata.length, 4);
  return Buffer.concat([questionOctets(record.name, record.type), fixed, rdata]);
}

/** A name, a type and class IN, as the question section writes them. */
function questionOctets(name: string, type: string): Buffer {
  const packet = dnsPacket.encode({ questions: [{ name, type: packetType(type), class: 'IN' }] });
  return Buffer.from(packet.subarray(HEADER));
}
