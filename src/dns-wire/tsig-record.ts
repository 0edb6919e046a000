import { ARCOUNT, TSIG_TYPE, TsigError } from './tsig.js';

/** The TSIG record at the end of a message, split off: the message as it was before signing, and the record. */
export interface TsigRecord {
  /** The message without its TSIG record: its original id back, ARCOUNT one less (RFC 8945 §4.3.2). */
  unsigned: Buffer;
  keyName: string;
  algorithm: string;
  mac: Buffer;
  timeSigned: number;
  error: number;
}

/**
 * The message's TSIG record (its last additional record, RFC 8945 §4.2), or null when it has none. Octets that do
 * not hold a whole message (a record running past the end, a name pointer that loops) are a TsigError.
 */
export function readTsig(message: Buffer): TsigRecord | null {
  try {
    return split(message);
  } catch (error) {
    if (error instanceof RangeError) throw new TsigError('the answer is cut short or malformed');
    throw error;
  }
}

function split(message: Buffer): TsigRecord | null {
  const additional = message.readUInt16BE(ARCOUNT);
  if (additional === 0) return null;
  const start = lastRecordStart(message);
  let at = start;
  const [keyName, afterName] = readName(message, at);
  at = afterName;
  if (message.readUInt16BE(at) !== TSIG_TYPE) return null;
  at += 10;
  const [algorithm, afterAlgorithm] = readName(message, at);
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
  return { unsigned, keyName, algorithm, mac, timeSigned, error };
}

/** Where the message's last record starts: every section walked record by record. */
function lastRecordStart(message: Buffer): number {
  let at = 12;
  for (let q = message.readUInt16BE(4); q > 0; q -= 1) at = readName(message, at)[1] + 4;
  const records = message.readUInt16BE(6) + message.readUInt16BE(8) + message.readUInt16BE(ARCOUNT);
  let last = at;
  for (let r = 0; r < records; r += 1) {
    last = at;
    at = readName(message, at)[1];
    at += 10 + message.readUInt16BE(at + 8);
  }
  return last;
}

/** Labels and pointers a name may take: a name has at most 127 labels (RFC 1035 §2.3.4: 255 octets). */
const MAX_STEPS = 128;

/**
 * A name at `at` (following compression pointers, RFC 1035 §4.1.4) and where the data after it starts: after its
 * first pointer, or after its root label when it has none. A name that never ends (a pointer loop) is a TsigError.
 */
function readName(message: Buffer, at: number): [string, number] {
  const labels: string[] = [];
  let after: number | undefined;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const length = message.readUInt8(at);
    if (length === 0) return [labels.join('.').toLowerCase(), after ?? at + 1];
    if (length >= 0xc0) {
      after ??= at + 2;
      at = message.readUInt16BE(at) & 0x3fff;
      continue;
    }
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  throw new TsigError('a name in the answer loops, or is longer than 127 labels');
}
