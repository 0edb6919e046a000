/**
 * A pass-through HTTP proxy on 127.0.0.1 in front of a server (the emulator, PowerDNS). It counts the requests it
 * forwards (the conformance suite's "requests the server answered", for a server that does not count them itself),
 * and it can hold one request back: the first that `hold` picks waits, unsent, until `release()`, so a test can let
 * another process act at exactly that point of a run (two writers on one zone, in a known order).
 */
import { createServer, request } from 'node:http';

export interface CountingProxy {
  /** `http://127.0.0.1:<port>`, forwarding to the target with the same path. */
  url: string;
  count(): number;
  /** Resolves with `METHOD path` of the request held back, once `hold` picked one. */
  held: Promise<string>;
  /** Sends the held request on (and any later one at once). */
  release(): void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Picks the request to hold back (the first for which it is true); none without it. */
  hold?: (method: string, path: string) => boolean;
}

export async function startCountingProxy(target: string, options: ProxyOptions = {}): Promise<CountingProxy> {
  const to = new URL(target);
  let count = 0;
  let holding = options.hold;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let onHeld: (request: string) => void = () => {};
  const held = new Promise<string>((resolve) => {
    onHeld = resolve;
  });
  const server = createServer(async (incoming, outgoing) => {
    count += 1;
    const method = incoming.method ?? 'GET';
    const path = incoming.url ?? '/';
    if (holding?.(method, path)) {
      holding = undefined;
      onHeld(`${method} ${path}`);
      await released;
    }
    const forward = request(
      {
        host: to.hostname,
        port: to.port,
        method,
        path,
        headers: { ...incoming.headers, host: to.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => count,
    held,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
