import { isIPv6 } from 'node:net';
import { EdgeplanError } from '../model/edgeplan-error.js';
import type { WireQuestion } from './message.js';

/** A DNS server to ask: an address or host name, and a port (53 unless a test or a hidden primary says otherwise). */
export interface DnsServer {
  host: string;
  port: number;
}

/** `host:port`, `[v6]:port`, as `--nameserver` takes it and reports show it. */
export function serverLabel(server: DnsServer): string {
  return `${isIPv6(server.host) ? `[${server.host}]` : server.host}:${server.port}`;
}

/**
 * Why a query or exchange got no usable answer: silence (`timeout`), a connection that failed, octets that are not
 * an answer; for an exchange over TCP (tcp-exchange.ts) also an answer that did not end in time (`deadline`) or grew
 * past its cap (`too-large`).
 */
export type QueryFailure = 'timeout' | 'network' | 'malformed' | 'deadline' | 'too-large';

/** A query that got no usable answer: what was asked, of which server, and why. */
export class DnsQueryError extends EdgeplanError {
  override readonly code = 'EP2601';
  override readonly name = 'DnsQueryError';
  constructor(
    readonly reason: QueryFailure,
    readonly detail: string,
    readonly server?: DnsServer,
    readonly question?: WireQuestion,
  ) {
    super(
      server && question
        ? `${question.name} ${question.type} from ${serverLabel(server)}: ${detail}`
        : server
          ? `${serverLabel(server)}: ${detail}`
          : detail,
    );
  }
}
