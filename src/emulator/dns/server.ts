import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server, type Socket } from 'node:net';
import { decodeMessage, encodeMessage, RCODES, type WireMessage } from '../../dns-wire/index.js';
import { answer } from './answer.js';
import type { ServedZone } from './served-zones.js';

/** UDP answers without EDNS(0) fit in 512 octets (RFC 1035 §4.2.1); larger offers are capped here. */
const PLAIN_UDP = 512;
const MAX_UDP = 4096;

export interface DnsServer {
  /** The port both UDP and TCP listen on. */
  port: number;
  close(): Promise<void>;
}

/**
 * The emulator's authoritative name server: the zones `zones()` gives, on one port over UDP and TCP (two-octet
 * length prefix, RFC 1035 §4.2.2; several queries per connection). A UDP answer longer than the client takes is
 * sent truncated (TC set, no records), so the client asks again over TCP. Queries that are not standard QUERYs get
 * NOTIMP; octets that are not a DNS message are dropped. Port 0: a free port, the same for both.
 */
export async function startDnsServer(
  zones: () => readonly ServedZone[],
  port: number,
  host: string,
): Promise<DnsServer> {
  for (let attempt = 1; ; attempt += 1) {
    const udp = createSocket(host.includes(':') ? 'udp6' : 'udp4');
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(port, host, () => resolve());
    });
    const bound = udp.address().port;
    const open = new Set<Socket>();
    const tcp = createServer((socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      serveConnection(socket, zones);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(bound, host, () => resolve());
      });
    } catch (error) {
      udp.close();
      if (port !== 0 || attempt >= 5) throw error;
      continue;
    }
    udp.on('message', (octets, remote) => {
      const reply = respond(octets, zones, 'udp');
      if (reply) udp.send(reply, remote.port, remote.address);
    });
    return { port: bound, close: () => closeBoth(udp, tcp, open) };
  }
}

/** The encoded reply to one query's octets, or null when they are not a query to answer. */
function respond(
  octets: Buffer,
  zones: () => readonly ServedZone[],
  transport: 'udp' | 'tcp',
): Buffer | null {
  let query: WireMessage;
  try {
    query = decodeMessage(octets);
  } catch {
    return null;
  }
  if (query.response) return null;
  const base = {
    ...query,
    response: true,
    truncated: false,
    answers: [],
    authorities: [],
    additionals: [],
    ...(query.udpSize !== undefined ? { udpSize: MAX_UDP } : {}),
  };
  if (query.opcode !== 0 || !query.question)
    return encodeMessage({ ...base, authoritative: false, rcode: RCODES.NOTIMP });
  const found = answer(zones(), query.question);
  const reply = encodeMessage({ ...base, ...found });
  const limit = Math.min(Math.max(query.udpSize ?? PLAIN_UDP, PLAIN_UDP), MAX_UDP);
  if (transport === 'tcp' || reply.length <= limit) return reply;
  return encodeMessage({ ...base, ...found, truncated: true, answers: [], authorities: [], additionals: [] });
}

function serveConnection(socket: Socket, zones: () => readonly ServedZone[]): void {
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
      const length = buffered.readUInt16BE(0);
      const reply = respond(buffered.subarray(2, 2 + length), zones, 'tcp');
      buffered = buffered.subarray(2 + length);
      if (!reply) return void socket.destroy();
      const prefix = Buffer.alloc(2);
      prefix.writeUInt16BE(reply.length);
      socket.write(Buffer.concat([prefix, reply]));
    }
  });
  socket.on('error', () => socket.destroy());
}

async function closeBoth(udp: UdpSocket, tcp: Server, open: ReadonlySet<Socket>): Promise<void> {
  await new Promise<void>((resolve) => udp.close(() => resolve()));
  await new Promise<void>((resolve) => {
    tcp.close(() => resolve());
    // Connections a client keeps open must not hold the emulator's shutdown.
    for (const socket of open) socket.destroy();
  });
}
