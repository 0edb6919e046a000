import { randomInt } from 'node:crypto';
import { DnsQueryError, type DnsServer } from './dns-query-error.js';
import { MalformedMessageError, type WireMessage, type WireQuestion } from './message.js';
import {
  type Address,
  addressOf,
  type Query,
  type QueryOptions,
  tcpExchange,
  udpExchange,
} from './query-exchange.js';

export { DnsQueryError, type DnsServer, type QueryFailure, serverLabel } from './dns-query-error.js';
export type { QueryOptions } from './query-exchange.js';

/** A server's answer, and whether it came over TCP (the UDP answer was truncated). */
export interface DnsReply {
  server: DnsServer;
  message: WireMessage;
  transport: 'udp' | 'tcp';
}

/** The EDNS(0) payload size edgeplan offers: the DNS flag day 2020 value, which fits every path's MTU. */
export const UDP_PAYLOAD = 1232;

/**
 * Asks one server one question: over UDP (EDNS(0), recursion not desired: an authoritative server is asked), and
 * again over TCP when the UDP answer is truncated (RFC 7766 §5). Over UDP, anyone can send a datagram to the port
 * the query left from, so an answer counts only when it comes from the address and port asked and carries the
 * query's id and question (name, type, class; RFC 5452 §9.1); anything else is ignored and the wait goes on to the
 * attempt's deadline. Throws DnsQueryError naming the server and the question.
 */
export async function queryServer(
  server: DnsServer,
  question: WireQuestion,
  options: QueryOptions,
): Promise<DnsReply> {
  const query = (id: number): Query => ({
    ...{ id, response: false, opcode: 0, authoritative: false, truncated: false, recursionDesired: false },
    ...{ rcode: 0, question, answers: [], authorities: [], additionals: [], udpSize: UDP_PAYLOAD },
  });
  const attempts = options.udpAttempts ?? 2;
  let asked: Address | undefined;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const id = randomInt(0x10000);
    try {
      asked ??= await addressOf(server.host);
      const message = await udpExchange(asked, server.port, query(id), options);
      if (!message.truncated) return { server, message, transport: 'udp' };
      break;
    } catch (error) {
      // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: udpExchange's one DnsQueryError is
      // its timeout, and any other error (a refused port, the signal's reason) comes again at once on another try
      const timedOut = error instanceof DnsQueryError && error.reason === 'timeout';
      if (!timedOut || attempt >= attempts) throw rethrown(error, server, question);
    }
  }
  try {
    return {
      server,
      message: await tcpExchange(server, query(randomInt(0x10000)), options),
      transport: 'tcp',
    };
  } catch (error) {
    throw rethrown(error, server, question);
  }
}

function rethrown(error: unknown, server: DnsServer, question: WireQuestion): unknown {
  if (error instanceof DnsQueryError) return new DnsQueryError(error.reason, error.detail, server, question);
  if (error instanceof MalformedMessageError)
    return new DnsQueryError('malformed', `malformed answer: ${error.message}`, server, question);
  if (error instanceof Error && 'code' in error)
    return new DnsQueryError('network', `${error.message}`, server, question);
  return error;
}
