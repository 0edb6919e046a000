/**
 * The server's side of TSIG, for tests that play a server: signs the answers to one signed request as RFC 8945 says a
 * server does (§4.3.1 for the first answer, over the request's MAC and all the TSIG variables; §5.3.1 for each later
 * signed answer of a transfer, over the MAC before it, every answer left unsigned since, and the timers only). The
 * client's side (src/dns-wire/tsig-verifier.ts) must take what this signs and nothing else.
 */
import { appendTsig, type TsigKey, tsigMac } from '../../src/dns-wire/tsig.js';
import { readTsig } from '../../src/dns-wire/tsig-record.js';

export class AnswerSigner {
  private previous: Buffer;
  private pending: Buffer[] = [];
  private first = true;

  /** `request`: the signed request as received (its MAC is read from it). */
  constructor(
    private readonly key: TsigKey,
    request: Buffer,
    private readonly timeSigned = Math.floor(Date.now() / 1000),
  ) {
    const record = readTsig(request);
    if (!record) throw new Error('the request is not signed');
    this.previous = record.mac;
  }

  /**
   * `message` (without TSIG) signed, covering the answers left unsigned before it. `named`: the key name and
   * algorithm its TSIG record shows, when a test makes them differ from the key that computed the MAC.
   */
  signed(message: Buffer, named: TsigKey = this.key): Buffer {
    const mac = tsigMac(this.key, this.previous, [...this.pending, message], this.timeSigned, !this.first);
    this.previous = mac;
    this.pending = [];
    this.first = false;
    return appendTsig(message, named, this.timeSigned, mac);
  }

  /** `message` sent as it is, to be covered by the next signed answer. */
  unsigned(message: Buffer): Buffer {
    this.pending.push(message);
    return message;
  }
}
