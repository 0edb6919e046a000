import { type ApplyResult, applyPlan } from '../../engine/index.js';
import type { DesiredState } from '../../model/dns.js';
import { shownJson } from '../../model/shown-provider.js';
import { printableJson, printableLines } from '../../model/text.js';
import { renderPlanJson } from '../../plan/render/json.js';
import { describeApprovals } from '../../plan/review/safety.js';
import { type Plan, planHasChanges } from '../../plan/types.js';
import type { WaitResult } from '../../verify/index.js';
import { CliError, EXIT_ERROR, EXIT_OK, EXIT_SIGINT, EXIT_SIGTERM, type ExitCode } from '../exit-codes.js';
import type { CliIo, InterruptSignal } from '../io.js';
import { givenNameServers } from '../options/name-servers.js';
import type { ServiceOptions } from '../options/options.js';
import { renderApplyReport } from '../output/apply-report.js';
import { applyProgress } from '../output/progress.js';
import type { ServiceRateCounts } from '../output/rate-counts.js';
import { auditNoteOf } from '../planning/audit-note.js';
import { renderReviewed } from '../planning/review.js';
import { assertWafBudget, type OpenServices } from '../services/services.js';
import { renderWaitText, type WaitServedOptions, waitUntilServed } from '../services/wait-served.js';

/** `edgeplan apply` options; what `apply` and `apply --plan` (apply-saved.ts) share once they hold a plan follows. */
export interface ApplyCommandOptions extends ServiceOptions, WaitServedOptions {
  yes: boolean;
  concurrency: number;
  /** Apply changes the safety policy marks as needing approval. */
  allowUnsafe: boolean;
  /** `--plan FILE`: apply this saved plan instead of planning (apply-saved.ts). */
  plan?: string;
  /** `--allow-unbound`: apply a saved plan that records no account (engine/saved-plan.ts). */
  allowUnbound?: boolean;
}

/**
 * Sends the plan's steps, then re-plans to prove convergence; with `--wait-served`, then waits until the name
 * servers serve what was published (wait-served.ts), and fails when they do not in time. Shared by `apply` and
 * `apply --plan`. `desired`: where the providers' `verify_at` servers are read from.
 */
export async function executePlan(
  plan: Plan,
  services: OpenServices,
  options: ApplyCommandOptions,
  io: CliIo,
  replan: () => Promise<Plan>,
  desired?: DesiredState,
): Promise<ExitCode> {
  assertWafBudget(plan, services, io.now?.() ?? Date.now());
  if (options.waitServed !== undefined) givenNameServers(options);
  await confirmApply(options, io);
  // SIGINT/SIGTERM: stop sending, let the call in flight answer, discard every unpublished zone, print what took
  // effect, log out (the caller's close), exit 130/143. A second signal ends the process at once.
  services.handOverInterrupts();
  const stop = new AbortController();
  let caught: InterruptSignal | undefined;
  const stopListening = io.onInterrupt?.((signal) => {
    caught = signal;
    io.stderr(
      `${signal}: stopping: no new calls; discarding the changes of zones not yet published. ` +
        'Send it again to exit at once.\n',
    );
    stop.abort(signal);
  });
  const progress = applyProgress(io, {
    totalCalls: plan.steps.reduce((n, step) => n + step.ops.length, 0),
    now: io.now,
  });
  services.rates.follow(progress.rate);
  let result: ApplyResult;
  try {
    result = await applyPlan(plan, services.writers, {
      concurrency: options.concurrency,
      onEvent: progress.apply,
      run: { auditNote: auditNoteOf(plan, io) },
      signal: stop.signal,
    });
  } finally {
    stopListening?.();
    progress.stop();
    services.rates.unfollow();
  }
  if (caught) return interrupted(plan, result, caught, options, io, services.rates.counts());
  // The re-plan reads in this session, which sees its own unpublished changes: after a failed discard they could
  // make an unpublished zone look converged. Ending the session drops them; the re-plan then logs in afresh.
  if (result.steps.some((step) => step.status === 'failed' && step.discarded === false)) {
    const dns = Object.values(services.providers.dns ?? {});
    await Promise.all(dns.map((provider) => provider.endSession?.()));
  }
  // The check is apart from what was applied: when it cannot read, the report of the apply is still printed.
  let after: Plan;
  try {
    after = await replan();
  } catch (error) {
    const rates = services.rates.counts();
    const reason = error instanceof Error ? error.message : String(error);
    if (options.format === 'json') {
      io.stdout(renderApplyJson(plan, result, null, rates, { verifyError: reason }));
    } else {
      io.stdout(`\n${renderApplyReport(result, rates)}`);
      io.stdout(`Could not verify: the check plan after the apply failed: ${printableLines(reason)}\n`);
    }
    return EXIT_ERROR;
  }
  // What the apply sent, its check included: what the plan stated (`Apply: N DNS requests`).
  const rates = services.rates.counts();
  if (options.format !== 'json') {
    io.stdout(`\n${renderApplyReport(result, rates)}`);
    io.stdout(
      planHasChanges(after)
        ? `Not converged: a new plan still shows changes:\n${await renderReviewed(after, options, io)}`
        : 'Converged: a new plan shows no changes.\n',
    );
  }
  let served: WaitResult | undefined;
  if (options.waitServed !== undefined) {
    served = await waitUntilServed(plan, result, desired, services, options);
    if (options.format !== 'json') renderWaitText(served, plan.implicitProvider, io);
    if (!served.done)
      io.stderr('error: the name servers did not serve every change in time (--wait-served)\n');
  }
  if (options.format === 'json')
    io.stdout(renderApplyJson(plan, result, after, rates, served ? { served } : {}));
  return result.ok && !planHasChanges(after) && (served?.done ?? true) ? EXIT_OK : EXIT_ERROR;
}

/** The report of an interrupted apply: what took effect, and no check plan (the user asked to stop). */
function interrupted(
  plan: Plan,
  result: ApplyResult,
  signal: InterruptSignal,
  options: ApplyCommandOptions,
  io: CliIo,
  rates: ReadonlyMap<string, ServiceRateCounts>,
): ExitCode {
  const reason = `interrupted by ${signal}: nothing more was sent; zones not published were discarded`;
  if (options.format === 'json')
    io.stdout(renderApplyJson(plan, result, null, rates, { interrupted: reason }));
  else
    io.stdout(
      `\n${renderApplyReport(result, rates)}Interrupted (${signal}): nothing more was sent; no check plan.\n`,
    );
  return signal === 'SIGINT' ? EXIT_SIGINT : EXIT_SIGTERM;
}

/** Changes needing approval stop the apply before anything is sent, unless --allow-unsafe. */
export function assertApproved(plan: Plan, options: ApplyCommandOptions): void {
  const approvals = plan.needsApproval ?? [];
  if (approvals.length === 0 || options.allowUnsafe) return;
  throw new CliError(
    'EP5110',
    `refusing to apply: ${approvals.length === 1 ? '1 change needs' : `${approvals.length} changes need`} approval ` +
      `(settings.safety); review them and rerun with --allow-unsafe. Nothing was sent.\n${describeApprovals(approvals, plan.implicitProvider)}`,
  );
}

/**
 * Without --yes an apply needs a terminal to ask on: refused at once otherwise (CI without --yes), before logging in
 * and reading live state, which would only end in the same refusal.
 */
export function assertConfirmable(options: ApplyCommandOptions, io: CliIo): void {
  if (options.yes || io.stdinIsTTY) return;
  throw new CliError(
    'EP5111',
    'refusing to apply without --yes: standard input is not a terminal, so nobody can confirm. Nothing was sent.',
  );
}

/** --yes proceeds; a terminal is asked; anything else (CI without --yes) is refused before any write. */
async function confirmApply(options: ApplyCommandOptions, io: CliIo): Promise<void> {
  if (options.yes) return;
  assertConfirmable(options, io);
  if (!(await io.confirm('Apply these changes?')))
    throw new CliError('EP5112', 'apply cancelled; nothing was changed');
}

/**
 * The JSON account of an apply. `after` null: there was no check plan (`verifyError` says why it failed, or
 * `interrupted` why it was not made), so `converged` is null: unknown, not false. `requests`: per service, what
 * the apply sent, the check after it included (rate-counts.ts); `{}` when nothing was applied. `served`: with
 * `--wait-served`, how long each zone took to be served, or which servers lag (verify/wait.ts).
 */
export function renderApplyJson(
  plan: Plan,
  result: ApplyResult | null,
  after: Plan | null,
  rates: ReadonlyMap<string, ServiceRateCounts> = new Map(),
  why: { verifyError?: string; interrupted?: string; served?: WaitResult } = {},
): string {
  const converged = after === null ? null : !planHasChanges(after);
  const doc = {
    formatVersion: plan.formatVersion,
    plan: JSON.parse(renderPlanJson(plan)),
    result: shownJson(result, plan.implicitProvider),
    converged,
    remaining: after === null || converged ? null : JSON.parse(renderPlanJson(after)),
    requests: Object.fromEntries(rates),
    ...shownJson(why, plan.implicitProvider),
  };
  return `${printableJson(JSON.stringify(doc, null, 2))}\n`;
}
