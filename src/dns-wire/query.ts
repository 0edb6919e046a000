import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect, isIPv6 } from 'node:net';
import {
  decodeMessage,
  encodeMessage,
  MalformedMessageError,
  type WireMessage,
  type WireQuestion,
} from './message.js';

/** A DNS server to ask: an address or host name, and a port (53 unless a test or a hidden primary says otherwise). */
export interface DnsServer {
  host: string;
  port: number;
}

/** `host:port`, `[v6]:port`, as `--nameserver` takes it and reports show it. */
export function serverLabel(server: DnsServer): string {
  return `${isIPv6(server.host) ? `[${server.host}]` : server.host}:${server.port}`;
}

export interface QueryOptions {
  /** How long one attempt (one UDP datagram, or one TCP exchange) may take. */
  timeoutMs: number;
  /** UDP datagrams sent before giving up (a lost datagram is not an answer); default 2; 0: over TCP only. */
  udpAttempts?: number;
  /** Stops the query: it rejects with the signal's reason. */
  signal?: AbortSignal;
}

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
 * again over TCP when the UDP answer is truncated (RFC 7766 §5). An answer must carry the query's id and question;
 * anything else arriving on the socket is ignored. Throws DnsQueryError naming the server and the question.
 */
export async function queryServer(
  server: DnsServer,
  question: WireQuestion,
  options: QueryOptions,
): Promise<DnsReply> {
  const query = (id: number): WireMessage => ({
    ...{ id, response: false, opcode: 0, authoritative: false, truncated: false, recursionDesired: false },
    ...{ rcode: 0, question, answers: [], authorities: [], additionals: [], udpSize: UDP_PAYLOAD },
  });
  const attempts = options.udpAttempts ?? 2;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const id = randomInt(0x10000);
    try {
      const message = await udpExchange(server, query(id), options);
      if (!message.truncated) return { server, message, transport: 'udp' };
      break;
    } catch (error) {
      if (!(error instanceof DnsQueryError && error.reason === 'timeout') || attempt >= attempts)
        throw rethrown(error, server, question);
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

/**
 * Why a query or exchange got no usable answer: silence (`timeout`), a connection that failed, octets that are not
 * an answer; for an exchange over TCP (tcp-exchange.ts) also an answer that did not end in time (`deadline`) or grew
 * past its cap (`too-large`).
 */
export type QueryFailure = 'timeout' | 'network' | 'malformed' | 'deadline' | 'too-large';

/** A query that got no usable answer: what was asked, of which server, and why. */
export class DnsQueryError extends Error {
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

function rethrown(error: unknown, server: DnsServer, question: WireQuestion): unknown {
  if (error instanceof DnsQueryError) return new DnsQueryError(error.reason, error.detail, server, question);
  if (error instanceof MalformedMessageError)
    return new DnsQueryError('malformed', `malformed answer: ${error.message}`, server, question);
  if (error instanceof Error && 'code' in error)
    return new DnsQueryError('network', `${error.message}`, server, question);
  return error;
}

/** The answer to `query` if it matches it (same id, a response, the same question). */
function matches(query: WireMessage, answer: WireMessage): boolean {
  const q = query.question;
  const a = answer.question;
  return (
    answer.response && answer.id === query.id && a?.name === q?.name.toLowerCase() && a?.type === q?.type
  );
}

function udpExchange(server: DnsServer, query: WireMessage, options: QueryOptions): Promise<WireMessage> {
  return withDeadline(options, (settle) => {
    const socket = createSocket(isIPv6(server.host) ? 'udp6' : 'udp4');
    socket.on('message', (octets) => {
      try {
        const answer = decodeMessage(octets);
        if (matches(query, answer)) settle.resolve(answer);
      } catch {
        // Not an answer to this query: wait for the real one until the deadline.
      }
    });
    socket.on('error', settle.reject);
    socket.send(encodeMessage(query), server.port, server.host, (error) => error && settle.reject(error));
    return () => socket.close();
  });
}

function tcpExchange(server: DnsServer, query: WireMessage, options: QueryOptions): Promise<WireMessage> {
  return withDeadline(options, (settle) => {
    const socket = connect({ host: server.host, port: server.port });
    const body = encodeMessage(query);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(body.length);
    let received = Buffer.alloc(0);
    socket.on('connect', () => socket.write(Buffer.concat([length, body])));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 2 || received.length < 2 + received.readUInt16BE(0)) return;
      try {
        const answer = decodeMessage(received.subarray(2, 2 + received.readUInt16BE(0)));
        if (matches(query, answer)) settle.resolve(answer);
        else settle.reject(new DnsQueryError('malformed', 'the TCP answer does not match the question'));
      } catch (error) {
        settle.reject(error);
      }
    });
    socket.on('error', settle.reject);
    socket.on('end', () => settle.reject(new DnsQueryError('network', 'the server closed the connection')));
    return () => socket.destroy();
  });
}

interface Settle<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** Runs `start` until it settles, the attempt's time is up or the signal fires; then calls its cleanup once. */
function withDeadline<T>(options: QueryOptions, start: (settle: Settle<T>) => () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let cleanup = () => {};
    let done = false;
    const finish = (then: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      cleanup();
      then();
    };
    const onAbort = () => finish(() => reject(options.signal?.reason));
    const timer = setTimeout(
      () => finish(() => reject(new DnsQueryError('timeout', `no answer within ${options.timeoutMs} ms`))),
      options.timeoutMs,
    );
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    try {
      cleanup = start({
        resolve: (value) => finish(() => resolve(value)),
        reject: (error) => finish(() => reject(error)),
      });
    } catch (error) {
      finish(() => reject(error));
    }
    if (done) cleanup();
  });
}
