/**
 * A TCP proxy in front of a DNS server that breaks chosen exchanges: each connection's first message (the request,
 * after its two-octet length) is shown to `fault`, which says to pass it, to drop the connection before the server
 * sees it, to pass it and cut the answer after `cutAfter` octets, to pass it after `delayMs`, to pass it and keep
 * every answer back (`hang`: the client times out), or to answer SERVFAIL itself, unsigned, as a middlebox would
 * (`servfail`: the server never sees it). `fault` may take its time (a promise): another writer can change the zone
 * before the request reaches the server. It counts the octets it passed each way (the benchmarks' bytes).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export type Fault = 'pass' | 'drop' | 'hang' | 'servfail' | { cutAfter: number } | { delayMs: number };

export interface FaultProxy {
  port: number;
  /** Octets passed so far, length prefixes included: to the server (`up`) and back (`down`). */
  octets(): { up: number; down: number };
  close(): Promise<void>;
}

/** The opcode of a DNS message (5 is UPDATE). */
export function opcodeOf(message: Buffer): number {
  return (message.readUInt16BE(2) >> 11) & 0xf;
}

export async function startFaultProxy(
  upstreamPort: number,
  fault: (request: Buffer) => Fault | Promise<Fault>,
): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  const octets = { up: 0, down: 0 };
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < 2 + buffered.readUInt16BE(0)) return;
      client.off('data', onData);
      client.pause();
      void Promise.resolve(fault(buffered.subarray(2, 2 + buffered.readUInt16BE(0)))).then((decision) =>
        decide(decision),
      );
    };
    const decide = (decision: Fault) => {
      if (decision === 'drop') {
        client.destroy();
        return;
      }
      if (decision === 'servfail') {
        client.end(servfail(buffered.subarray(2, 2 + buffered.readUInt16BE(0))));
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
    const forward = (decision: 'pass' | 'hang' | { cutAfter: number }) => {
      const upstream = connect({ host: '127.0.0.1', port: upstreamPort });
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      let forwarded = 0;
      upstream.on('data', (answer: Buffer) => {
        if (decision === 'hang') return;
        const limit = decision === 'pass' ? Number.POSITIVE_INFINITY : decision.cutAfter;
        const part = answer.subarray(0, Math.max(0, limit - forwarded));
        forwarded += part.length;
        octets.down += part.length;
        client.write(part);
        if (forwarded >= limit) {
          upstream.destroy();
          client.end();
        }
      });
      octets.up += buffered.length;
      upstream.write(buffered);
      client.on('data', (chunk: Buffer) => {
        octets.up += chunk.length;
      });
      client.pipe(upstream);
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    octets: () => ({ ...octets }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A SERVFAIL answer to `request`, framed for TCP: its id, opcode and question, QR set, no records (so no TSIG: a
 * signed client refuses it as unsigned, RFC 8945 §5.3).
 */
function servfail(request: Buffer): Buffer {
  const end = questionEnd(request);
  const message = Buffer.from(request.subarray(0, end));
  message.writeUInt16BE(((request.readUInt16BE(2) | 0x8000) & 0xfff0) | 2, 2);
  message.writeUInt16BE(Math.min(1, request.readUInt16BE(4)), 4);
  message.fill(0, 6, 12);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(message.length);
  return Buffer.concat([length, message]);
}

/** Where the first question of a message ends (its name, type and class), or the header's end without one. */
function questionEnd(message: Buffer): number {
  if (message.readUInt16BE(4) === 0) return 12;
  let at = 12;
  while (at < message.length && message[at] !== 0) at += (message[at] ?? 0) + 1;
  return at + 5;
}
