import { type Acknowledgement, ackEndMs } from '../../model/acknowledgement.js';
import type { PublishRecord } from '../../model/audit-note.js';
import type { Change } from '../../model/change.js';
import type { Target } from '../../model/target.js';
import { changesByTarget } from '../diff/change-kinds.js';
import type { Plan } from '../types.js';
import { parseTargets } from './scope.js';

/**
 * Drift: the plan read as "what differs live from the desired state", target by target, with acknowledgements
 * (`--ack FILE`) applied at `nowMs`. Pure. A target is
 * - `drift`: it differs and no acknowledgement covers it (fails the run);
 * - `acknowledged`: it differs and an unexpired acknowledgement matches it (reported, does not fail);
 * - `expired`: it differs and the only matching acknowledgements have expired (fails, saying so).
 * The run fails (exit 2) when a target is `drift` or `expired`; an acknowledgement matching no drift is reported
 * as unused, so stale entries can be cleaned up.
 */
export type DriftStatus = 'drift' | 'acknowledged' | 'expired';

export interface DriftTarget {
  target: Target;
  status: DriftStatus;
  /** The acknowledgement that applies (for `expired`, the one that expired last). */
  ack?: Acknowledgement;
  /** What differs: `before` is live, `after` is desired. */
  changes: Change[];
  /** A zone's last publish from the zone notes (null: none recorded); absent when not read. */
  lastPublish?: PublishRecord | null;
}

export interface DriftReport {
  /** Nothing differs. */
  inSync: boolean;
  /** Some target is `drift` or `expired`: exit 2. */
  failing: boolean;
  targets: DriftTarget[];
  unusedAcks: Acknowledgement[];
}

export function driftReport(plan: Plan, acks: readonly Acknowledgement[], nowMs: number): DriftReport {
  const used = new Set<Acknowledgement>();
  const scopes = new Map(acks.map((ack) => [ack, parseTargets([ack.target])]));
  const targets = changesByTarget(plan.changes).map(({ target, changes }): DriftTarget => {
    const matching = acks.filter((ack) => scopes.get(ack)?.matches(target));
    for (const ack of matching) used.add(ack);
    const valid = matching.filter((ack) => nowMs < ackEndMs(ack));
    const latest = (list: Acknowledgement[]) => [...list].sort((a, b) => ackEndMs(b) - ackEndMs(a))[0];
    const ack = latest(valid) ?? latest(matching);
    const status: DriftStatus = valid.length > 0 ? 'acknowledged' : matching.length > 0 ? 'expired' : 'drift';
    return { target, status, ...(ack ? { ack } : {}), changes };
  });
  return {
    inSync: targets.length === 0,
    failing: targets.some((t) => t.status !== 'acknowledged'),
    targets,
    unusedAcks: acks.filter((ack) => !used.has(ack)),
  };
}

/** One phrase per status, shared by the text and markdown renders. */
export function statusText(target: DriftTarget): string {
  const ack = target.ack;
  if (target.status === 'drift' || !ack) return 'drift';
  const who = `by ${ack.owner}: ${ack.reason}`;
  return target.status === 'acknowledged'
    ? `acknowledged until ${ack.expires} ${who}`
    : `drift; its acknowledgement expired on ${ack.expires} (${who})`;
}

export function driftHeadline(report: DriftReport): string {
  if (report.inSync) return 'No drift. Live state matches the desired state.';
  const n = report.targets.length;
  const acknowledged = report.targets.filter((t) => t.status === 'acknowledged').length;
  const expired = report.targets.filter((t) => t.status === 'expired').length;
  const notes = [
    ...(acknowledged > 0 ? [`${acknowledged} acknowledged`] : []),
    ...(expired > 0 ? [`${expired} with an expired acknowledgement`] : []),
  ];
  const tail = notes.length > 0 ? ` (${notes.join(', ')})` : '';
  const verdict = report.failing ? '' : ' All of it is acknowledged.';
  return `Drift: ${n} ${n === 1 ? 'target differs' : 'targets differ'} from the desired state${tail}.${verdict}`;
}
