import type { DnsServer } from '../../dns-wire/index.js';
import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import { type NameServerFinder, parseServer, type ServersOf, systemNameServers } from '../../verify/index.js';
import { CliError } from '../exit-codes.js';
import type { RunningSandbox } from '../sandbox/sandbox.js';

/** The flags that choose which name servers `verify` and `apply --wait-served` ask. */
export interface NameServerOptions {
  /** `--nameserver HOST:PORT`, repeatable: these servers for every zone. */
  nameserver?: string[];
}

/** The servers of `--nameserver`; text that is not an address is a usage error (CliError). */
export function givenNameServers(options: NameServerOptions): DnsServer[] {
  return (options.nameserver ?? []).map((text) => {
    const server = parseServer(text);
    if ('problem' in server) throw new CliError('EP5102', `--nameserver: ${server.problem}`);
    return server;
  });
}

/**
 * Which servers answer for a zone, first rule that applies: `given` (`--nameserver`, for every zone); the zone's
 * provider's `verify_at` (parsed at validation); with `--sandbox`, the sandbox's own name servers for the zones on its Dyn account; else
 * the zone's NS set as served (`find`, default this machine's resolvers).
 */
export function serversOf(
  providers: readonly DnsProviderSpec[],
  given: readonly DnsServer[],
  sandbox: Pick<RunningSandbox, 'nameServer'> | undefined,
  find: NameServerFinder = systemNameServers(),
): ServersOf {
  const specs = new Map(providers.map((spec) => [spec.name, spec]));
  return async (zone, provider) => {
    if (given.length > 0) return [...given];
    const spec = specs.get(provider);
    if (spec?.verifyAt) return [...spec.verifyAt];
    if (sandbox && (spec === undefined || spec.type === 'dyn')) return [await sandbox.nameServer()];
    return find(zone);
  };
}
