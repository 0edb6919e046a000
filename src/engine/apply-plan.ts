import pLimit from 'p-limit';
import { type Change, type RecordSetChange, targetOf } from '../model/change.js';
import { EdgeplanError } from '../model/edgeplan-error.js';
import {
  OutcomeUnknownError,
  type PlannedTarget,
  type ProviderOp,
  type RunContext,
  type StepWriter,
} from '../model/provider.js';
import { targetText } from '../model/target.js';
import type { Plan, PlanStep } from '../plan/types.js';
import { DEFAULT_APPLY_CONCURRENCY } from './defaults.js';
import type { ApplyEvent, ApplyResult, StepIdentity, StepOutcome } from './types.js';

export interface ApplyOptions {
  /** Steps run at once. Ops inside one step are always sequential. */
  concurrency?: number;
  onEvent?: (event: ApplyEvent) => void;
  /** Given to every writer call (the publish notes of the run). */
  run?: RunContext;
  /**
   * Stops the apply (an interrupt): no op is sent once it aborts. The op in flight runs to its answer; its step then
   * fails (a zone's pending changes are discarded) and steps not yet started fail before sending anything.
   */
  signal?: AbortSignal;
}

/** The apply was stopped before this op was sent. */
export class ApplyInterruptedError extends EdgeplanError {
  override readonly code = 'EP7002';
  override readonly name = 'ApplyInterruptedError';

  constructor(reason: unknown) {
    super(`stopped by ${typeof reason === 'string' ? reason : 'an interrupt'} before this call; not sent`);
  }
}

/**
 * Executes a plan's steps as a dependency graph: a step starts once every step in its `after` list has been
 * applied, and is skipped (never started) when one of them failed or was skipped; steps that do not depend on a
 * failure always run. At most `concurrency` steps run at once; ops inside a step run in order.
 *
 * A `zone` step is a transaction: it is published (its last op) only if every op before succeeded; on the first
 * failure its pending changes are discarded and its remaining ops are not sent. Untouched zones have no step, so
 * they get no call at all.
 *
 * Each step's ops go to the writer of its provider (`writers`, by provider name). A step whose provider has no
 * writer fails (nothing of it is sent): the plan names a service this run did not open.
 */
export async function applyPlan(
  plan: Plan,
  writers: ReadonlyMap<string, StepWriter>,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const limit = pLimit(options.concurrency ?? DEFAULT_APPLY_CONCURRENCY);
  const emit = options.onEvent ?? (() => {});
  const changes = recordSetChanges(plan);
  const running = new Map<string, Promise<StepOutcome>>();
  const start = (step: PlanStep): Promise<StepOutcome> => {
    const existing = running.get(step.id);
    if (existing) return existing;
    const promise = (async () => {
      const deps = await Promise.all(step.after.map((id) => start(stepById(plan, id))));
      const blockedBy = deps.filter((d) => d.status !== 'applied').map((d) => d.id);
      if (blockedBy.length > 0) {
        const outcome: StepOutcome = {
          ...identity(step),
          status: 'skipped',
          total: step.ops.length,
          blockedBy,
        };
        emit({ type: 'step-done', outcome });
        return outcome;
      }
      return limit(() =>
        runStep(
          step,
          writers.get(step.provider),
          emit,
          plannedTarget(plan, step, changes),
          options.signal,
          options.run,
        ),
      );
    })();
    running.set(step.id, promise);
    return promise;
  };
  const steps = await Promise.all(plan.steps.map(start));
  return { steps, ok: steps.every((s) => s.status === 'applied') };
}

function stepById(plan: Plan, id: string): PlanStep {
  const step = plan.steps.find((s) => s.id === id);
  if (!step) throw new Error(`plan step ${id} is named as a dependency but is not in the plan`);
  return step;
}

/**
 * What the plan read of a step's target: for a zone step, the serial of its zone on its provider (null: the plan
 * creates it) and its record-set changes; null and nothing for other steps.
 */
function plannedTarget(
  plan: Plan,
  step: PlanStep,
  changes: ReadonlyMap<string, RecordSetChange[]>,
): PlannedTarget {
  const { target } = step;
  if (step.kind !== 'zone' || !('provider' in target)) return { target, serial: null };
  const { name, provider } = target;
  const serial =
    plan.zones.find((header) => header.zone === name && header.provider === provider)?.serial ?? null;
  const sets = changes.get(targetText(target));
  return { target, serial, ...(sets ? { changes: sets } : {}) };
}

/** The plan's record-set changes by the text of their zone target (`zone:a.test@pdns`), in plan order. */
function recordSetChanges(plan: Plan): Map<string, RecordSetChange[]> {
  const byTarget = new Map<string, RecordSetChange[]>();
  for (const change of plan.changes.filter(isRecordSetChange)) {
    const key = targetText(targetOf(change.address));
    const list = byTarget.get(key) ?? [];
    list.push(change);
    byTarget.set(key, list);
  }
  return byTarget;
}

function isRecordSetChange(change: Change): change is RecordSetChange {
  return change.address.kind === 'record-set';
}

function identity(step: PlanStep): StepIdentity {
  return { id: step.id, kind: step.kind, provider: step.provider, target: step.target };
}

async function runStep(
  step: PlanStep,
  writer: StepWriter | undefined,
  emit: (e: ApplyEvent) => void,
  planned: PlannedTarget,
  signal: AbortSignal | undefined,
  run: RunContext | undefined,
): Promise<StepOutcome> {
  const total = step.ops.length;
  emit({ type: 'step-start', ...identity(step), total });
  writer?.begin?.(planned);
  let done = 0;
  for (const op of step.ops) {
    try {
      if (signal?.aborted) throw new ApplyInterruptedError(signal.reason);
      if (!writer)
        throw new Error(
          `the plan has a ${step.provider} change, but no ${step.provider} provider was opened for this run`,
        );
      await writer.execute(op, run);
    } catch (error) {
      const outcome = await failStep(step, writer, op, error, done);
      emit({ type: 'step-done', outcome });
      return outcome;
    }
    done += 1;
    emit({ type: 'op-done', ...identity(step), op, done, total });
  }
  const outcome: StepOutcome = { ...identity(step), status: 'applied', done, total };
  emit({ type: 'step-done', outcome });
  return outcome;
}

async function failStep(
  step: PlanStep,
  writer: StepWriter | undefined,
  failedOp: ProviderOp,
  error: unknown,
  done: number,
): Promise<StepOutcome> {
  const failure = {
    ...identity(step),
    status: 'failed' as const,
    done,
    total: step.ops.length,
    failedOp,
    error: error instanceof Error ? error.message : String(error),
    ...(error instanceof EdgeplanError ? { code: error.code } : {}),
    skipped: step.ops.length - done - 1,
    ...(error instanceof OutcomeUnknownError ? { outcomeUnknown: true as const } : {}),
  };
  if (step.kind !== 'zone' || !writer?.discard) return failure;
  // Stopped before its first call: nothing of it is pending, no discard to send.
  if (error instanceof ApplyInterruptedError && done === 0) return { ...failure, discarded: true };
  // A failed publish may still have been applied by the server; discarding is then a harmless no-op.
  try {
    const createdZone = await writer.discard(step.target);
    return { ...failure, discarded: true, ...(createdZone ? { createdZone } : {}) };
  } catch (discardError) {
    const why = discardError instanceof Error ? discardError.message : String(discardError);
    return { ...failure, discarded: false, discardError: why };
  }
}
