import { randomBytes } from 'node:crypto';
import type { WafAccount, Webapp } from './account.js';

/**
 * Asynchronous changes (this emulator's design, modelled on OCI WAAS work requests): a good-bots PUT that changes
 * something answers 202 with a `change_id`, and the change moves pending → in_progress → finished (or failed, when
 * a fault is injected) on the emulator's clock. Changes of one webapp run in FIFO order: one waits `pendingMs`,
 * then until the one before it has ended, then runs `runMs`. By default GET reflects the requested state at once
 * (and a failed change puts the bots it touched back); with `applyOnFinish` GET shows it only once the change has
 * finished.
 */

export type ChangeStatus = 'pending' | 'in_progress' | 'finished' | 'failed';

export interface ChangeTiming {
  pendingMs: number;
  runMs: number;
  applyOnFinish: boolean;
}

export const DEFAULT_CHANGE_TIMING: ChangeTiming = { pendingMs: 200, runMs: 500, applyOnFinish: false };

interface Change {
  id: string;
  webappId: string;
  createdMs: number;
  runStartMs: number;
  endMs: number;
  /** Bot id → requested `enabled`, and the value before, for a revert. */
  updates: Map<string, boolean>;
  previous: Map<string, boolean>;
  fail: boolean;
  /** The requested state was applied (or reverted) to the account. */
  settled: boolean;
}

export interface ChangeView {
  change_id: string;
  webapp_id: string;
  status: ChangeStatus;
  created_at: string;
  updated_at: string;
  errors: { code: string; message: string }[];
}

export class ChangeQueue {
  private readonly changes: Change[] = [];
  private failures: { remaining: number; webappId: string | undefined }[] = [];

  constructor(
    private readonly account: () => WafAccount,
    private readonly timing: ChangeTiming,
    private readonly now: () => number,
    /** Fault injection: asked once per new change whether it ends `failed`. */
    private readonly failHook: (webappId: string) => boolean = () => false,
  ) {}

  /** The next `count` changes (of `webappId`, or of any webapp) end as `failed`. */
  failNext(count = 1, webappId?: string): void {
    this.failures.push({ remaining: count, webappId });
  }

  /** The enabled state a webapp will have once every queued change has ended as requested. */
  projected(webapp: Webapp): Set<string> {
    const enabled = new Set(webapp.enabled);
    if (!this.timing.applyOnFinish) return enabled;
    for (const change of this.changes) {
      if (change.webappId !== webapp.id || change.settled) continue;
      for (const [bot, on] of change.updates) on ? enabled.add(bot) : enabled.delete(bot);
    }
    return enabled;
  }

  submit(webapp: Webapp, updates: Map<string, boolean>): ChangeView {
    const nowMs = this.now();
    const last = this.changes.filter((c) => c.webappId === webapp.id).at(-1);
    const runStartMs = Math.max(nowMs + this.timing.pendingMs, last?.endMs ?? 0);
    const change: Change = {
      id: randomBytes(16).toString('hex'),
      webappId: webapp.id,
      createdMs: nowMs,
      runStartMs,
      endMs: runStartMs + this.timing.runMs,
      updates,
      previous: new Map([...updates.keys()].map((bot) => [bot, webapp.enabled.has(bot)])),
      fail: this.takeFailure(webapp.id),
      settled: false,
    };
    this.changes.push(change);
    if (!this.timing.applyOnFinish) apply(webapp, updates, nowMs);
    this.settle();
    return this.view(change, nowMs);
  }

  /** Applies the effect of every change that has ended by now, in FIFO order. Called before each request. */
  settle(): void {
    const nowMs = this.now();
    for (const change of this.changes) {
      if (change.settled || change.endMs > nowMs) continue;
      change.settled = true;
      const webapp = this.account().webapps.get(change.webappId);
      if (!webapp) continue;
      if (change.fail && !this.timing.applyOnFinish) apply(webapp, change.previous, change.endMs);
      if (!change.fail && this.timing.applyOnFinish) apply(webapp, change.updates, change.endMs);
    }
  }

  get(webappId: string, changeId: string): ChangeView | undefined {
    const change = this.changes.find((c) => c.id === changeId && c.webappId === webappId);
    return change ? this.view(change, this.now()) : undefined;
  }

  private takeFailure(webappId: string): boolean {
    const rule = this.failures.find((f) => f.remaining > 0 && (f.webappId ?? webappId) === webappId);
    if (!rule) return this.failHook(webappId);
    rule.remaining -= 1;
    this.failures = this.failures.filter((f) => f.remaining > 0);
    return true;
  }

  private view(change: Change, nowMs: number): ChangeView {
    let status: ChangeStatus = 'pending';
    let updatedMs = change.createdMs;
    if (nowMs >= change.endMs) {
      status = change.fail ? 'failed' : 'finished';
      updatedMs = change.endMs;
    } else if (nowMs >= change.runStartMs) {
      status = 'in_progress';
      updatedMs = change.runStartMs;
    }
    return {
      change_id: change.id,
      webapp_id: change.webappId,
      status,
      created_at: new Date(change.createdMs).toISOString(),
      updated_at: new Date(updatedMs).toISOString(),
      errors:
        status === 'failed'
          ? [{ code: 'change_failed', message: 'Injected failure: the change was not applied' }]
          : [],
    };
  }
}

function apply(webapp: Webapp, values: Map<string, boolean>, atMs: number): void {
  for (const [bot, on] of values) on ? webapp.enabled.add(bot) : webapp.enabled.delete(bot);
  webapp.updated_at = new Date(atMs).toISOString();
}
