import type { ProviderOp, StepWriter } from '../../model/provider.js';
import type { Target } from '../../model/target.js';
import { Rfc2136ConflictError, Rfc2136Error, Rfc2136NotServedError } from './errors.js';
import { labelRfc2136Op } from './op-label.js';
import { parseRfc2136Op } from './op-schema.js';
import type { Rfc2136Op } from './ops.js';
import { readBack } from './read-back.js';
import { sendMessage, type WriterClient } from './send.js';
import { undoApplied, type ZoneProgress } from './undo.js';
import {
  isSnapshot,
  othersChanged,
  readSnapshot,
  serialOf,
  setsUnlike,
  snapshotOf,
  unlikeText,
  type ZoneSoa,
} from './zone-snapshot.js';

/** What a read after a message the server took says when it fails: the message is applied. */
const TAKEN = 'the server took it (NOERROR), but reading the zone back';

/**
 * Sends a zone's UPDATE messages, each conditional on the zone's SOA (RFC 2136 §2.4.1, "RRset exists (value
 * dependent)", §3.2): the first on the serial the plan read, each later one on the SOA the zone had right after the
 * one before. The server applies a message all or nothing, and only while its SOA is the one named, so a writer
 * that came between plan and apply makes it fail with NXRRSET, nothing applied: Rfc2136ConflictError.
 *
 * After each message the server took, the zone is read back (read-back.ts; a lost read is asked again by the client) and compared
 * with what was sent: a set the server does not serve as sent (it drops a CNAME beside other data, and data beside
 * a CNAME, and still answers NOERROR: RFC 2136 §3.4.2.2) fails the step with Rfc2136NotServedError, never reported
 * applied. A chain of messages (a change over 64 KiB) reads the zone before its first message too, and before each
 * next message checks that the zone is exactly what the last one left: another writer's change between two messages
 * is a conflict, never absorbed into the chain.
 *
 * A step that fails is rolled back by `discard` (undo.ts), which reads the zone first and settles against it.
 */
export class Rfc2136Writer implements StepWriter {
  private readonly zones = new Map<string, ZoneProgress>();
  private readonly planned = new Map<string, number | null>();

  constructor(private readonly client: WriterClient) {}

  begin(planned: { target: Target; serial: number | null }): void {
    this.planned.set(planned.target.name, planned.serial);
    this.zones.delete(planned.target.name);
  }

  async execute(raw: ProviderOp): Promise<void> {
    const op = parseRfc2136Op(raw);
    const what = labelRfc2136Op(op);
    const progress = this.progressOf(op);
    const before = progress.last ?? (await this.zoneBefore(op, progress.planned, what));
    await sendMessage(this.client, op, 'forward', what, before);
    progress.applied.push(op);
    progress.last = null;
    const after = await readBack(this.client, op.zone, what, TAKEN);
    progress.last = after;
    const unlike = setsUnlike(after, op.zone, op.sets, 'forward', this.client.label);
    if (unlike.length > 0) throw new Rfc2136NotServedError(what, this.client.label, unlike.map(unlikeText));
    if (op.message === op.of || !isSnapshot(before)) return;
    const changed = othersChanged(before, after, op.sets);
    if (changed.length > 0)
      throw new Rfc2136ConflictError(
        op.zone,
        this.client.label,
        `another writer changed it between messages ${op.message} and ${op.message + 1} of ${op.of}: ` +
          changed.join('; '),
      );
  }

  /** Undoes the messages of the zone's failed step the server took, last first; it never creates a zone. */
  async discard(target: Target): Promise<undefined> {
    const progress = this.zones.get(target.name);
    if (progress) await undoApplied(this.client, target.name, progress);
    return undefined;
  }

  private progressOf(op: Rfc2136Op): ZoneProgress {
    const known = this.zones.get(op.zone);
    if (known) return known;
    const planned = this.planned.get(op.zone);
    if (planned === undefined || planned === null)
      throw new Rfc2136Error(
        `UPDATE ${op.zone}`,
        this.client.label,
        'no serial was read for the zone by the plan',
      );
    const progress = { planned, last: null, applied: [] };
    this.zones.set(op.zone, progress);
    return progress;
  }

  /**
   * The zone before the step's first message, which must still be at the serial the plan read: the zone as the
   * plan's read found it, when the client kept it at that serial (not asked again: the message is conditional on its
   * SOA, so the server refuses it whole if the zone moved since); else its SOA (one query) for one message, or, for
   * a chain, the whole zone (one transfer), against which the first message's result is compared.
   */
  private async zoneBefore(op: Rfc2136Op, planned: number, what: string): Promise<ZoneSoa> {
    const known = snapshotOf(this.client.lastRead?.(op.zone) ?? null);
    if (known !== null && known.serial === planned) return known;
    const found =
      op.of > 1
        ? await readSnapshot(this.client, op.zone, what)
        : await this.client.soa(op.zone).then((soa) => soa && { soa, serial: serialOf(soa) });
    if (found === null)
      throw new Rfc2136Error(what, this.client.label, 'the server no longer serves the zone');
    if (found.serial !== planned)
      throw new Rfc2136ConflictError(
        op.zone,
        this.client.label,
        `its serial is ${found.serial}, not ${planned}`,
      );
    return found;
  }
}
