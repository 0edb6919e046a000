/**
 * The emulator's admin endpoint, served only when `createEmulator({ admin: true })` asks for it, so that a process
 * other than the emulator's (the benchmark) can read what the emulator saw and spent:
 * - `GET /_emulator/requests`: `{ total, byEndpoint, byStatus }` of the request log (both APIs);
 * - `DELETE /_emulator/requests`: clears the log (between the steps of a benchmark);
 * - `GET /_emulator/process`: the emulator process's CPU time and peak memory, `{ cpuMs, maxRssMb }`.
 * Admin requests are not logged. Anything else under `/_emulator/` is 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestLog } from './request-log.js';

export const ADMIN_PREFIX = '/_emulator/';

export function createAdminHandler(log: RequestLog): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://emulator.invalid').pathname.replace(/\/$/, '');
    const method = req.method ?? 'GET';
    req.resume();
    if (path === '/_emulator/requests' && method === 'GET') return reply(res, 200, requestCounts(log));
    if (path === '/_emulator/requests' && method === 'DELETE') {
      log.clear();
      return reply(res, 200, requestCounts(log));
    }
    if (path === '/_emulator/process' && method === 'GET') {
      const { user, system } = process.cpuUsage();
      const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
      return reply(res, 200, { cpuMs: Math.round((user + system) / 1000), maxRssMb });
    }
    reply(res, 404, { error: `no admin endpoint ${method} ${path}` });
  };
}

function requestCounts(log: RequestLog) {
  const byStatus: Record<string, number> = {};
  for (const entry of log.entries) byStatus[entry.status] = (byStatus[entry.status] ?? 0) + 1;
  return { total: log.entries.length, byEndpoint: log.byEndpoint(), byStatus };
}

function reply(res: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': body.length });
  res.end(body);
}
