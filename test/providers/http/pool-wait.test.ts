import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpTransport, DEFAULT_TIMEOUT_MS } from '../../../src/providers/http/transport.js';

/**
 * The attempt timeout of a client without a rate-limit scheduler (PowerDNS) runs from when its request has a
 * connection: a request the pool holds until a connection is free is not timed yet. Against a server on 127.0.0.1,
 * which answers each request only when the test says; the client's timers are fake. nock, which the other unit
 * files load, hands every request a socket of its own at once (no pool), so it is switched off for this file.
 */
let nockWasActive = false;
beforeAll(() => {
  nockWasActive = nock.isActive();
  if (nockWasActive) nock.restore();
});
afterAll(() => {
  if (nockWasActive) nock.activate();
});

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A server that holds every request until `answer(path)`; `arrived(path)` resolves once that request is in. */
async function heldServer() {
  const waiting = new Map<string, ServerResponse>();
  const arrivals = new Map<string, () => void>();
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    waiting.set(path, outgoing);
    arrivals.get(path)?.();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closing.push(async () => {
    server.closeAllConnections();
    server.close();
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived: (path: string) =>
      waiting.has(path) ? Promise.resolve() : new Promise<void>((resolve) => arrivals.set(path, resolve)),
    answer: (path: string) => waiting.get(path)?.end('{}'),
  };
}

describe('the attempt timeout and the connection pool', () => {
  it('does not count the wait for a free connection: sent after 20 s, answered 20 s later, no timeout', async () => {
    const server = await heldServer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const transport = createHttpTransport({ baseUrl: server.url, connections: 1 });
    closing.push(() => transport.close());
    const first = transport.request({ method: 'POST', path: '/a', body: {}, retryable: 'non-idempotent' });
    const second = transport.request({ method: 'POST', path: '/b', body: {}, retryable: 'non-idempotent' });
    await server.arrived('/a');
    // The one connection is busy with /a: /b waits for it.
    vi.advanceTimersByTime(20_000);
    server.answer('/a');
    await expect(first).resolves.toMatchObject({ status: 200, attempts: 1 });
    await server.arrived('/b');
    // 40 s since /b was made, past its 30 s timeout; 20 s since it was sent, within it.
    vi.advanceTimersByTime(20_000);
    expect(DEFAULT_TIMEOUT_MS).toBeGreaterThan(20_000);
    expect(DEFAULT_TIMEOUT_MS).toBeLessThan(40_000);
    server.answer('/b');
    await expect(second).resolves.toMatchObject({ status: 200, attempts: 1 });
  });
});
