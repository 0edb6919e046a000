/**
 * A pass-through HTTP proxy on 127.0.0.1 that counts the requests it forwards: the conformance suite's "requests
 * the server answered", for a server (PowerDNS) that does not count them itself.
 */
import { createServer, request } from 'node:http';

export interface CountingProxy {
  /** `http://127.0.0.1:<port>`, forwarding to the target with the same path. */
  url: string;
  count(): number;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  let count = 0;
  const server = createServer((incoming, outgoing) => {
    count += 1;
    const forward = request(
      {
        host: to.hostname,
        port: to.port,
        method: incoming.method,
        path: incoming.url,
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
