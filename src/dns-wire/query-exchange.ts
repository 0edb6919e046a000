import { createSocket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { connect, isIP, isIPv6 } from 'node:net';
import { DnsQueryError, type DnsServer } from './dns-query-error.js';
import { decodeMessage, encodeMessage, questionClass, type WireMessage } from './message.js';

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

/** The answer to `query` if it matches it: a response with the same id and the same question, class included. */
function matches(query: WireMessage, answer: WireMessage): boolean {
  const q = query.question;
  const a = answer.question;
  return (
    answer.response &&
    answer.id === query.id &&
    q !== undefined &&
    a !== undefined &&
    a.name === q.name.toLowerCase() &&
    a.type === q.type &&
    questionClass(a) === questionClass(q)
  );
}

/** An address to send to, and its family. */
export interface Address {
  address: string;
  family: 4 | 6;
}

/** The server's address: itself when it is one, else the first its name resolves to. */
export async function addressOf(host: string): Promise<Address> {
  const family = isIP(host);
  if (family === 4 || family === 6) return { address: host, family };
  const found = await lookup(host);
  return { address: found.address, family: found.family === 6 ? 6 : 4 };
}

/** An address in one spelling, so that `2001:DB8:0::1` and `2001:db8::1` are the same. */
function canonical(address: string): string {
  if (!isIPv6(address)) return address;
  try {
    return new URL(`http://[${address}]/`).hostname;
  } catch {
    return address.toLowerCase();
  }
}

export function udpExchange(
  to: Address,
  port: number,
  query: WireMessage,
  options: QueryOptions,
): Promise<WireMessage> {
  const from = canonical(to.address);
  return withDeadline(options, (settle) => {
    const socket = createSocket(to.family === 6 ? 'udp6' : 'udp4');
    socket.on('message', (octets, remote) => {
      // A datagram from elsewhere, or one that is not the answer to this query: ignored, the wait goes on.
      if (remote.port !== port || canonical(remote.address) !== from) return;
      try {
        const answer = decodeMessage(octets);
        if (matches(query, answer)) settle.resolve(answer);
      } catch {
        // Not a DNS message: wait for the real answer until the deadline.
      }
    });
    socket.on('error', settle.reject);
    socket.send(encodeMessage(query), port, to.address, (error) => error && settle.reject(error));
    return () => socket.close();
  });
}

export function tcpExchange(
  server: DnsServer,
  query: WireMessage,
  options: QueryOptions,
): Promise<WireMessage> {
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
