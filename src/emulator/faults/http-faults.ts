/**
 * Faults at the HTTP level, shared by both APIs: a delay, a connection destroyed without an answer (the client
 * sees a reset), a request held without an answer and then dropped (the client's timeout fires first), and a
 * proxy's HTML error page. Timers are unref'd so a held request never keeps a process alive, and a hold is
 * bounded: the connection is always destroyed at its end.
 */
import type { ServerResponse } from 'node:http';

export function sleep(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** No answer at all: the connection is destroyed (a reset as the client sees it). */
export function resetConnection(res: ServerResponse): void {
  res.socket?.destroy();
}

/** No answer for `ms`, then the connection is destroyed; a client that gave up earlier has already closed it. */
export async function hang(res: ServerResponse, ms: number): Promise<void> {
  await sleep(ms);
  resetConnection(res);
}

/** One of the 5xx statuses a service or its proxy answers with. */
export function pick5xx(random: () => number): 500 | 502 | 503 | 504 {
  const statuses = [500, 502, 503, 504] as const;
  return statuses[Math.floor(random() * statuses.length)] ?? 503;
}

/** 502 and 504 come from a proxy in front of the service: an HTML page, not the API's JSON. */
export function isProxyStatus(status: number): boolean {
  return status === 502 || status === 504;
}

export function writeProxyError(res: ServerResponse, status: number): void {
  const body = Buffer.from(
    `<html><body><h1>${status} Bad Gateway</h1>injected by the emulator</body></html>`,
  );
  res.writeHead(status, { 'Content-Type': 'text/html', 'Content-Length': body.length });
  res.end(body);
}
