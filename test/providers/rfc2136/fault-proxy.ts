/**
 * A TCP proxy in front of a DNS server that breaks chosen exchanges: each connection's first message (the request,
 * after its two-octet length) is shown to `fault`, which says to pass it, to drop the connection before the server
 * sees it, to pass it and cut the answer after `cutAfter` octets, or to pass it after `delayMs`. Counts the
 * requests it was given.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export type Fault = 'pass' | 'drop' | { cutAfter: number } | { delayMs: number };

export interface FaultProxy {
  port: number;
  close(): Promise<void>;
}

/** The opcode of a DNS message (5 is UPDATE). */
export function opcodeOf(message: Buffer): number {
  return (message.readUInt16BE(2) >> 11) & 0xf;
}

export async function startFaultProxy(
  upstreamPort: number,
  fault: (request: Buffer) => Fault,
): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < 2 + buffered.readUInt16BE(0)) return;
      client.off('data', onData);
      const decision = fault(buffered.subarray(2, 2 + buffered.readUInt16BE(0)));
      if (decision === 'drop') {
        client.destroy();
        return;
      }
      if (typeof decision === 'object' && 'delayMs' in decision) {
        client.pause();
        setTimeout(() => {
          client.resume();
          forward('pass');
        }, decision.delayMs);
        return;
      }
      forward(decision);
    };
    const forward = (decision: 'pass' | { cutAfter: number }) => {
      const upstream = connect({ host: '127.0.0.1', port: upstreamPort });
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      let forwarded = 0;
      upstream.on('data', (answer: Buffer) => {
        const limit = decision === 'pass' ? Number.POSITIVE_INFINITY : decision.cutAfter;
        const part = answer.subarray(0, Math.max(0, limit - forwarded));
        forwarded += part.length;
        client.write(part);
        if (forwarded >= limit) {
          upstream.destroy();
          client.end();
        }
      });
      upstream.write(buffered);
      client.pipe(upstream);
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
