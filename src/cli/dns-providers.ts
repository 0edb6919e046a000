import type { DesiredState, DnsProvider } from '../model/dns.js';
import { dnsParts } from '../model/dns-providers.js';
import { usesDns } from '../model/dns-scope.js';
import type { Logger } from '../model/logger.js';
import type { DynProvider } from '../providers/dyn/index.js';
import type { RateEvent } from '../providers/http/scheduler.js';
import { createPdnsProvider, pdnsConnectionFromEnv } from '../providers/pdns/index.js';
import { openDnsTarget } from './dns-target.js';
import { CliError } from './exit-codes.js';
import type { CliIo } from './io.js';
import type { ServiceOptions } from './options.js';
import type { RunningSandbox } from './sandbox.js';
import { userAgentOf } from './user-agent.js';

/** The DNS providers of a desired state with `providers:`, by name, and how to close them. */
export interface NamedDnsProviders {
  byName: Record<string, DnsProvider>;
  /** The dyn providers used, in the order of `providers:`. */
  dyns: DynProvider[];
  closers: (() => Promise<void>)[];
}

/**
 * Opens the providers under `providers:` that the desired state (or its `--target` scope) uses: dyn from the
 * variables its entry names, default EDGEPLAN_DYN_* (or the sandbox, which serves one), powerdns from its variables. A provider whose part is empty
 * is not opened and needs no credentials. On a failure the ones opened so far are in `closers`.
 */
export async function openNamedDnsProviders(
  desired: DesiredState,
  options: ServiceOptions,
  io: CliIo,
  logger: Logger,
  sandbox: RunningSandbox | undefined,
  opened: NamedDnsProviders,
  /** Told the Dyn provider's rate-limit waits and answers. */
  onRateEvent?: (event: RateEvent) => void,
): Promise<void> {
  const specs = desired.dnsProviders ?? [];
  for (const part of dnsParts(desired)) {
    const spec = specs.find((candidate) => candidate.name === part.provider);
    if (!spec || !usesDns(part.desired)) continue;
    if (spec.type === 'dyn') {
      if (sandbox && opened.dyns.length > 0)
        throw new CliError(
          `--sandbox serves one Dyn account: providers "${opened.dyns[0]?.name}" and "${spec.name}" would write the same zones`,
        );
      const target = openDnsTarget(options, io, logger, sandbox, spec, onRateEvent);
      opened.closers.push(target.close);
      opened.byName[spec.name] = target.provider;
      opened.dyns.push(target.provider);
      continue;
    }
    const connection = pdnsConnectionFromEnv(io.env, {
      provider: spec.name,
      urlEnv: spec.urlEnv ?? '',
      apiKeyEnv: spec.apiKeyEnv ?? '',
    });
    const provider = createPdnsProvider({
      ...connection,
      name: spec.name,
      server: spec.server,
      alias: spec.alias,
      zones: {
        ...(spec.zoneKind ? { zoneKind: spec.zoneKind } : {}),
        ...(spec.nameservers ? { nameservers: spec.nameservers } : {}),
        ...(spec.soaEditApi ? { soaEditApi: spec.soaEditApi } : {}),
      },
      userAgent: userAgentOf(io),
      logger,
    });
    opened.closers.push(() => provider.close());
    opened.byName[spec.name] = provider;
  }
}
