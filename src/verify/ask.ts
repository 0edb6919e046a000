import pLimit from 'p-limit';
import { DnsQueryError, type DnsServer, queryServer, servedAnswer, serverLabel } from '../dns-wire/index.js';
import type { ServerAnswer } from '../model/served.js';
import { shownProvider } from '../model/shown-provider.js';
import type { ServedExpectation } from '../plan/review/served.js';

/**
 * Which servers answer for a zone on a provider (by its name); a rejection names why none. No server (`[]`) fails
 * every set of the zone, as a rejection does.
 */
export type ServersOf = (zone: string, provider: string) => Promise<DnsServer[]>;

export interface AskOptions {
  /** Queries in flight at once, over all servers. */
  concurrency: number;
  /** How long one query attempt may take (query.ts). */
  timeoutMs: number;
  /** Stops every query still to be sent or waiting. */
  signal?: AbortSignal;
  /** The provider the loader created without `providers:`: messages name it as plans show it, not at all. */
  implicitProvider?: string;
  /**
   * Asks one server one question; default queryServer (dns-wire/query.ts). It resolves with the server's reply, or
   * rejects with a DnsQueryError saying why there is none, which becomes a `failed` answer; any other rejection
   * rejects the whole ask. Tests give one that plays the servers on a fake clock.
   */
  query?: typeof queryServer;
}

/** An expectation and what each server of its zone serves, servers in the order `serversOf` gave them. */
export interface Asked {
  expectation: ServedExpectation;
  answers: ServerAnswer[];
}

/** Shown as the server of an answer when the zone's servers could not be found, or there were none. */
export const NO_SERVERS = 'name servers';

/**
 * Asks every server of each expectation's zone for its name and type, `concurrency` queries at a time, and reads
 * each answer (dns-wire/served.ts). A query that gets no usable answer becomes a `failed` answer saying why, never a
 * thrown error, so that one dead server does not hide what the others serve. Each zone's servers are looked up once.
 */
export async function askServers(
  expectations: readonly ServedExpectation[],
  serversOf: ServersOf,
  options: AskOptions,
): Promise<Asked[]> {
  const lookups = new Map<string, Promise<DnsServer[]>>();
  const serversFor = (e: ServedExpectation) => {
    const key = `${e.zone} ${e.provider}`;
    const found = lookups.get(key) ?? serversOf(e.zone, e.provider);
    lookups.set(key, found);
    return found;
  };
  const limit = pLimit(options.concurrency);
  return Promise.all(
    expectations.map(async (expectation): Promise<Asked> => {
      let servers: DnsServer[];
      try {
        servers = await serversFor(expectation);
      } catch (error) {
        return notAsked(expectation, error instanceof Error ? error.message : String(error));
      }
      // Asking no server is never "served": a lookup that finds none fails as one that rejects does.
      if (servers.length === 0)
        return notAsked(expectation, noServerReason(expectation, options.implicitProvider));
      const answers = await Promise.all(
        servers.map((server) => limit(() => askOne(server, expectation, options))),
      );
      return { expectation, answers };
    }),
  );
}

/** An expectation no server could be asked about, and why, as the one answer of NO_SERVERS. */
function notAsked(expectation: ServedExpectation, reason: string): Asked {
  return { expectation, answers: [{ server: NO_SERVERS, answer: { kind: 'failed', reason } }] };
}

function noServerReason({ zone, provider }: ServedExpectation, implicit: string | undefined): string {
  const shown = shownProvider(provider, implicit);
  return `no name server to ask for zone ${zone}${shown === undefined ? '' : ` on provider ${shown}`}`;
}

async function askOne(server: DnsServer, e: ServedExpectation, options: AskOptions): Promise<ServerAnswer> {
  const label = serverLabel(server);
  options.signal?.throwIfAborted();
  try {
    const reply = await (options.query ?? queryServer)(server, { name: e.fqdn, type: e.type }, options);
    return { server: label, answer: servedAnswer(reply.message, e.fqdn, e.type) };
  } catch (error) {
    if (!(error instanceof DnsQueryError)) throw error;
    return { server: label, answer: { kind: 'failed', reason: error.detail } };
  }
}
