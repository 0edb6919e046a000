import { RCODES, rcodeName } from '../../dns-wire/message.js';
import { DnsQueryError } from '../../dns-wire/query.js';
import type { WireRecord } from '../../dns-wire/rdata.js';
import type { ProviderOp, StepWriter } from '../../model/provider.js';
import type { Target } from '../../model/target.js';
import type { Rfc2136Client } from './client.js';
import { setEntries } from './compile.js';
import { Rfc2136ConflictError, Rfc2136Error } from './errors.js';
import { labelRfc2136Op } from './op-label.js';
import { parseRfc2136Op } from './op-schema.js';
import type { Rfc2136Op } from './ops.js';
import { settleLostUpdate } from './settle.js';

/**
 * What the writer asks of a server: its SOA, its zone, and UPDATE. The RFC 2136 client speaks all three over DNS;
 * the PowerDNS provider sends UPDATE over DNS and reads through its HTTP API (providers/pdns/update-client.ts).
 */
export type UpdateClient = Pick<Rfc2136Client, 'label' | 'soa' | 'transfer' | 'update'>;

/** What a zone's step has done so far: the serial its next message is conditional on, and what it applied. */
interface ZoneProgress {
  serial: number;
  applied: Rfc2136Op[];
}

/**
 * Sends a zone's UPDATE messages, each conditional on the zone's SOA (RFC 2136 §2.4.1, "RRset exists (value
 * dependent)"): the first on the serial the plan read (`begin`), each later one on the serial the one before
 * produced, read back from the server's SOA right after it (not computed: a server may be set to date or
 * unixtime serials). The server applies a message all or nothing, and only while its SOA is the one named, so a
 * writer that came between plan and apply makes the message fail with NXRRSET, nothing applied:
 * Rfc2136ConflictError ("changed since the plan: plan again").
 *
 * A chain that fails part-way is rolled back by `discard`: the messages it applied are undone last first, each the
 * same sets sent the other way, each conditional on the serial it left.
 */
export class Rfc2136Writer implements StepWriter {
  private readonly zones = new Map<string, ZoneProgress>();
  private readonly planned = new Map<string, number | null>();

  constructor(private readonly client: UpdateClient) {}

  begin(planned: { target: Target; serial: number | null }): void {
    this.planned.set(planned.target.name, planned.serial);
    this.zones.delete(planned.target.name);
  }

  async execute(raw: ProviderOp): Promise<void> {
    const op = parseRfc2136Op(raw);
    const progress = await this.progressOf(op);
    await this.send(op, progress.serial, 'forward');
    progress.applied.push(op);
    progress.serial = await this.serialAfter(op, progress.serial);
  }

  /** Undoes the messages of the zone's failed step that were applied, last first; it never creates a zone. */
  async discard(target: Target): Promise<undefined> {
    const progress = this.zones.get(target.name);
    if (!progress) return undefined;
    while (progress.applied.length > 0) {
      const op = progress.applied.at(-1) as Rfc2136Op;
      await this.send(op, progress.serial, 'back');
      progress.applied.pop();
      progress.serial = await this.serialAfter(op, progress.serial);
    }
    return undefined;
  }

  /** The zone's progress; for its first message, the serial the plan read, checked against the server's now. */
  private async progressOf(op: Rfc2136Op): Promise<ZoneProgress> {
    const known = this.zones.get(op.zone);
    if (known) return known;
    const serial = this.planned.get(op.zone);
    if (serial === undefined || serial === null)
      throw new Rfc2136Error(
        `UPDATE ${op.zone}`,
        this.client.label,
        'no serial was read for the zone by the plan',
      );
    const progress = { serial, applied: [] };
    this.zones.set(op.zone, progress);
    return progress;
  }

  private async send(op: Rfc2136Op, serial: number, direction: 'forward' | 'back'): Promise<void> {
    const what = `${direction === 'back' ? 'undo of ' : ''}${labelRfc2136Op(op)}`;
    const soa = await this.client.soa(op.zone);
    if (soa === null) throw new Rfc2136Error(what, this.client.label, 'the server no longer serves the zone');
    if (serialOf(soa) !== serial)
      throw new Rfc2136ConflictError(
        op.zone,
        this.client.label,
        `its serial is ${serialOf(soa)}, not ${serial}`,
      );
    const prerequisite = { kind: 'record' as const, record: { ...soa, ttl: 0 } };
    const updates = op.sets.flatMap((set) => setEntries(set, direction));
    let answer: { rcode: number };
    try {
      answer = await this.client.update(what, op.zone, [prerequisite], updates);
    } catch (error) {
      const lost = { what, zone: op.zone, serial, sets: op.sets, direction, lost: error };
      if ((await settleLostUpdate(this.client, lost)) === 'applied') return;
      throw error;
    }
    if (answer.rcode === RCODES.NOERROR) return;
    if (answer.rcode === NXRRSET || answer.rcode === YXRRSET)
      throw new Rfc2136ConflictError(
        op.zone,
        this.client.label,
        `the SOA prerequisite was refused (${rcodeText(answer.rcode)})`,
      );
    throw new Rfc2136Error(
      what,
      this.client.label,
      `the server refused the update (${rcodeText(answer.rcode)}); nothing of it was applied`,
    );
  }

  /** The serial the message left: the server's SOA read right after it; it must have moved. */
  private async serialAfter(op: Rfc2136Op, before: number): Promise<number> {
    const now = await this.serialNow(op.zone);
    if (now === null || now === before)
      throw new Rfc2136Error(
        labelRfc2136Op(op),
        this.client.label,
        `the server said NOERROR but its serial is ${now ?? 'gone'} (was ${before})`,
      );
    return now;
  }

  private async serialNow(zone: string): Promise<number | null> {
    try {
      const soa = await this.client.soa(zone);
      return soa === null ? null : serialOf(soa);
    } catch (error) {
      if (error instanceof Rfc2136Error || error instanceof DnsQueryError) return null;
      throw error;
    }
  }
}

const YXRRSET = 7;
const NXRRSET = 8;
const UPDATE_RCODES: Record<number, string> = {
  6: 'YXDOMAIN',
  [YXRRSET]: 'YXRRSET',
  [NXRRSET]: 'NXRRSET',
  9: 'NOTAUTH',
  10: 'NOTZONE',
};

function rcodeText(rcode: number): string {
  return UPDATE_RCODES[rcode] ?? rcodeName(rcode);
}

function serialOf(soa: WireRecord): number {
  return Number(soa.value.split(/\s+/)[2]);
}
