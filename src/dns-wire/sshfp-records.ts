/**
 * SSHFP's RDATA (RFC 4255 §3.1) is an algorithm octet, a fingerprint type octet, and the fingerprint: the rest of
 * the RDATA, of any length. dns-packet 5.6 reads only fingerprints of SHA-1's or SHA-256's length, and reading any
 * other it loses its place in the message, so a zone transfer holding one such record (a SHA-384 fingerprint, a
 * type the server knows and dns-packet does not yet) could not be read at all. dns-packet is therefore never given
 * an SSHFP record: rdata-octets.ts writes its RDATA as octets, and before a message is read `hideSshfp` finds its
 * SSHFP records by walking the message's records (RFC 1035 §4.1: each a name, ten octets of fields, RDLENGTH
 * octets of RDATA) and hands dns-packet a copy in which their TYPE is 0, reserved (RFC 6895 §3.1), which it reads
 * as raw octets. message.ts gives them back their type by position, so a record that really is of type 0 stays so.
 */

const HEADER = 12;
const SSHFP = 44;
const STAND_IN = 0;
/** TYPE, CLASS, TTL and RDLENGTH: the fields between a record's name and its RDATA. */
const FIELDS = 10;

export interface HiddenSshfp {
  /** The message to decode: the one given, or a copy with each SSHFP record's TYPE made 0. */
  octets: Buffer;
  /** Per section (answers, authorities, additionals), the positions of its SSHFP records. */
  sections: readonly [ReadonlySet<number>, ReadonlySet<number>, ReadonlySet<number>];
}

/**
 * The message with its SSHFP records hidden from dns-packet. A message the walk cannot follow (cut short, a name
 * that is not one) is left to dns-packet, which refuses it; only an SSHFP record whose RDATA runs past the end of
 * the message is refused here, since dns-packet would take the octets there are.
 */
export function hideSshfp(message: Buffer): HiddenSshfp {
  const sections = [new Set<number>(), new Set<number>(), new Set<number>()] as const;
  // Stryker disable next-line EqualityOperator: a header alone has no record to walk, returned either way
  if (message.length < HEADER) return { octets: message, sections };
  let copy: Buffer | undefined;
  let at = afterQuestions(message);
  for (const [section, found] of sections.entries()) {
    const count = message.readUInt16BE(6 + 2 * section);
    for (let index = 0; index < count; index += 1) {
      // Stryker disable next-line ConditionalExpression: recordAt finds no name at undefined either
      const record = at === undefined ? undefined : recordAt(message, at);
      if (record === undefined) return { octets: copy ?? message, sections };
      if (record.type === SSHFP) {
        if (record.end > message.length)
          throw new Error(`an SSHFP record of ${record.length} octets runs past the end of the message`);
        copy ??= Buffer.from(message);
        copy.writeUInt16BE(STAND_IN, record.typeAt);
        found.add(index);
      }
      at = record.end;
    }
  }
  return { octets: copy ?? message, sections };
}

/** Where the question section ends; undefined when a question is not one. */
function afterQuestions(message: Buffer): number | undefined {
  let at: number | undefined = HEADER;
  // Stryker disable next-line ConditionalExpression: a walk gone astray (NaN) finds no record after it either
  for (let count = message.readUInt16BE(4); count > 0 && at !== undefined; count -= 1) {
    const name = afterName(message, at);
    // Stryker disable next-line ConditionalExpression: as above, NaN for undefined stops the walk as well
    at = name === undefined ? undefined : name + 4;
  }
  return at;
}

/** The record at `at`: where its TYPE is, the type, its RDLENGTH and where it ends; undefined when cut short. */
function recordAt(message: Buffer, at: number) {
  const typeAt = afterName(message, at);
  if (typeAt === undefined || typeAt + FIELDS > message.length) return undefined;
  const length = message.readUInt16BE(typeAt + 8);
  return { typeAt, type: message.readUInt16BE(typeAt), length, end: typeAt + FIELDS + length };
}

/** Where the name at `at` ends (after its last label or its pointer); undefined when it is not a name there. */
function afterName(message: Buffer, at: number): number | undefined {
  for (let i = at; i < message.length; ) {
    const length = message.readUInt8(i);
    if (length === 0) return i + 1;
    if ((length & 0xc0) === 0xc0) return i + 2;
    if ((length & 0xc0) !== 0) return undefined;
    i += 1 + length;
  }
  return undefined;
}
