import { connect } from 'node:net';
import { DnsQueryError, type DnsServer } from './dns-query-error.js';

/** The bounds of one exchange: every read has a deadline and a size cap, and stops when its signal fires. */
export interface ExchangeBounds {
  /** How long the connection may stay silent: to connect, and between two chunks of an answer. */
  idleMs: number;
  /** How long the whole exchange may take, from connecting to the last answer, however the octets trickle in. */
  deadlineMs: number;
  /** Octets the answers may take in all, their length prefixes included. */
  maxBytes: number;
  /** Stops the exchange: it rejects with the signal's reason, the connection closed. */
  signal?: AbortSignal;
}

/**
 * One request over TCP and its answers (RFC 1035 §4.2.2: each message after a two-octet length): one answer for an
 * UPDATE or a SOA query, several for a zone transfer (RFC 5936 §2.2). `more` is told each answer's octets and says
 * whether more are to come; the connection is closed when it says no. A connection that ends or fails before
 * that, a silence longer than `idleMs`, an exchange longer than `deadlineMs` (reason `deadline`) or answers
 * larger than `maxBytes` (reason `too-large`) is a DnsQueryError naming the server.
 */
export async function tcpExchange(
  server: DnsServer,
  request: Buffer,
  more: (answer: Buffer) => boolean,
  bounds: ExchangeBounds,
): Promise<void> {
  const { signal } = bounds;
  signal?.throwIfAborted();
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host: server.host, port: server.port });
    let received = Buffer.alloc(0);
    let total = 0;
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (error === undefined) resolve();
      else reject(error);
    };
    const onAbort = () => finish(signal?.reason);
    signal?.addEventListener('abort', onAbort);
    const deadline = setTimeout(
      () =>
        finish(
          new DnsQueryError('deadline', `the answer did not end within ${bounds.deadlineMs} ms`, server),
        ),
      bounds.deadlineMs,
    );
    socket.setTimeout(bounds.idleMs, () =>
      finish(new DnsQueryError('timeout', `no answer within ${bounds.idleMs} ms`, server)),
    );
    socket.on('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(request.length);
      socket.write(Buffer.concat([length, request]));
    });
    socket.on('data', (chunk) => {
      total += chunk.length;
      if (total > bounds.maxBytes) {
        finish(new DnsQueryError('too-large', `the answer is larger than ${bounds.maxBytes} octets`, server));
        return;
      }
      received = Buffer.concat([received, chunk]);
      while (!done && received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
        const answer = received.subarray(2, 2 + received.readUInt16BE(0));
        received = received.subarray(2 + answer.length);
        try {
          if (!more(answer)) finish();
        } catch (error) {
          finish(error);
        }
      }
    });
    socket.on('error', (error) => finish(new DnsQueryError('network', error.message, server)));
    socket.on('close', () =>
      finish(
        new DnsQueryError('network', 'the server closed the connection before the answer ended', server),
      ),
    );
  });
}
