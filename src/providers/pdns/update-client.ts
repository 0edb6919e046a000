import { RCODES } from '../../dns-wire/message.js';
import type { DnsServer } from '../../dns-wire/query.js';
import type { WireRecord } from '../../dns-wire/rdata.js';
import type { TsigKey } from '../../dns-wire/tsig.js';
import { normaliseName } from '../../model/names.js';
import { DEFAULT_RETRY, type RetryOptions, retryDelayMs } from '../http/retry.js';
import { Rfc2136Client } from '../rfc2136/client.js';
import { Rfc2136Error } from '../rfc2136/errors.js';
import type { WriterClient as UpdateClient } from '../rfc2136/send.js';
import type { PdnsClient } from './client.js';
import { readZoneWire } from './read.js';
import type { ZoneWire } from './wire.js';

/** Where PowerDNS takes DNS UPDATE: its DNS listener, and the TSIG key it allows to update the zones. */
export interface PdnsDnsUpdate {
  server: DnsServer;
  key: TsigKey;
  /** How long the server may take to answer an UPDATE. */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * What the RFC 2136 writer (providers/rfc2136/write.ts) needs of a PowerDNS server: UPDATE over DNS, TSIG-signed,
 * and the SOA and the zone read through the HTTP API. PowerDNS checks an UPDATE's prerequisites against its
 * database, inside the transaction that applies the update and under one lock for every UPDATE (PowerDNS
 * Authoritative, "Dynamic DNS Update", How it works, steps 10 to 14): so the SOA the prerequisite names is read
 * from the database too, through the API. A DNS query would answer the SOA as served: rewritten by the zone's
 * SOA-EDIT, and possibly from PowerDNS's packet cache, which another process (pdnsutil) does not purge.
 *
 * Reads fail as the RFC 2136 client's do, with Rfc2136Error, after the HTTP transport's own retries.
 */
export class PdnsUpdateClient implements UpdateClient {
  readonly label: string;

  constructor(
    private readonly api: PdnsClient,
    /** Where the UPDATEs go: an RFC 2136 client of the server's DNS port (updateClientOf). */
    private readonly dns: DnsUpdater,
    private readonly waits: UpdateWaits = {},
  ) {
    this.label = dns.label;
  }

  /** DNS messages sent so far (the UPDATEs; the reads are HTTP requests). */
  get requests(): number {
    return this.dns.requests;
  }

  /**
   * One UPDATE, sent again after the transport's backoff while PowerDNS answers SERVFAIL: it does when the
   * update's transaction fails (a backend error; on sqlite, one that meets an HTTP API write), and then nothing of
   * it was applied (PowerDNS, "Dynamic DNS Update", How it works, steps 12 and 14). The prerequisite keeps a send
   * again safe in any case: an update that had been applied moved the SOA, and its repeat is refused (NXRRSET).
   * UPDATE_SENDS in all; the last answer is the caller's.
   */
  async update(...args: Parameters<UpdateClient['update']>): ReturnType<UpdateClient['update']> {
    const retry = this.waits.retry ?? DEFAULT_RETRY;
    const sleep =
      this.waits.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    for (let sent = 1; ; sent++) {
      const answer = await this.dns.update(...args);
      if (answer.rcode !== RCODES.SERVFAIL || sent >= UPDATE_SENDS) return answer;
      await sleep(retryDelayMs(sent, retry, this.waits.random ?? Math.random, undefined));
    }
  }

  /** The zone's SOA as PowerDNS stores it: one `GET` of the zone asking for its apex SOA alone; null: no zone. */
  async soa(zone: string): Promise<WireRecord | null> {
    const wire = await this.read(`SOA ${zone}`, zone, { name: `${zone}.`, type: 'SOA' });
    if (wire === null) return null;
    return records(wire).find((record) => record.type === 'SOA' && record.name === zone) ?? null;
  }

  /** Every served record of the zone, its SOA first: one `GET` of the zone; null: no zone. */
  async transfer(zone: string): Promise<WireRecord[] | null> {
    const wire = await this.read(`GET zone ${zone}`, zone);
    if (wire === null) return null;
    const all = records(wire);
    const soa = all.filter((record) => record.type === 'SOA' && record.name === zone);
    if (soa.length !== 1)
      throw new Rfc2136Error(`GET zone ${zone}`, this.label, `the zone has ${soa.length} SOA records, not 1`);
    return [...soa, ...all.filter((record) => !soa.includes(record))];
  }

  private async read(
    what: string,
    zone: string,
    only?: { name: string; type: string },
  ): Promise<ZoneWire | null> {
    try {
      return (await readZoneWire(this.api, zone, only))?.wire ?? null;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new Rfc2136Error(what, this.label, `reading it through the HTTP API failed: ${detail}`);
    }
  }
}

/** What sends the UPDATEs over DNS: the RFC 2136 client, signed with the key. */
export type DnsUpdater = Pick<Rfc2136Client, 'label' | 'update' | 'requests'>;

/** The RFC 2136 client of PowerDNS's DNS port that sends the UPDATEs. */
export function updaterOf(update: PdnsDnsUpdate): DnsUpdater {
  return new Rfc2136Client(update);
}

/** Sends of one UPDATE that PowerDNS answers SERVFAIL. */
export const UPDATE_SENDS = 4;

/** How the client waits before sending an UPDATE again: as the HTTP transport waits before a retry. */
export interface UpdateWaits {
  retry?: RetryOptions;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** The zone's served records: every enabled record of every rrset, named as the model names them. */
function records(wire: ZoneWire): WireRecord[] {
  return wire.rrsets.flatMap((rrset) =>
    rrset.records
      .filter((record) => record.disabled !== true)
      .map((record) => ({
        name: normaliseName(rrset.name),
        type: rrset.type,
        ttl: rrset.ttl,
        value: record.content,
      })),
  );
}
