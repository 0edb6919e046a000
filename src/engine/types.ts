import type { CreatedZoneFate, ProviderOp } from '../model/provider.js';
import type { Target } from '../model/target.js';
import type { StepKind } from '../plan/types.js';

/**
 * What happened to one step of a plan. `applied` only when every op succeeded (for a zone: its publish too).
 * `failed`: the ops before `failedOp` were done, the `skipped` ones after it never sent; a failed zone step was not
 * committed and `discarded` says whether what it wrote was dropped on the server (false when the discard itself
 * failed: what is left depends on the provider, a Dyn session's end drops its unpublished changes, an RFC 2136
 * server keeps the UPDATEs it took; absent when the writer has no discard). `skipped`: never started because a step
 * it depends on did not succeed.
 */
export type StepOutcome =
  | (StepIdentity & { status: 'applied'; done: number; total: number })
  | (StepIdentity & {
      status: 'failed';
      done: number;
      total: number;
      failedOp: ProviderOp;
      error: string;
      skipped: number;
      discarded?: boolean;
      /** Why the discard failed (with `discarded: false`): what the writer could not undo, and why. */
      discardError?: string;
      /** The failed op's answer was lost and no read could tell whether it took effect (e.g. a zone's publish). */
      outcomeUnknown?: true;
      /** The zone the step created before it failed, and what became of it (absent: the step created none). */
      createdZone?: CreatedZoneFate;
    })
  | (StepIdentity & { status: 'skipped'; total: number; blockedBy: string[] });

/** Which step an outcome or event is about: its id and kind, the provider that executes it, the target it changes. */
export interface StepIdentity {
  id: string;
  kind: StepKind;
  provider: string;
  target: Target;
}

export interface ApplyResult {
  /** In plan step order, one entry per step. */
  steps: StepOutcome[];
  ok: boolean;
}

/**
 * Progress events, for the CLI to show (progress.ts: a live line per zone on a TTY; in logs a line per step and at
 * most one every few seconds otherwise).
 */
export type ApplyEvent =
  | (StepIdentity & { type: 'step-start'; total: number })
  | (StepIdentity & { type: 'op-done'; op: ProviderOp; done: number; total: number })
  | { type: 'step-done'; outcome: StepOutcome };
