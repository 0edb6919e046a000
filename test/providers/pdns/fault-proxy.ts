/**
 * A pass-through HTTP proxy on 127.0.0.1 in front of a real server (PowerDNS), for the faults a client cannot tell
 * apart and must settle by reading: it can hold one request back until the test releases it (so another writer
 * acts at exactly that point of a run); it can drop answers: the request is forwarded, the server's whole answer
 * read (so the server has acted), and then the client's connection is closed without a byte of it; it can delay
 * every request; and `fault` can break any request in one of the ways a network or a gateway does (HttpFault).
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';

/**
 * What happens to one request: `pass`; `reset`, the connection cut before the server sees it; `drop`, the server
 * acts and its answer is lost (the connection cut); `hang`, the server acts and no answer ever comes (the client
 * times out); a `status` from a gateway, before the server sees the request or (`after`) once it has acted.
 */
export type HttpFault = 'pass' | 'reset' | 'drop' | 'hang' | { status: number; after: boolean };

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`, forwarding to the target with the same path. */
  url: string;
  /** `METHOD path` of every request, in the order they came. */
  requests: string[];
  /** Resolves with `METHOD path` of the request held back, once `hold` picked one. */
  held: Promise<string>;
  /** Sends the held request on (and any later one at once). */
  release(): void;
  /** Answers the server gave that the client never got. */
  dropped(): number;
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  /**
   * Picks the request to hold back (the first for which it is true), given its method and path and how many requests
   * with the same method and path came before it.
   */
  hold?: (method: string, path: string, before: number) => boolean;
  /** Picks the requests whose answer is dropped after the server gave it. */
  drop?: (method: string, path: string) => boolean;
  /** Every request waits this long before it is forwarded (a slow network: two runs' requests interleave). */
  delayMs?: number;
  /** Picks what happens to each request (default: `drop` when `drop` says so, else `pass`). */
  fault?: (method: string, path: string) => HttpFault;
}

export async function startFaultProxy(target: string, options: FaultProxyOptions = {}): Promise<FaultProxy> {
  const to = new URL(target);
  const requests: string[] = [];
  let dropped = 0;
  let holding = options.hold;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let onHeld: (request: string) => void = () => {};
  const held = new Promise<string>((resolve) => {
    onHeld = resolve;
  });

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer, fault: HttpFault) => {
    if (fault === 'reset') {
      incoming.socket.destroy();
      return;
    }
    if (typeof fault === 'object' && !fault.after) {
      outgoing.writeHead(fault.status);
      outgoing.end();
      return;
    }
    const out = request(
      {
        host: to.hostname,
        port: to.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: to.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          if (fault === 'hang') return;
          if (fault === 'drop') {
            dropped += 1;
            incoming.socket.destroy();
            return;
          }
          if (typeof fault === 'object') {
            outgoing.writeHead(fault.status);
            outgoing.end();
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          outgoing.end(Buffer.concat(chunks));
        });
      },
    );
    out.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    out.end(body);
  };

  const server = createServer(async (incoming, outgoing) => {
    const method = incoming.method ?? 'GET';
    const path = incoming.url ?? '/';
    const before = requests.filter((line) => line === `${method} ${path}`).length;
    requests.push(`${method} ${path}`);
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (holding?.(method, path, before)) {
      holding = undefined;
      onHeld(`${method} ${path}`);
      await released;
    }
    const fault = options.fault?.(method, path) ?? (options.drop?.(method, path) ? 'drop' : 'pass');
    forward(incoming, outgoing, Buffer.concat(chunks), fault);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    held,
    release,
    dropped: () => dropped,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
