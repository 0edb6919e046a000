import dnsPacket, { type Answer } from 'dns-packet';
import { EdgeplanError } from '../model/edgeplan-error.js';
import { NameTable, type Sink } from './name-table.js';
import { packetType, toAnswer, type WireRecord } from './rdata.js';

/**
 * RFC 2136 UPDATE messages (opcode 5). The zone section names the zone; the prerequisite section holds the
 * conditions the server checks before it changes anything; the update section the changes, which the server
 * applies all or none (§3.4.2). dns-packet has no classes NONE and ANY with empty RDATA, so each record is
 * written here, with its class and TTL set as §2.4 and §2.5 want them.
 *
 * Names are compressed (RFC 1035 §4.1.4): every owner name, and the names inside the RDATA of the types RFC 1035
 * defines (NS, CNAME, PTR, MX, SOA); never those of later types (SRV, NAPTR …: RFC 3597 §4), which dns-packet writes
 * in full. A record of a zone's own names takes about 23 octets instead of 38. A message is written in one pass;
 * `UpdateSizer` counts the same octets without writing them, for packing messages before they are sent.
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
/** The largest DNS message (over TCP, RFC 1035 §4.2.2). */
export const MAX_MESSAGE_OCTETS = 0xffff;
/**
 * The most the SOA prerequisite takes in a message, compressed: its owner (the zone) a pointer, type, class, TTL
 * and length, two names of at most 255 octets, five 32-bit numbers.
 */
export const MAX_SOA_PREREQUISITE = 2 + 10 + 255 + 255 + 20;
const CLASS_IN = 1;
const CLASS_ANY = 255;
const CLASS_NONE = 254;
const HEADER = 12;

/** The message's octets, unsigned (tsig.ts signs them); UpdateTooLargeError past 65,535 octets. */
export function encodeUpdate(message: UpdateMessage): Buffer {
  // Room for any one entry past the limit (a name and 64 KiB of RDATA), so that only the check below refuses it.
  const sink: Sink = { buffer: Buffer.alloc(2 * (MAX_MESSAGE_OCTETS + 1)), offset: 0 };
  const header = sink.buffer as Buffer;
  header.writeUInt16BE(message.id, 0);
  header.writeUInt16BE(OPCODE_UPDATE << 11, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(message.prerequisites.length, 6);
  header.writeUInt16BE(message.updates.length, 8);
  sink.offset = HEADER;
  const names = new NameTable();
  writeZone(sink, names, message.zone);
  const sections = [
    ...message.prerequisites.map((entry) => [entry, 0] as const),
    ...message.updates.map((entry) => [entry, null] as const),
  ];
  for (const [entry, ttl] of sections) {
    if (sink.offset > MAX_MESSAGE_OCTETS) break;
    writeEntry(sink, names, entry, ttl);
  }
  if (sink.offset > MAX_MESSAGE_OCTETS) throw new UpdateTooLargeError(message.zone, sink.offset);
  return header.subarray(0, sink.offset);
}

/**
 * Counts the octets of an UPDATE as encodeUpdate writes them, without writing them: the header, the zone section,
 * then the update section. Room for the SOA prerequisite (MAX_SOA_PREREQUISITE) is left before the updates, so that
 * the names they point to sit no earlier than they will with a real prerequisite; `octets` does not count it. The
 * message sent is at most `octets` + MAX_SOA_PREREQUISITE (every name points at least as far back as counted).
 * `mark` and `rollback` try an entry and take it back.
 */
export class UpdateSizer {
  private readonly sink: Sink = { buffer: null, offset: HEADER };
  private readonly names = new NameTable();

  constructor(zone: string) {
    writeZone(this.sink, this.names, zone);
    this.sink.offset += MAX_SOA_PREREQUISITE;
  }

  /** The message's octets so far, without its prerequisite and TSIG record. */
  get octets(): number {
    return this.sink.offset - MAX_SOA_PREREQUISITE;
  }

  add(entry: UpdateEntry): void {
    writeEntry(this.sink, this.names, entry, null);
  }

  mark(): { offset: number; names: number } {
    return { offset: this.sink.offset, names: this.names.mark() };
  }

  rollback(mark: { offset: number; names: number }): void {
    this.sink.offset = mark.offset;
    this.names.rollback(mark.names);
  }
}

/** An UPDATE that does not fit one DNS message: it was not sent. */
export class UpdateTooLargeError extends EdgeplanError {
  override readonly name = 'UpdateTooLargeError';
  override readonly code = 'EP2405';

  constructor(
    readonly zone: string,
    readonly octets: number,
  ) {
    super(
      `the UPDATE of zone ${zone} takes more than ${MAX_MESSAGE_OCTETS} octets (${octets}); nothing was sent`,
    );
  }
}

/** The zone section: the zone, type SOA, class IN (§2.3). */
function writeZone(sink: Sink, names: NameTable, zone: string): void {
  names.write(sink, zone);
  writeFixed(sink, typeCode('SOA'), CLASS_IN);
}

/** `ttl`: the TTL written (prerequisites carry 0, §2.4); null: the record's own. */
function writeEntry(sink: Sink, names: NameTable, entry: UpdateEntry, ttl: number | null): void {
  if (entry.kind === 'delete-rrset') {
    names.write(sink, entry.name);
    writeFixed(sink, typeCode(entry.type), CLASS_ANY, 0);
    writeU16(sink, 0);
    return;
  }
  const { record } = entry;
  names.write(sink, record.name);
  if (entry.kind === 'delete-record') writeFixed(sink, typeCode(record.type), CLASS_NONE, 0);
  else writeFixed(sink, typeCode(record.type), CLASS_IN, ttl ?? record.ttl);
  const length = sink.offset;
  sink.offset += 2;
  writeRdata(sink, names, record);
  sink.buffer?.writeUInt16BE(sink.offset - length - 2, length);
}

/** RDATA: the names of RFC 1035's types compressed; any other type as dns-packet writes it (rdata.ts gives it). */
function writeRdata(sink: Sink, names: NameTable, record: WireRecord): void {
  const answer = toAnswer(record);
  switch (answer.type) {
    case 'NS':
    case 'CNAME':
    case 'PTR':
      names.write(sink, answer.data);
      break;
    case 'MX':
      writeU16(sink, answer.data.preference ?? 0);
      names.write(sink, answer.data.exchange);
      break;
    case 'SOA': {
      const { mname, rname, serial, refresh, retry, expire, minimum } = answer.data;
      names.write(sink, mname);
      names.write(sink, rname);
      for (const n of [serial, refresh, retry, expire, minimum]) writeU32(sink, n ?? 0);
      break;
    }
    default:
      writeUncompressed(sink, answer);
  }
}

/** RDATA as dns-packet writes it (its length first, which writeEntry has room for already). */
function writeUncompressed(sink: Sink, answer: Answer): void {
  const rooted = { ...answer, name: '.' } as Answer;
  // The header, then a record at the root: one octet of name, type, class and TTL; RDATA length and RDATA follow.
  const skip = HEADER + 1 + 8 + 2;
  const packet = { answers: [rooted] };
  if (sink.buffer === null) {
    sink.offset += dnsPacket.encodingLength(packet) - skip;
    return;
  }
  const octets = dnsPacket.encode(packet);
  writeOctets(sink, octets.subarray(skip));
}

/** Type and class; a TTL too when given (records have one, the zone section does not). */
function writeFixed(sink: Sink, type: number, klass: number, ttl?: number): void {
  writeU16(sink, type);
  writeU16(sink, klass);
  if (ttl !== undefined) writeU32(sink, ttl);
}

function writeU16(sink: Sink, value: number): void {
  sink.buffer?.writeUInt16BE(value, sink.offset);
  sink.offset += 2;
}

function writeU32(sink: Sink, value: number): void {
  sink.buffer?.writeUInt32BE(value >>> 0, sink.offset);
  sink.offset += 4;
}

function writeOctets(sink: Sink, octets: Uint8Array): void {
  if (sink.buffer) sink.buffer.set(octets, sink.offset);
  sink.offset += octets.length;
}

const typeCodes = new Map<string, number>();

/** A type's number, as dns-packet knows it (`TYPE65534` too). */
function typeCode(type: string): number {
  let code = typeCodes.get(type);
  if (code === undefined) {
    const packet = dnsPacket.encode({ questions: [{ name: '.', type: packetType(type) }] });
    code = packet.readUInt16BE(HEADER + 1);
    typeCodes.set(type, code);
  }
  return code;
}
