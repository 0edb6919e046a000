/**
 * A DNS server over TCP on 127.0.0.1 that answers as a test scripts it, for what no real server does: answers left
 * unsigned where they must be signed, an injected record, a byte at a time, a transfer that never ends. Each
 * connection's request (its two-octet length read off) is handed to `script` with a signer for its answers (the
 * server's side of TSIG, test/dns-wire/tsig-signer.ts) and a way to send framed answers.
 */
import { createServer, type Socket } from 'node:net';
import { decodeMessage, encodeMessage, type WireMessage } from '../../../src/dns-wire/message.js';
import type { WireRecord } from '../../../src/dns-wire/rdata.js';
import type { TsigKey } from '../../../src/dns-wire/tsig.js';
import { AnswerSigner } from '../../dns-wire/tsig-signer.js';

export interface Exchange {
  query: WireMessage;
  signer: AnswerSigner;
  socket: Socket;
  /** Writes `message` after its two-octet length; false when the socket is closed. */
  send(message: Buffer): boolean;
}

export interface HostileServer {
  port: number;
  /** Octets written to clients so far, length prefixes included. */
  sent(): number;
  /** Requests received so far (one per connection). */
  requests(): number;
  close(): Promise<void>;
}

export async function startHostileServer(
  key: TsigKey,
  script: (exchange: Exchange) => void,
): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  let sent = 0;
  let requests = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < 2 + buffered.readUInt16BE(0)) return;
      socket.off('data', onData);
      requests += 1;
      const request = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
      const send = (message: Buffer) => {
        if (socket.destroyed) return false;
        const framed = frame(message);
        sent += framed.length;
        socket.write(framed);
        return true;
      };
      script({ query: decodeMessage(request), signer: new AnswerSigner(key, request), socket, send });
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    sent: () => sent,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `message` after its two-octet length (RFC 1035 §4.2.2). */
export function frame(message: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(message.length);
  return Buffer.concat([length, message]);
}

/** An authoritative answer to `query` holding `answers`, unsigned. */
export function answerTo(query: WireMessage, answers: WireRecord[], rcode = 0): Buffer {
  return encodeMessage({
    ...{ id: query.id, response: true, opcode: query.opcode, authoritative: true, truncated: false },
    ...{ recursionDesired: false, rcode, answers, authorities: [], additionals: [] },
    ...(query.question ? { question: query.question } : {}),
  });
}

/** The zone's SOA with `serial`. */
export function soaOf(zone: string, serial = 1): WireRecord {
  return {
    name: zone,
    type: 'SOA',
    ttl: 300,
    value: `ns1.example.net. hostmaster.${zone}. ${serial} 3600 600 86400 300`,
  };
}

/** `count` A records named `host<n>.<zone>`, numbered from `from`. */
export function addresses(zone: string, count: number, from = 0): WireRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `host${from + i}.${zone}`,
    type: 'A',
    ttl: 300,
    value: `192.0.2.${(from + i) % 250}`,
  }));
}
