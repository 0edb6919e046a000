/**
 * Name servers played in the test's process for code that asks through a `query` seam (verify/ask.ts): no socket,
 * no real time. Each server, known by its label (`host:port`), answers the nth question it is asked as its play
 * says: with the A record it serves, or too late, when the fake clock moves on by the query's timeout and the query
 * fails as queryServer's does when no answer comes in time. A server no play names fails the test.
 */
import { DnsQueryError, type queryServer, RCODES, serverLabel } from '../../src/dns-wire/index.js';
import type { FakeClock } from './fake-clock.js';

/** What a played server does with a question: serve an A record with this value, or answer after the query gave up. */
export type Play = { serves: string } | 'too late';

export interface PlayedServers {
  /** The seam's query: each call is one question to one server. */
  query: typeof queryServer;
  /** How many questions the server with this label was asked. */
  asked(label: string): number;
}

export function playedServers(clock: FakeClock, plays: Record<string, (n: number) => Play>): PlayedServers {
  const asked = new Map<string, number>();
  const query: typeof queryServer = async (server, question, options) => {
    const label = serverLabel(server);
    const play = plays[label];
    if (play === undefined) throw new Error(`no played server is ${label}`);
    const n = (asked.get(label) ?? 0) + 1;
    asked.set(label, n);
    const what = play(n);
    if (what === 'too late') {
      clock.advance(options.timeoutMs);
      throw new DnsQueryError('timeout', `no answer within ${options.timeoutMs} ms`, server, question);
    }
    const record = { name: question.name, type: 'A', ttl: 300, value: what.serves };
    const message = {
      ...{ id: 0, response: true, opcode: 0, authoritative: true, truncated: false, recursionDesired: false },
      ...{ rcode: RCODES.NOERROR, question, answers: [record], authorities: [], additionals: [] },
    };
    return { server, message, transport: 'udp' };
  };
  return { query, asked: (label) => asked.get(label) ?? 0 };
}
