import { connect } from 'node:net';
import { DnsQueryError, type DnsServer, serverLabel } from './query.js';

/**
 * One request over TCP and its answers (RFC 1035 §4.2.2: each message after a two-octet length): one answer for an
 * UPDATE or a SOA query, several for a zone transfer (RFC 5936 §2.2). `more` is told each answer's octets and says
 * whether more are to come; the connection is closed when it says no. A connection that ends or fails before
 * that, or a deadline that passes between two answers, is a DnsQueryError naming the server.
 */
export async function tcpExchange(
  server: DnsServer,
  request: Buffer,
  more: (answer: Buffer) => boolean,
  options: { timeoutMs: number },
): Promise<void> {
  const where = serverLabel(server);
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host: server.host, port: server.port });
    let received = Buffer.alloc(0);
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      socket.destroy();
      if (error === undefined) resolve();
      else reject(error);
    };
    socket.setTimeout(options.timeoutMs, () =>
      finish(new DnsQueryError('timeout', `${where}: no answer within ${options.timeoutMs} ms`)),
    );
    socket.on('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(request.length);
      socket.write(Buffer.concat([length, request]));
    });
    socket.on('data', (chunk) => {
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
    socket.on('error', (error) => finish(new DnsQueryError('network', `${where}: ${error.message}`)));
    socket.on('close', () =>
      finish(
        new DnsQueryError('network', `${where}: the server closed the connection before the answer ended`),
      ),
    );
  });
}
