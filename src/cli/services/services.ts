import { resolve } from 'node:path';
import { openProviders } from '../../connect/index.js';
import { type Providers, writersOf } from '../../engine/providers.js';
import type { DesiredState } from '../../model/dns.js';
import { usesDns } from '../../model/dns-scope.js';
import type { CountedStep, StepWriter } from '../../model/provider.js';
import type { ApplyPace } from '../../plan/render/duration.js';
import { describeShortfall, wafBudgetShortfall } from '../../plan/review/waf-budget.js';
import type { Plan } from '../../plan/types.js';
import { pluginOf } from '../../providers/registry.js';
import type { WafProvider } from '../../providers/waf/index.js';
import { CliError, InterruptedError } from '../exit-codes.js';
import type { CliIo, InterruptSignal } from '../io.js';
import type { ServiceOptions } from '../options/options.js';
import { prepareDirectory } from '../options/write-place.js';
import { cliLogger } from '../output/logger.js';
import { waitNotices } from '../output/progress.js';
import { RateCounts } from '../output/rate-counts.js';
import { type RunningSandbox, runSandbox } from '../sandbox/sandbox.js';
import { tellingLiveSize } from './live-size.js';
import { openOptions } from './open-options.js';

/** The services one command talks to: the providers, their writers by name, and how to close them all. */
export interface OpenServices {
  providers: Providers;
  writers: ReadonlyMap<string, StepWriter>;
  waf: WafProvider | undefined;
  /** What the services' rate-limit schedulers report: waits and 429s, for progress and the apply report. */
  rates: RateCounts;
  /** The in-process emulator of `--sandbox` (closed with the services). */
  sandbox?: RunningSandbox;
  /**
   * Closes every service (logs out). A SIGINT or SIGTERM while they are open abandons the reads under way, and
   * close then throws InterruptedError, after closing; `apply` takes the signals over before it sends anything
   * (`handOverInterrupts`), as it stops in its own way.
   */
  close(): Promise<void>;
  handOverInterrupts(): void;
}

/** True when the command needs any service at all. */
export function usesAnyService(desired: DesiredState): boolean {
  return usesDns(desired) || desired.waf !== undefined;
}

/**
 * Opens only the services the desired state mentions (docs/cli.md: a service it does not mention needs no
 * credentials). With `--sandbox`, one in-process emulator serves both APIs on one port and one state file.
 */
export async function openServices(
  desired: DesiredState,
  options: ServiceOptions,
  io: CliIo,
): Promise<OpenServices> {
  const logger = cliLogger(io, options.verbose);
  if (options.cache !== undefined) await prepareDirectory('--cache', resolve(io.cwd, options.cache));
  const sandbox: RunningSandbox | undefined = options.sandbox
    ? await runSandbox(options, io, logger)
    : undefined;
  const closers: (() => Promise<void>)[] = [];
  const rates = new RateCounts(waitNotices(io));
  // One failure, one cleanup: when a command ends (one service failed while the other was still reading
  // included), the reads still in flight, DNS and WAF, are stopped before the logout, so nothing is read into a
  // session being closed and no second session is opened (the client refuses to log in once closed).
  const stop = new AbortController();
  let interrupted: InterruptSignal | undefined;
  const handOverInterrupts =
    io.onInterrupt?.((signal) => {
      interrupted = signal;
      io.stderr(
        `${signal}: stopping: the reads under way are abandoned; logging out. Send it again to exit at once.\n`,
      );
      stop.abort(signal);
    }) ?? (() => {});
  const close = async () => {
    handOverInterrupts();
    stop.abort('the command ended');
    await closeAll(closers, sandbox);
    if (interrupted) throw new InterruptedError(interrupted);
  };
  try {
    const extra = { onRateEvent: rates.record, signal: stop.signal };
    const opened = await openProviders(desired, io.env, openOptions(options, io, logger, sandbox, extra));
    closers.push(opened.close);
    const providers = io.sizeLive ? tellingLiveSize(opened.providers, io.sizeLive) : opened.providers;
    return {
      providers,
      writers: writersOf(providers),
      waf: providers.waf,
      rates,
      ...(sandbox ? { sandbox } : {}),
      close,
      handOverInterrupts,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function closeAll(
  closers: (() => Promise<void>)[],
  sandbox: RunningSandbox | undefined,
): Promise<void> {
  try {
    await Promise.allSettled(closers.map((close) => close()));
  } finally {
    await sandbox?.emulator.close();
  }
}

/**
 * Apply refuses, before sending anything, WAF changes that cannot finish in the requests left this window, or whose
 * purges after apply the purge bucket cannot cover. `purgesOnly`: the check plan makes, which reads the requests
 * window after its own reads but leaves that check to apply (the window moves until then).
 */
export function assertWafBudget(
  plan: Plan,
  services: OpenServices | undefined,
  nowMs: number,
  purgesOnly = false,
): void {
  const waf = services?.waf;
  const window = purgesOnly ? undefined : waf?.rateWindow();
  const shortfall = wafBudgetShortfall(plan, window, nowMs, waf?.purgeWindow());
  if (shortfall) throw new CliError('EP5106', describeShortfall(shortfall));
}

/**
 * What the plan states of each DNS provider's apply: the requests of its steps, counted as its plug-in counts them,
 * for a paced provider (its budget once known; one request per op when the plug-in does not count) and for one
 * whose plug-in counts; a provider that neither paces nor counts is not stated.
 */
export function servicePaces(services: OpenServices | undefined, desired: DesiredState): ApplyPace[] {
  const byName = services?.providers.dns ?? {};
  return desired.dnsProviders.flatMap((spec): ApplyPace[] => {
    const provider = Object.hasOwn(byName, spec.name) ? byName[spec.name] : undefined;
    const budget = provider?.rateBudget?.();
    const counts = pluginOf(spec.type)?.applyRequests;
    if (!provider || (!budget && !counts)) return [];
    return [
      { provider: provider.name, service: 'DNS', ...(budget ? { budget } : {}), requests: counts ?? opsOf },
    ];
  });
}

/** One request per op: a paced provider's count when its plug-in gives none. */
function opsOf(steps: readonly CountedStep[]): number {
  return steps.reduce((n, step) => n + step.ops.length, 0);
}
