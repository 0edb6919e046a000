import { type Providers, writersOf } from '../apply/index.js';
import type { DesiredState } from '../model/dns.js';
import { usesDns } from '../model/dns-scope.js';
import type { StepWriter } from '../model/provider.js';
import { describeShortfall, wafBudgetShortfall } from '../plan/index.js';
import type { Plan } from '../plan/types.js';
import type { DynProvider } from '../providers/dyn/index.js';
import type { WafProvider } from '../providers/waf/index.js';
import { type NamedDnsProviders, openNamedDnsProviders } from './dns-providers.js';
import { openDnsTarget } from './dns-target.js';
import { CliError } from './exit-codes.js';
import type { CliIo } from './io.js';
import { cliLogger } from './logger.js';
import type { ServiceOptions } from './options.js';
import { type RunningSandbox, runSandbox } from './sandbox.js';
import { openWafTarget } from './waf-target.js';

/** The services one command talks to: the providers, their writers by name, and how to close them all. */
export interface OpenServices {
  providers: Providers;
  writers: ReadonlyMap<string, StepWriter>;
  waf: WafProvider | undefined;
  /** The Dyn provider, for reads beyond planning (`import`); undefined when the Dyn service is not used. */
  dyn: DynProvider | undefined;
  close(): Promise<void>;
}

/** True when the command needs any service at all. */
export function usesAnyService(desired: DesiredState): boolean {
  return usesDns(desired) || desired.waf !== undefined;
}

/**
 * Opens only the services the desired state mentions (README: a service it does not mention needs no
 * credentials). With `--sandbox`, one in-process emulator serves both APIs on one port and one state file.
 */
export async function openServices(
  desired: DesiredState,
  options: ServiceOptions,
  io: CliIo,
): Promise<OpenServices> {
  const logger = cliLogger(io, options.verbose);
  const sandbox: RunningSandbox | undefined = options.sandbox
    ? await runSandbox(options, io, logger)
    : undefined;
  const closers: (() => Promise<void>)[] = [];
  try {
    const named: NamedDnsProviders = { byName: {}, dyn: undefined, closers };
    const single = desired.dnsProviders === undefined && usesDns(desired);
    const dns = single ? openDnsTarget(options, io, logger, sandbox) : undefined;
    if (dns) closers.push(dns.close);
    if (desired.dnsProviders) await openNamedDnsProviders(desired, options, io, logger, sandbox, named);
    const waf = desired.waf ? openWafTarget(options, io, logger, sandbox) : undefined;
    if (waf) closers.push(waf.close);
    const providers: Providers = {
      ...(dns ? { dns: dns.provider } : {}),
      ...(desired.dnsProviders ? { dnsProviders: named.byName } : {}),
      ...(waf ? { waf: waf.provider } : {}),
    };
    return {
      providers,
      writers: writersOf(providers),
      waf: waf?.provider,
      dyn: dns?.provider ?? named.dyn,
      close: () => closeAll(closers, sandbox),
    };
  } catch (error) {
    await closeAll(closers, sandbox);
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

/** Apply refuses, before sending anything, WAF changes that cannot finish in the requests left this window. */
export function assertWafBudget(plan: Plan, services: OpenServices, nowMs: number): void {
  const shortfall = wafBudgetShortfall(plan, services.waf?.rateWindow(), nowMs);
  if (shortfall) throw new CliError(describeShortfall(shortfall));
}
