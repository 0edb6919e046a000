import { timingSafeEqual } from 'node:crypto';
import { type Signed, TsigError, type TsigKey, tsigMac } from './tsig.js';
import { readTsig } from './tsig-record.js';

/** Unsigned messages a zone transfer may have in a row (RFC 8945 §5.3.1: a TSIG on at least every 100th). */
export const MAX_UNSIGNED_RUN = 99;

/**
 * Checks the answers to a signed request, in order: one for an UPDATE or a query, several for a zone transfer.
 * Signed means every message (RFC 8945 §5.3.1): the first answer must be signed; each signed answer's MAC must be
 * the key's over the MAC before it (the request's, for the first), every unsigned answer since, and the answer
 * itself; at most 99 unsigned answers in a row; and the last answer must be signed (`finish`), so that an unsigned
 * run is only ever accepted once a signature covers it. Throws TsigError, saying which answer and why.
 */
export class TsigVerifier {
  private previous: Buffer;
  private pending: Buffer[] = [];
  private signed = 0;
  private seen = 0;

  constructor(
    private readonly key: TsigKey,
    request: Signed,
  ) {
    this.previous = request.mac;
  }

  /** Checks one answer; its rcode is the caller's to read. */
  accept(message: Buffer): void {
    this.seen += 1;
    const record = readTsig(message);
    if (record === null) {
      if (this.signed === 0) throw new TsigError('the answer is not signed');
      this.pending.push(message);
      if (this.pending.length > MAX_UNSIGNED_RUN)
        throw new TsigError(
          `answers ${this.seen - MAX_UNSIGNED_RUN} to ${this.seen} are not signed: RFC 8945 allows ${MAX_UNSIGNED_RUN} in a row`,
        );
      return;
    }
    if (record.error !== 0 || record.mac.length === 0) {
      throw new TsigError(
        `the server refused the key ${this.key.name} for this request (TSIG error ${tsigErrorName(record.error)})`,
      );
    }
    if (
      record.keyName !== this.key.name.replace(/\.$/, '').toLowerCase() ||
      record.algorithm !== this.key.algorithm
    )
      throw new TsigError(
        `answer ${this.seen} is signed with the key ${record.keyName} (${record.algorithm}), not ${this.key.name}`,
      );
    const expected = tsigMac(
      this.key,
      this.previous,
      [...this.pending, record.unsigned],
      record.timeSigned,
      this.signed > 0,
    );
    if (expected.length !== record.mac.length || !timingSafeEqual(expected, record.mac))
      throw new TsigError(`the answer's signature is not the key ${this.key.name}'s`);
    this.previous = record.mac;
    this.pending = [];
    this.signed += 1;
  }

  /** The answers ended: the last one must have been signed, so that nothing unsigned was taken on trust. */
  finish(): void {
    if (this.signed === 0) throw new TsigError('no answer is signed');
    if (this.pending.length > 0)
      throw new TsigError(
        `the last ${this.pending.length === 1 ? 'answer is' : `${this.pending.length} answers are`} not signed: no signature covers ${this.pending.length === 1 ? 'it' : 'them'}`,
      );
  }
}

const TSIG_ERRORS: Record<number, string> = { 16: 'BADSIG', 17: 'BADKEY', 18: 'BADTIME', 22: 'BADTRUNC' };

function tsigErrorName(error: number): string {
  return TSIG_ERRORS[error] ?? String(error);
}
