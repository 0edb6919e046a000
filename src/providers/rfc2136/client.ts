import { randomInt } from 'node:crypto';
import dnsPacket from 'dns-packet';
import { decodeMessage, RCODES, rcodeName, type WireMessage } from '../../dns-wire/message.js';
import { DnsQueryError, type DnsServer, serverLabel } from '../../dns-wire/query.js';
import { toAnswer, type WireRecord } from '../../dns-wire/rdata.js';
import { type ExchangeBounds, tcpExchange } from '../../dns-wire/tcp-exchange.js';
import { type Signed, signMessage, TsigError, type TsigKey } from '../../dns-wire/tsig.js';
import { TsigVerifier } from '../../dns-wire/tsig-verifier.js';
import { encodeUpdate, type UpdateEntry } from '../../dns-wire/update.js';
import { Rfc2136Error, Rfc2136LimitError } from './errors.js';
import { IxfrMismatchError, IxfrReader } from './ixfr.js';
import { DEFAULT_TRANSFER_LIMITS, type TransferLimits } from './transfer-limits.js';

/** What an UPDATE's answer said: its response code (NOERROR: applied; anything else: nothing applied). */
export interface UpdateAnswer {
  rcode: number;
}

export interface Rfc2136ClientOptions {
  server: DnsServer;
  key: TsigKey;
  /** How long the server may stay silent; and how long a single answer (SOA, UPDATE) may take in all. */
  timeoutMs?: number;
  /** The bounds of a zone transfer; default DEFAULT_TRANSFER_LIMITS. */
  transfer?: TransferLimits;
  /** Stops the reads (zone transfers, SOA queries) under way and to come; an UPDATE sent runs to its answer. */
  signal?: AbortSignal;
  /** Injected time, for TSIG's time signed. */
  now?: () => number;
}

/** One DNS message, the most a single answer can be over TCP (its two-octet length included). */
const ONE_MESSAGE = 2 + 0xffff;

/**
 * One zone's primary server, spoken to over TCP with every request TSIG-signed and every answer's signature
 * checked (tsig-verifier.ts: signed means every message of a transfer, the last included): a zone transfer (AXFR,
 * RFC 5936), a SOA query, an UPDATE (RFC 2136). Every read is bounded (time, octets, records) and stops on the
 * signal. Counts the messages it sends.
 */
export class Rfc2136Client {
  readonly label: string;
  private sent = 0;
  private readonly zones = new Map<string, readonly WireRecord[]>();

  constructor(private readonly options: Rfc2136ClientOptions) {
    this.label = serverLabel(options.server);
  }

  /** Messages sent so far (requests: each AXFR, SOA query and UPDATE is one). */
  get requests(): number {
    return this.sent;
  }

  /**
   * Every record of the zone, its SOA first; null when the server does not serve the zone to this key (NOTAUTH or
   * REFUSED without a TSIG error). A transfer cut short, unsigned at its end, or past one of its bounds is an error,
   * never a smaller zone.
   *
   * The first read of a zone is a whole transfer (AXFR, RFC 5936); the zone is kept, and every later read asks only
   * what changed since (IXFR, RFC 1995: one SOA when nothing did, the changes where the server keeps a journal) and
   * applies it to what it keeps (ixfr.ts). Where the server cannot (no journal back that far: it sends the whole zone;
   * IXFR refused or not implemented; changes that do not fit), the zone is read whole, as the first time.
   */
  async transfer(zone: string): Promise<WireRecord[] | null> {
    const kept = this.zones.get(zone);
    const changed = kept === undefined ? undefined : await this.read(() => this.incrementalOnce(zone, kept));
    const records = changed === undefined ? await this.read(() => this.transferOnce(zone)) : changed;
    if (records?.[0]) this.zones.set(zone, records);
    else this.zones.delete(zone);
    return records === null ? null : [...records];
  }

  /**
   * The zone as the last read of it found it (undefined: none yet, or the zone was not served): what an UPDATE right
   * after a plan is conditional on, and a chain compares its first message with, without asking again. A stale one
   * is harmless: the server refuses a prerequisite that no longer holds (NXRRSET) and applies nothing.
   */
  lastRead(zone: string): readonly WireRecord[] | undefined {
    return this.zones.get(zone);
  }

  /** The zone by IXFR from `kept`; undefined when it has to be read whole (see `transfer`). */
  private async incrementalOnce(
    zone: string,
    kept: readonly WireRecord[],
  ): Promise<readonly WireRecord[] | undefined> {
    const what = `IXFR ${zone}`;
    const limits = this.options.transfer ?? DEFAULT_TRANSFER_LIMITS;
    const reader = new IxfrReader(kept);
    // Either ends the answer early: the zone is then read whole.
    let refused = false;
    let unfit = false;
    const bounds = { deadlineMs: limits.deadlineMs, maxBytes: limits.maxBytes, signal: this.options.signal };
    await this.exchange(what, ixfrQuery(zone, kept[0] as WireRecord), bounds, (message) => {
      refused = message.rcode !== RCODES.NOERROR;
      if (refused) return false;
      let more: boolean;
      try {
        more = reader.accept(message.answers);
      } catch (error) {
        if (!(error instanceof IxfrMismatchError)) throw error;
        unfit = true;
        return false;
      }
      if (reader.count > limits.maxRecords)
        throw new Rfc2136LimitError(
          what,
          this.label,
          'records',
          `the transfer has more than ${limits.maxRecords} records (transfer_max_records)`,
        );
      return more;
    });
    return refused || unfit ? undefined : reader.result().records;
  }

  private async transferOnce(zone: string): Promise<WireRecord[] | null> {
    const what = `AXFR ${zone}`;
    const limits = this.options.transfer ?? DEFAULT_TRANSFER_LIMITS;
    const records: WireRecord[] = [];
    let refused = false;
    let soas = 0;
    const bounds = { deadlineMs: limits.deadlineMs, maxBytes: limits.maxBytes, signal: this.options.signal };
    await this.exchange(what, query(zone, 'AXFR'), bounds, (message) => {
      if (message.rcode === RCODES.NOTAUTH || message.rcode === RCODES.REFUSED) {
        refused = true;
        return false;
      }
      if (message.rcode !== RCODES.NOERROR)
        throw new Rfc2136Error(what, this.label, `the server answered ${rcodeName(message.rcode)}`);
      for (const record of message.answers) {
        if (record.type === 'SOA') soas += 1;
        if (records.length === 0 && record.type !== 'SOA')
          throw new Rfc2136Error(what, this.label, 'the transfer does not start with the SOA');
        if (soas < 2) records.push(record);
      }
      if (records.length > limits.maxRecords)
        throw new Rfc2136LimitError(
          what,
          this.label,
          'records',
          `the transfer has more than ${limits.maxRecords} records (transfer_max_records)`,
        );
      return soas < 2;
    });
    return refused ? null : records;
  }

  /** The zone's SOA as the server has it now; null when it does not serve the zone. */
  async soa(zone: string): Promise<WireRecord | null> {
    return this.read(async () => {
      let found: WireRecord | null = null;
      await this.exchange(`SOA ${zone}`, query(zone, 'SOA'), this.single(this.options.signal), (message) => {
        found = message.answers.find((record) => record.type === 'SOA' && record.name === zone) ?? null;
        return false;
      });
      return found;
    });
  }

  /**
   * A read, asked again when its exchange failed on the way (a reset, a timeout, an answer cut short or not
   * signed): a SOA query or a zone transfer changes nothing, so asking again is safe. A refusal (the key, a
   * transfer that does not start with the SOA), a bound reached (a deadline, a cap: it would be reached again)
   * and a stop are not asked again. READ_ATTEMPTS in all.
   */
  private async read<T>(ask: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await ask();
      } catch (error) {
        if (!(error instanceof ExchangeFailedError) || attempt >= READ_ATTEMPTS) throw error;
      }
    }
  }

  /** Sends one UPDATE and returns its answer's code; the caller says what a refusal means. */
  async update(
    what: string,
    zone: string,
    prerequisites: readonly UpdateEntry[],
    updates: readonly UpdateEntry[],
  ): Promise<UpdateAnswer> {
    // Stryker disable next-line UnaryOperator: an exchange resolves only after its answer set the code
    let rcode = -1;
    const request = encodeUpdate({ id: randomInt(0x10000), zone, prerequisites, updates });
    await this.exchange(what, request, this.single(undefined), (message) => {
      rcode = message.rcode;
      return false;
    });
    return { rcode };
  }

  /** The bounds of an exchange with one answer: it must come whole within the timeout. */
  private single(signal: AbortSignal | undefined): Omit<ExchangeBounds, 'idleMs'> {
    return { deadlineMs: this.options.timeoutMs ?? 10_000, maxBytes: ONE_MESSAGE, signal };
  }

  /**
   * Signs `request`, sends it and hands each answer, checked and decoded, to `more` until it says no; then the
   * answers must have ended signed. Every failure is an Rfc2136Error naming what was asked and the server.
   */
  private async exchange(
    what: string,
    request: Buffer,
    bounds: Omit<ExchangeBounds, 'idleMs'>,
    more: (message: WireMessage) => boolean,
  ): Promise<void> {
    const signed: Signed = signMessage(request, this.options.key, (this.options.now ?? Date.now)());
    const verifier = new TsigVerifier(this.options.key, signed);
    const id = request.readUInt16BE(0);
    this.sent += 1;
    // Stryker disable next-line BooleanLiteral: set from each answer before it is checked; a TsigError comes from one
    let keyRefused = false;
    try {
      await tcpExchange(
        this.options.server,
        signed.octets,
        (octets) => {
          const message = decodeMessage(octets);
          // NOTAUTH to a signed request is the server refusing the key (RFC 8945 §5.2), signed or not: final.
          keyRefused = message.rcode === RCODES.NOTAUTH;
          if (keyRefused && !hasTsig(octets))
            throw new TsigError(`the server did not accept the key ${this.options.key.name} (NOTAUTH)`);
          verifier.accept(octets);
          if (message.id !== id) throw new Rfc2136Error(what, this.label, 'an answer to another request');
          return more(message);
        },
        { idleMs: this.options.timeoutMs ?? 10_000, ...bounds },
      );
      verifier.finish();
    } catch (error) {
      throw this.failure(what, error, keyRefused, bounds.signal);
    }
  }

  /**
   * A failed exchange as an Rfc2136Error: final when it is a refusal, a bound reached or a stop; an
   * ExchangeFailedError (a read may ask again) when it failed on the way.
   */
  private failure(what: string, error: unknown, keyRefused: boolean, signal?: AbortSignal): Rfc2136Error {
    if (error instanceof Rfc2136Error) return error;
    if (signal?.aborted)
      return new Rfc2136Error(what, this.label, `stopped (${reasonText(error)}): nothing read was kept`, {
        cause: error,
      });
    if (error instanceof TsigError) {
      const detail = `TSIG: ${error.message}: a wrong key name, algorithm or secret, a key the server does not allow this request, or something between edgeplan and the server; nothing of the answer was kept`;
      if (keyRefused) return new Rfc2136Error(what, this.label, detail, { cause: error });
      return new ExchangeFailedError(what, this.label, detail, { cause: error });
    }
    if (error instanceof DnsQueryError && (error.reason === 'deadline' || error.reason === 'too-large')) {
      const setting = error.reason === 'deadline' ? 'transfer_timeout' : 'transfer_max_bytes';
      const limit = error.reason === 'deadline' ? 'deadline' : 'bytes';
      const detail = `${error.detail}${what.startsWith('AXFR') ? ` (${setting})` : ''}`;
      return new Rfc2136LimitError(what, this.label, limit, detail);
    }
    const detail =
      error instanceof DnsQueryError ? error.detail : error instanceof Error ? error.message : String(error);
    return new ExchangeFailedError(what, this.label, detail, { cause: error });
  }
}

/** Times a read is asked in all when its exchange fails on the way. */
export const READ_ATTEMPTS = 4;

/** An exchange that failed on the way (no answer, a cut, an unsigned or forged one): a read may ask again. */
class ExchangeFailedError extends Rfc2136Error {
  override readonly code = 'EP2404';
}

/** An IXFR query: the zone, and in the authority section the SOA of the version held (RFC 1995 §3). */
function ixfrQuery(zone: string, soa: WireRecord): Buffer {
  return dnsPacket.encode({
    id: randomInt(0x10000),
    // Stryker disable next-line StringLiteral: dns-packet writes a query (QR 0) for any type but 'response'
    type: 'query',
    questions: [{ name: zone, type: 'IXFR' }],
    authorities: [toAnswer(soa)],
  });
}

function query(zone: string, type: 'AXFR' | 'SOA'): Buffer {
  // Stryker disable next-line StringLiteral: dns-packet writes a query (QR 0) for any type but 'response'
  return dnsPacket.encode({ id: randomInt(0x10000), type: 'query', questions: [{ name: zone, type }] });
}

/** Whether the message's additional section has records (a TSIG record is the last of them). */
function hasTsig(octets: Buffer): boolean {
  return octets.readUInt16BE(10) > 0;
}

function reasonText(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  return reason instanceof Error ? reason.message : 'aborted';
}
