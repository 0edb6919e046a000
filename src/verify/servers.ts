import { Resolver } from 'node:dns/promises';
import type { DnsServer } from '../dns-wire/index.js';
import { EdgeplanError } from '../model/edgeplan-error.js';
import { DNS_PORT } from '../model/name-server.js';

/** `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT` → a server, or the problem with the text (model/name-server.ts). */
export { DNS_PORT, parseNameServer as parseServer } from '../model/name-server.js';

/** A zone whose NS set, or any address of its name servers, this machine's resolvers cannot find: nothing was asked. */
export class NameServersNotFoundError extends EdgeplanError {
  override readonly code = 'EP2604';
  override readonly name = 'NameServersNotFoundError';
}

/** Finds the name servers of a zone: each address of each name in its NS set as served. */
export type NameServerFinder = (zone: string) => Promise<DnsServer[]>;

/**
 * The zone's NS set as the resolvers of this machine (or `resolvers`, `HOST:PORT`) see it, each name resolved to its
 * IPv4 and IPv6 addresses, port 53; sorted and without duplicates. Node's resolver suits this part: it follows
 * the delegation through a recursive resolver, and no TTL or flag of its answers matters here. A zone without an
 * NS set, or whose servers have no address, is an error that says so.
 */
export function systemNameServers(resolvers?: readonly string[]): NameServerFinder {
  return async (zone) => {
    const resolver = new Resolver({ timeout: 3_000, tries: 2 });
    if (resolvers !== undefined) resolver.setServers([...resolvers]);
    const names = await resolver.resolveNs(zone).catch((error: unknown) => {
      throw new NameServersNotFoundError(
        `cannot find the NS set of ${zone}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    });
    const addresses = await Promise.all(
      names.map(async (name) => [
        ...(await resolver.resolve4(name).catch(() => [])),
        ...(await resolver.resolve6(name).catch(() => [])),
      ]),
    );
    const unique = [...new Set(addresses.flat())].sort();
    if (unique.length === 0)
      throw new NameServersNotFoundError(`no address for the name servers of ${zone} (${names.join(', ')})`);
    return unique.map((host) => ({ host, port: DNS_PORT }));
  };
}
