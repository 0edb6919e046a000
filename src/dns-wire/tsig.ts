import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * TSIG (RFC 8945): a shared-secret HMAC over a DNS message, added as the last record of its additional section.
 * dns-packet does not sign, so the signing is written here over the canonical wire form the RFC defines (§4.3.3):
 * the message as sent without its TSIG record, then the TSIG variables (key name and algorithm name lower case and
 * uncompressed, class ANY, TTL 0, time signed, fudge, error, other data). Answers are checked the same way, each
 * covering the MAC before it (§4.3.1 for one answer, §5.3.1 for the messages of a zone transfer).
 */

export type TsigAlgorithm = 'hmac-sha256' | 'hmac-sha512' | 'hmac-sha384' | 'hmac-sha1';
export const TSIG_ALGORITHMS: readonly TsigAlgorithm[] = [
  'hmac-sha256',
  'hmac-sha512',
  'hmac-sha384',
  'hmac-sha1',
];

/** A TSIG key as `nsupdate -y` takes it: the algorithm, the key's name (lower case, no trailing dot), its secret. */
export interface TsigKey {
  algorithm: TsigAlgorithm;
  name: string;
  secret: Buffer;
}

const TSIG_TYPE = 250;
const CLASS_ANY = 255;
/** Seconds a signature's time may differ from the receiver's clock (RFC 8945 §10 recommends 300). */
const FUDGE = 300;
const ARCOUNT = 10;

/** `name` (absolute or not) in uncompressed wire form, lower case: the canonical form TSIG digests. */
export function nameOctets(name: string): Buffer {
  const labels = name.toLowerCase().replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'latin1')])),
    Buffer.from([0]),
  ]);
}

function hashOf(algorithm: TsigAlgorithm): string {
  return algorithm.replace('hmac-', '');
}

function timeOctets(seconds: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt16BE(Math.floor(seconds / 2 ** 32), 0);
  out.writeUInt32BE(seconds % 2 ** 32, 2);
  out.writeUInt16BE(FUDGE, 6);
  return out;
}

/** The TSIG variables of §4.3.3 with error 0 and no other data; `timersOnly` for later messages of a transfer. */
function variables(key: TsigKey, timeSigned: number, timersOnly: boolean): Buffer {
  if (timersOnly) return timeOctets(timeSigned);
  const head = Buffer.alloc(6);
  head.writeUInt16BE(CLASS_ANY, 0);
  return Buffer.concat([
    nameOctets(key.name),
    head,
    nameOctets(key.algorithm),
    timeOctets(timeSigned),
    Buffer.alloc(4),
  ]);
}

function lengthPrefixed(mac: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(mac.length);
  return Buffer.concat([length, mac]);
}

/** A signed message and its MAC, which the answer's MAC covers. */
export interface Signed {
  octets: Buffer;
  mac: Buffer;
}

/** Signs `message` (a whole message without TSIG) at `now` (ms since the epoch): its TSIG record appended. */
export function signMessage(message: Buffer, key: TsigKey, now: number): Signed {
  const timeSigned = Math.floor(now / 1000);
  const mac = createHmac(hashOf(key.algorithm), key.secret)
    .update(message)
    .update(variables(key, timeSigned, false))
    .digest();
  const rdata = Buffer.concat([
    nameOctets(key.algorithm),
    timeOctets(timeSigned),
    lengthPrefixed(mac),
    message.subarray(0, 2),
    Buffer.alloc(4),
  ]);
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(TSIG_TYPE, 0);
  fixed.writeUInt16BE(CLASS_ANY, 2);
  fixed.writeUInt16BE(rdata.length, 8);
  const octets = Buffer.concat([message, nameOctets(key.name), fixed, rdata]);
  octets.writeUInt16BE(message.readUInt16BE(ARCOUNT) + 1, ARCOUNT);
  return { octets, mac };
}

/** The TSIG record at the end of a message, split off: the message as it was before signing, and the record. */
interface TsigRecord {
  unsigned: Buffer;
  keyName: string;
  mac: Buffer;
  timeSigned: number;
  error: number;
}

/**
 * Checks the answers to a signed request, in order (one for an UPDATE, several for a zone transfer): each signed
 * answer's MAC must be the key's over the MAC before it, the unsigned answers since, and the answer itself. Throws
 * TsigError when an answer is not signed by the key (RFC 8945 §5.3.1 allows up to 99 unsigned messages between
 * signed ones in a transfer; the last must be signed: `finish`).
 */
export class TsigVerifier {
  private previous: Buffer;
  private pending: Buffer[] = [];
  private first = true;

  constructor(
    private readonly key: TsigKey,
    request: Signed,
  ) {
    this.previous = request.mac;
  }

  /** Checks one answer; its rcode and TSIG error are the caller's to read (an unsigned BADKEY answer passes here). */
  accept(message: Buffer): void {
    const record = splitTsig(message);
    if (record === null) {
      if (this.first) throw new TsigError('the answer is not signed');
      this.pending.push(message);
      if (this.pending.length > 99) throw new TsigError('more than 99 answers in a row are not signed');
      return;
    }
    if (record.error !== 0 || record.mac.length === 0) {
      throw new TsigError(
        `the server refused the key ${this.key.name} for this request (TSIG error ${tsigErrorName(record.error)})`,
      );
    }
    const expected = createHmac(hashOf(this.key.algorithm), this.key.secret)
      .update(lengthPrefixed(this.previous))
      .update(Buffer.concat([...this.pending, record.unsigned]))
      .update(variables(this.key, record.timeSigned, !this.first))
      .digest();
    if (expected.length !== record.mac.length || !timingSafeEqual(expected, record.mac))
      throw new TsigError(`the answer's signature is not the key ${this.key.name}'s`);
    this.previous = record.mac;
    this.pending = [];
    this.first = false;
  }

  /** The transfer ended: its last answer must have been signed. */
  finish(): void {
    if (this.first || this.pending.length > 0) throw new TsigError('the last answer is not signed');
  }
}

/** An answer that does not carry the key's signature. */
export class TsigError extends Error {
  override readonly name = 'TsigError';
}

const TSIG_ERRORS: Record<number, string> = { 16: 'BADSIG', 17: 'BADKEY', 18: 'BADTIME', 22: 'BADTRUNC' };

function tsigErrorName(error: number): string {
  return TSIG_ERRORS[error] ?? String(error);
}

/** The message's TSIG record (the last additional record), or null when it has none. */
function splitTsig(message: Buffer): TsigRecord | null {
  const additional = message.readUInt16BE(ARCOUNT);
  if (additional === 0) return null;
  const start = lastRecordStart(message);
  let at = start;
  const [keyName, afterName] = readName(message, at);
  at = afterName;
  if (message.readUInt16BE(at) !== TSIG_TYPE) return null;
  at += 10;
  const [, afterAlgorithm] = readName(message, at);
  at = afterAlgorithm;
  const timeSigned = message.readUInt16BE(at) * 2 ** 32 + message.readUInt32BE(at + 2);
  at += 8;
  const macLength = message.readUInt16BE(at);
  const mac = message.subarray(at + 2, at + 2 + macLength);
  at += 2 + macLength;
  const originalId = message.readUInt16BE(at);
  const error = message.readUInt16BE(at + 2);
  const unsigned = Buffer.from(message.subarray(0, start));
  unsigned.writeUInt16BE(originalId, 0);
  unsigned.writeUInt16BE(additional - 1, ARCOUNT);
  return { unsigned, keyName, mac, timeSigned, error };
}

/** Where the message's last record starts: every section walked record by record. */
function lastRecordStart(message: Buffer): number {
  let at = 12;
  for (let q = message.readUInt16BE(4); q > 0; q -= 1) at = readName(message, at)[1] + 4;
  const records = message.readUInt16BE(6) + message.readUInt16BE(8) + message.readUInt16BE(10);
  let last = at;
  for (let r = 0; r < records; r += 1) {
    last = at;
    at = readName(message, at)[1];
    at += 10 + message.readUInt16BE(at + 8);
  }
  return last;
}

/** A name at `at` (following compression pointers) and where the data after it starts. */
function readName(message: Buffer, at: number): [string, number] {
  const labels: string[] = [];
  let next = -1;
  for (let hops = 0; hops < 128; hops += 1) {
    const length = message.readUInt8(at);
    if (length === 0) return [labels.join('.').toLowerCase(), next >= 0 ? next : at + 1];
    if (length >= 0xc0) {
      if (next < 0) next = at + 2;
      at = message.readUInt16BE(at) & 0x3fff;
      continue;
    }
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  throw new TsigError('a name in the answer loops');
}
