import { randomInt } from 'node:crypto';
import dnsPacket from 'dns-packet';
import { decodeMessage, RCODES, rcodeName, type WireMessage } from '../../dns-wire/message.js';
import { type DnsServer, serverLabel } from '../../dns-wire/query.js';
import type { WireRecord } from '../../dns-wire/rdata.js';
import { tcpExchange } from '../../dns-wire/tcp-exchange.js';
import { type Signed, signMessage, TsigError, type TsigKey } from '../../dns-wire/tsig.js';
import { TsigVerifier } from '../../dns-wire/tsig-verifier.js';
import { encodeUpdate, type UpdateEntry } from '../../dns-wire/update.js';
import { Rfc2136Error } from './errors.js';

/** What an UPDATE's answer said: its response code (NOERROR: applied; anything else: nothing applied). */
export interface UpdateAnswer {
  rcode: number;
}

export interface Rfc2136ClientOptions {
  server: DnsServer;
  key: TsigKey;
  /** How long the server may take between two answers. */
  timeoutMs?: number;
  /** Injected time, for TSIG's time signed. */
  now?: () => number;
}

/**
 * One zone's primary server, spoken to over TCP with every request TSIG-signed and every answer's signature
 * checked: a zone transfer (AXFR, RFC 5936), a SOA query, an UPDATE (RFC 2136). Counts the messages it sends.
 */
export class Rfc2136Client {
  readonly label: string;
  private sent = 0;

  constructor(private readonly options: Rfc2136ClientOptions) {
    this.label = serverLabel(options.server);
  }

  /** Messages sent so far (requests: each AXFR, SOA query and UPDATE is one). */
  get requests(): number {
    return this.sent;
  }

  /**
   * Every record of the zone, its SOA first, in the server's order; null when the server does not serve the zone
   * to this key (NOTAUTH or REFUSED without a TSIG error). A transfer cut short is an error, never a smaller zone.
   */
  async transfer(zone: string): Promise<WireRecord[] | null> {
    const records: WireRecord[] = [];
    let refused = false;
    let soas = 0;
    await this.exchange(`AXFR ${zone}`, query(zone, 'AXFR'), (message) => {
      if (message.rcode === RCODES.NOTAUTH || message.rcode === RCODES.REFUSED) {
        refused = true;
        return false;
      }
      if (message.rcode !== RCODES.NOERROR)
        throw new Rfc2136Error(`AXFR ${zone}`, this.label, `the server answered ${rcodeName(message.rcode)}`);
      for (const record of message.answers) {
        if (record.type === 'SOA') soas += 1;
        if (records.length === 0 && record.type !== 'SOA')
          throw new Rfc2136Error(`AXFR ${zone}`, this.label, 'the transfer does not start with the SOA');
        if (soas < 2) records.push(record);
      }
      return soas < 2;
    });
    return refused ? null : records;
  }

  /** The zone's SOA as the server has it now; null when it does not serve the zone. */
  async soa(zone: string): Promise<WireRecord | null> {
    let found: WireRecord | null = null;
    await this.exchange(`SOA ${zone}`, query(zone, 'SOA'), (message) => {
      found = message.answers.find((record) => record.type === 'SOA' && record.name === zone) ?? null;
      return false;
    });
    return found;
  }

  /** Sends one UPDATE and returns its answer's code; the caller says what a refusal means. */
  async update(
    what: string,
    zone: string,
    prerequisites: readonly UpdateEntry[],
    updates: readonly UpdateEntry[],
  ): Promise<UpdateAnswer> {
    let rcode = -1;
    const request = encodeUpdate({ id: randomInt(0x10000), zone, prerequisites, updates });
    await this.exchange(what, request, (message) => {
      rcode = message.rcode;
      return false;
    });
    return { rcode };
  }

  /** Signs `request`, sends it and hands each answer, checked and decoded, to `more` until it says no. */
  private async exchange(
    what: string,
    request: Buffer,
    more: (message: WireMessage) => boolean,
  ): Promise<void> {
    const signed: Signed = signMessage(request, this.options.key, (this.options.now ?? Date.now)());
    const verifier = new TsigVerifier(this.options.key, signed);
    const id = request.readUInt16BE(0);
    this.sent += 1;
    try {
      await tcpExchange(
        this.options.server,
        signed.octets,
        (octets) => {
          const message = decodeMessage(octets);
          if (message.rcode === RCODES.NOTAUTH && !hasTsig(octets))
            throw new TsigError(`the server did not accept the key ${this.options.key.name} (NOTAUTH)`);
          verifier.accept(octets);
          if (message.id !== id) throw new Rfc2136Error(what, this.label, 'an answer to another request');
          return more(message);
        },
        { timeoutMs: this.options.timeoutMs ?? 10_000 },
      );
      verifier.finish();
    } catch (error) {
      if (error instanceof Rfc2136Error) throw error;
      if (error instanceof TsigError)
        throw new Rfc2136Error(
          what,
          this.label,
          `TSIG: ${error.message}: a wrong key name, algorithm or secret, or a key the server does not allow this request`,
        );
      throw new Rfc2136Error(what, this.label, error instanceof Error ? error.message : String(error));
    }
  }
}

function query(zone: string, type: 'AXFR' | 'SOA'): Buffer {
  return dnsPacket.encode({ id: randomInt(0x10000), type: 'query', questions: [{ name: zone, type }] });
}

/** Whether the message's additional section has records (a TSIG record is the last of them). */
function hasTsig(octets: Buffer): boolean {
  return octets.readUInt16BE(10) > 0;
}
