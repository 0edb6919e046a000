import { createSocket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import { DnsQueryError, type DnsServer } from './dns-query-error.js';
import {
  decodeMessage,
  encodeMessage,
  questionClass,
  type WireMessage,
  type WireQuestion,
} from './message.js';

/*
 * One attempt of a query (query.ts): a datagram and its answer, or one exchange over TCP, each within the attempt's
 * time and stopped by its signal.
 */

export interface QueryOptions {
  /** How long one attempt (one UDP datagram, or one TCP exchange) may take. */
  timeoutMs: number;
  /** UDP datagrams sent before giving up (a lost datagram is not an answer); default 2; 0: over TCP only. */
  udpAttempts?: number;
  /** Stops the query: it rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A query: its id and its question (the question of every query edgeplan sends). */
export type Query = WireMessage & { question: WireQuestion };

/** Whether `answer` answers `query`: a response with its id and its whole question, class included. */
function matches(query: Query, answer: WireMessage): boolean {
  const asked = query.question;
  const got = answer.question;
  return (
    answer.response &&
    answer.id === query.id &&
    got?.name === asked.name.toLowerCase() &&
    got.type === asked.type &&
    questionClass(got) === questionClass(asked)
  );
}

/** An address to send to, and its family. */
export interface Address {
  address: string;
  family: 4 | 6;
}

/** The server's address: the first its host resolves to (an address resolves to itself). */
export async function addressOf(host: string): Promise<Address> {
  const found = await lookup(host);
  return { address: found.address, family: found.family === 6 ? 6 : 4 };
}

/**
 * One datagram to `to`:`port` and its answer. The socket is connected to that address and port, so the system takes
 * datagrams from there only: one from any other address or port (a forged answer, RFC 5452 §9.1) never reaches
 * it. Of those that do, anything but the answer to this query (another id or question, octets that are no DNS
 * message) is ignored, and the wait goes on to the attempt's deadline. A port nobody listens on fails at once.
 */
export function udpExchange(
  to: Address,
  port: number,
  query: Query,
  options: QueryOptions,
): Promise<WireMessage> {
  return withDeadline(options, (settle) => {
    const socket = createSocket(to.family === 6 ? 'udp6' : 'udp4');
    socket.on('message', (octets) => {
      let answer: WireMessage;
      try {
        answer = decodeMessage(octets);
      } catch {
        return;
      }
      if (matches(query, answer)) settle.resolve(answer);
    });
    socket.on('error', settle.reject);
    socket.connect(port, to.address, () => socket.send(encodeMessage(query)));
    return () => socket.close();
  });
}

/** The query over TCP (RFC 7766), to the server asked: its one answer must be the answer to this query. */
export function tcpExchange(server: DnsServer, query: Query, options: QueryOptions): Promise<WireMessage> {
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
  const { signal } = options;
  return new Promise<T>((resolve, reject) => {
    let cleanup = () => {};
    let done = false;
    const finish = (then: () => void) => {
      // Stryker disable next-line ConditionalExpression,BooleanLiteral: a guard; the first settle clears the timer,
      // removes the listener and closes the socket, so nothing settles twice
      if (done) return;
      // Stryker disable next-line BooleanLiteral: the same guard
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      cleanup();
      then();
    };
    // Stryker disable next-line OptionalChaining: onAbort runs only as the listener of a signal
    const onAbort = () => finish(() => reject(signal?.reason));
    const timer = setTimeout(
      () => finish(() => reject(new DnsQueryError('timeout', `no answer within ${options.timeoutMs} ms`))),
      options.timeoutMs,
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    try {
      cleanup = start({
        resolve: (value) => finish(() => resolve(value)),
        reject: (error) => finish(() => reject(error)),
      });
    } catch (error) {
      finish(() => reject(error));
    }
  });
}
