/**
 * The emulator's one HTTP server, shared by both APIs: `/_emulator/` goes to the admin endpoint (when served),
 * `/api/` to the WAF API, every other path to the DNS API. Each API answers in its own format.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { ADMIN_PREFIX } from './admin.js';

/**
 * Longer than a client's wait on a DNS job (the vendor's Python SDK waits ~10 s on a job): Node's 5 s default would
 * drop idle keep-alives.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface EmulatorRoutes {
  /** Everything that is neither admin nor WAF: the DNS API under `/REST` (and its 404 for other paths). */
  dns: Handler;
  /** Every request under `/api/`: the WAF API and its token endpoint; absent: those paths go to `dns`. */
  waf?: Handler;
  /** `/_emulator/` (admin.ts); absent: those paths go to `dns`. */
  admin?: Handler;
}

export function createEmulatorServer(routes: EmulatorRoutes): Server {
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    if (routes.admin && url.startsWith(ADMIN_PREFIX)) void routes.admin(req, res);
    else if (routes.waf && url.startsWith('/api/')) void routes.waf(req, res);
    else void routes.dns(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
