import { type Acknowledgement, ackEndMs } from '../../model/acknowledgement.js';
import type { PublishRecord } from '../../model/audit-note.js';
import type { Change } from '../../model/change.js';
import type { Target } from '../../model/target.js';
import { plural } from '../../model/text.js';
import { changesByTarget } from '../diff/change-kinds.js';
import type { Digest } from '../review-types.js';
import type { Plan } from '../types.js';
import { ackCovers, changeDigest } from './ack-match.js';

/**
 * Drift: the plan read as "what differs live from the desired state", change by change, with acknowledgements
 * (`--ack FILE`) applied at `nowMs`. Pure. A change is
 * - `drift`: no acknowledgement covers it (fails the run);
 * - `acknowledged`: an unexpired acknowledgement covers it (reported, does not fail);
 * - `expired`: only expired acknowledgements cover it (fails, saying so).
 * An acknowledgement covers only the changes it names (ack-match.ts): a new difference in an acknowledged zone is
 * drift again. The run fails (exit 2) when any change is `drift` or `expired`; an acknowledgement covering no
 * change is reported as unused, so stale entries can be cleaned up.
 */
export type DriftStatus = 'drift' | 'acknowledged' | 'expired';

export interface DriftChange {
  change: Change;
  /** Of the change's address and live value (ack-match.ts): what an acknowledgement's `digest` pins. */
  digest: Digest;
  status: DriftStatus;
  /** The acknowledgement that applies (for `expired`, the one that expired last). */
  ack?: Acknowledgement;
}

export interface DriftTarget {
  target: Target;
  /** The worst of its changes: `drift`, else `expired`, else `acknowledged`. */
  status: DriftStatus;
  /** Its changes in plan order; `before` is live, `after` is desired. */
  changes: DriftChange[];
  /** A zone's last publish from the zone notes (null: none recorded); absent when not read. */
  lastPublish?: PublishRecord | null;
  /** Why the zone's notes could not be read (they are best-effort: the drift is reported without them). */
  lastPublishNotRead?: string;
}

export interface DriftReport {
  /** The plan's implicit provider, whose targets the report shows without one (model/shown-provider.ts). */
  implicitProvider?: string;
  /** Nothing differs. */
  inSync: boolean;
  /** Some change is `drift` or `expired`: exit 2. */
  failing: boolean;
  /** Changes by status. */
  counts: Record<DriftStatus, number>;
  targets: DriftTarget[];
  unusedAcks: Acknowledgement[];
  /** The plan's notes (an `unmanaged` entry that matched nothing live); they never fail the run. */
  notes: string[];
}

export function driftReport(plan: Plan, acks: readonly Acknowledgement[], nowMs: number): DriftReport {
  const used = new Set<Acknowledgement>();
  const tests = acks.map((ack) => ({ ack, covers: ackCovers(ack) }));
  const counts: Record<DriftStatus, number> = { drift: 0, acknowledged: 0, expired: 0 };
  const driftChange = (change: Change): DriftChange => {
    const digest = changeDigest(change, plan.implicitProvider);
    const matching = tests.filter((test) => test.covers(change, digest)).map((test) => test.ack);
    for (const ack of matching) used.add(ack);
    const valid = matching.filter((ack) => nowMs < ackEndMs(ack));
    const ack = latest(valid) ?? latest(matching);
    const status: DriftStatus = valid.length > 0 ? 'acknowledged' : matching.length > 0 ? 'expired' : 'drift';
    counts[status] += 1;
    return { change, digest, status, ...(ack ? { ack } : {}) };
  };
  const targets = changesByTarget(plan.changes).map(({ target, changes }): DriftTarget => {
    const checked = changes.map(driftChange);
    return { target, status: worst(checked), changes: checked };
  });
  return {
    ...(plan.implicitProvider === undefined ? {} : { implicitProvider: plan.implicitProvider }),
    inSync: targets.length === 0,
    failing: counts.drift + counts.expired > 0,
    counts,
    targets,
    unusedAcks: acks.filter((ack) => !used.has(ack)),
    notes: [...(plan.notes ?? [])],
  };
}

function latest(acks: readonly Acknowledgement[]): Acknowledgement | undefined {
  return [...acks].sort((a, b) => ackEndMs(b) - ackEndMs(a))[0];
}

function worst(changes: readonly DriftChange[]): DriftStatus {
  if (changes.some((c) => c.status === 'drift')) return 'drift';
  return changes.some((c) => c.status === 'expired') ? 'expired' : 'acknowledged';
}

/** What an acknowledgement says, for people: `until 2026-07-31 by dns-team: CDN migration`. */
export function ackText(ack: Acknowledgement, status: DriftStatus): string {
  const who = `by ${ack.owner}: ${ack.reason}`;
  return status === 'expired' ? `expired on ${ack.expires} (${who})` : `until ${ack.expires} ${who}`;
}

/**
 * `Drift: 3 changes in 2 targets differ from the desired state: 1 not acknowledged, 2 acknowledged.` The
 * verdict closes it when nothing fails.
 */
export function driftHeadline(report: DriftReport): string {
  if (report.inSync) return 'No drift. Live state matches the desired state.';
  const { drift, acknowledged, expired } = report.counts;
  const changes = plural(drift + acknowledged + expired, 'change');
  const targets = plural(report.targets.length, 'target');
  const verb = drift + acknowledged + expired === 1 ? 'differs' : 'differ';
  const parts = [
    ...(drift > 0 ? [`${drift} not acknowledged`] : []),
    ...(expired > 0 ? [`${expired} with an expired acknowledgement`] : []),
    ...(acknowledged > 0 ? [`${acknowledged} acknowledged`] : []),
  ];
  const verdict = report.failing ? '' : ' All of it is acknowledged.';
  return `Drift: ${changes} in ${targets} ${verb} from the desired state: ${parts.join(', ')}.${verdict}`;
}
