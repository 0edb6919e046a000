import { createHmac } from 'node:crypto';
import { EdgeplanError } from '../model/edgeplan-error.js';

/**
 * TSIG (RFC 8945): a shared-secret HMAC over a DNS message, added as the last record of its additional section.
 * dns-packet does not sign, so the signing is written here over the canonical wire form the RFC defines (§4.3.3):
 * the message as sent without its TSIG record, then the TSIG variables (key name and algorithm name lower case and
 * uncompressed, class ANY, TTL 0, time signed, fudge, error, other data). Answers are checked the same way
 * (tsig-verifier.ts), each covering the MAC before it (§4.3.1 for one answer, §5.3.1 for a zone transfer).
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

export const TSIG_TYPE = 250;
const CLASS_ANY = 255;
/** Seconds a signature's time may differ from the receiver's clock (RFC 8945 §10 recommends 300). */
const FUDGE = 300;
/** Where the header holds ARCOUNT, the number of additional records (RFC 1035 §4.1.1). */
export const ARCOUNT = 10;

/** `name` (absolute or not) in uncompressed wire form, lower case: the canonical form TSIG digests. */
export function nameOctets(name: string): Buffer {
  const labels = name.toLowerCase().replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'latin1')])),
    Buffer.from([0]),
  ]);
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

/**
 * The MAC of `messages` (each without its TSIG record) signed at `timeSigned` (seconds): over the MAC it answers
 * (`previous`: a request's for its answers, the last signed answer's for the next one of a transfer), the messages,
 * and the TSIG variables, all of them for a request or a first answer, the timers only for a later answer of a
 * transfer (`timersOnly`, RFC 8945 §5.3.1).
 */
export function tsigMac(
  key: TsigKey,
  previous: Buffer | null,
  messages: readonly Buffer[],
  timeSigned: number,
  timersOnly: boolean,
): Buffer {
  const hmac = createHmac(key.algorithm.replace('hmac-', ''), key.secret);
  if (previous !== null) hmac.update(lengthPrefixed(previous));
  for (const message of messages) hmac.update(message);
  return hmac.update(variables(key, timeSigned, timersOnly)).digest();
}

/** `message` (without TSIG) with its TSIG record appended, holding `mac` and `timeSigned`, and ARCOUNT one more. */
export function appendTsig(message: Buffer, key: TsigKey, timeSigned: number, mac: Buffer): Buffer {
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
  return octets;
}

/** A signed message and its MAC, which the answer's MAC covers. */
export interface Signed {
  octets: Buffer;
  mac: Buffer;
}

/** Signs `message` (a whole message without TSIG) at `now` (ms since the epoch): its TSIG record appended. */
export function signMessage(message: Buffer, key: TsigKey, now: number): Signed {
  const timeSigned = Math.floor(now / 1000);
  const mac = tsigMac(key, null, [message], timeSigned, false);
  return { octets: appendTsig(message, key, timeSigned, mac), mac };
}

/** An answer that does not carry the key's signature. */
export class TsigError extends EdgeplanError {
  override readonly code = 'EP2603';
  override readonly name = 'TsigError';
}
