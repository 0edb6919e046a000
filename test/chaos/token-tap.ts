/**
 * A pass-through HTTP proxy in front of the emulator that remembers every session token and access token the
 * emulator hands out (DNS `POST /REST/Session/` → `data.token`, WAF token endpoint → `access_token`), so a test can
 * look for the exact values in a command's output.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TokenTap {
  /** The proxy's origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  tokens: Set<string>;
  close(): Promise<void>;
}

export async function startTokenTap(target: URL): Promise<TokenTap> {
  const tokens = new Set<string>();
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          remember(tokens, body.toString('utf8'));
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    tokens,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function remember(tokens: Set<string>, text: string): void {
  try {
    const body = JSON.parse(text) as { access_token?: unknown; data?: { token?: unknown } };
    if (typeof body.access_token === 'string') tokens.add(body.access_token);
    if (typeof body.data?.token === 'string') tokens.add(body.data.token);
  } catch {
    // not JSON: nothing to remember
  }
}
