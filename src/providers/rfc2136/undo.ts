import { Rfc2136ConflictError, Rfc2136NotServedError } from './errors.js';
import { labelRfc2136Op } from './op-label.js';
import type { Rfc2136Op } from './ops.js';
import { readBack } from './read-back.js';
import { sendMessage, type WriterClient } from './send.js';
import { othersChanged, setsChanged, setsUnlike, unlikeText, type ZoneSnapshot } from './zone-snapshot.js';

/** What a zone's step has done so far (write.ts keeps it, `undoApplied` rolls it back). */
export interface ZoneProgress {
  /** The serial the plan read: the first message is conditional on it. */
  planned: number;
  /** The zone as the server served it right after the last message (null: not read yet, or the read failed). */
  last: ZoneSnapshot | null;
  /** The messages the server took, in order. */
  applied: Rfc2136Op[];
}

/**
 * Rolls back the messages a failed step's zone took, last first, each the same sets sent the other way.
 *
 * It settles against the zone as it is now before sending anything: the zone is read (retried as after a message),
 * and the sets the step wrote must be as the step left them: as the last read after a message showed them, or, when
 * that read was lost, as the messages set them. Then the serial is whatever it is now (the step's own message may
 * have moved it unseen, another writer may have changed other names) and the first undo is conditional on it. Sets
 * another writer changed since are not undone: Rfc2136ConflictError, naming them, nothing sent.
 *
 * Each undo is read back and checked as a message is (the sets as they were before the step), and, when more undos
 * follow, the zone must be exactly what it left. `progress` keeps what is still applied: a failed undo leaves the
 * messages not yet undone there.
 */
export async function undoApplied(client: WriterClient, zone: string, progress: ZoneProgress): Promise<void> {
  const last = progress.applied.at(-1);
  if (last === undefined) return;
  const first = `undo of ${labelRfc2136Op(last)}`;
  let now = await readBack(client, zone, first, 'reading the zone before the undo');
  const written = progress.applied.flatMap((op) => op.sets);
  const moved =
    progress.last === null
      ? setsUnlike(now, zone, written, 'forward', client.label).map(unlikeText)
      : setsChanged(progress.last, now, written);
  if (moved.length > 0)
    throw new Rfc2136ConflictError(
      zone,
      client.label,
      `another writer changed what this step wrote, so it is not undone: ${moved.join('; ')}`,
    );
  for (let op: Rfc2136Op | undefined = last; op !== undefined; op = progress.applied.at(-1)) {
    const what = `undo of ${labelRfc2136Op(op)}`;
    // Stryker disable next-line StringLiteral: equivalent, every reader of a direction asks whether it is 'forward'
    await sendMessage(client, op, 'back', what, now);
    progress.applied.pop();
    const after = await readBack(
      client,
      zone,
      what,
      'the server took the undo (NOERROR), but reading the zone back',
    );
    progress.last = after;
    // Stryker disable next-line StringLiteral: equivalent, as above
    const unlike = setsUnlike(after, zone, op.sets, 'back', client.label);
    if (unlike.length > 0) throw new Rfc2136NotServedError(what, client.label, unlike.map(unlikeText));
    const changed = progress.applied.length > 0 ? othersChanged(now, after, op.sets) : [];
    if (changed.length > 0)
      throw new Rfc2136ConflictError(
        zone,
        client.label,
        `another writer changed it while this step was undone: ${changed.join('; ')}`,
      );
    now = after;
  }
}
