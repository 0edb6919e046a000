import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RateLimitWaitError,
  RequestAbortedError,
  RequestRefusedError,
  ServiceUrlError,
  TransportError,
} from '../../../src/providers/http/errors.js';
import { RequestScheduler } from '../../../src/providers/http/scheduler.js';
import {
  attemptTimeoutMs,
  createHttpTransport,
  type HttpTransportOptions,
} from '../../../src/providers/http/transport.js';
import { connectionReset, useNockGuard } from '../helpers/nock-guard.js';

const ORIGIN = 'https://api.test';
useNockGuard();

const transports: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

function setup(options: Partial<HttpTransportOptions> = {}) {
  const delays: number[] = [];
  const logs: string[] = [];
  const transport = createHttpTransport({
    baseUrl: `${ORIGIN}/REST`,
    retry: { retries: 2, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 10_000 },
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    now: () => Date.parse('2024-01-01T00:00:00Z'),
    logger: { debug: (line) => logs.push(line), info: () => {}, warn: () => {} },
    ...options,
  });
  transports.push(transport);
  return { transport, delays, logs };
}

describe('createHttpTransport', () => {
  it('sends JSON with its Content-Type and the User-Agent, and returns status, text and parsed JSON', async () => {
    nock(ORIGIN)
      .post('/REST/Thing/', { a: 1 })
      .matchHeader('content-type', 'application/json')
      .matchHeader('user-agent', 'edgeplan/test')
      .reply(201, { ok: true });
    const { transport } = setup({ userAgent: 'edgeplan/test' });
    const res = await transport.request({
      method: 'POST',
      path: '/Thing/',
      body: { a: 1 },
      retryable: 'non-idempotent',
    });
    expect(res).toMatchObject({ status: 201, json: { ok: true }, path: '/REST/Thing/', attempts: 1 });
    expect(res.text).toBe('{"ok":true}');
  });

  it('does not follow redirects', async () => {
    nock(ORIGIN).get('/REST/Zone/').reply(307, '/REST/Job/9/', { Location: '/REST/Job/9/' });
    const { transport } = setup();
    const res = await transport.request({ method: 'GET', path: '/Zone/', retryable: 'idempotent' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/REST/Job/9/');
    expect(res.json).toBeUndefined();
  });

  it('accepts an absolute URL on the same origin and refuses another origin, unsent', async () => {
    nock(ORIGIN).get('/REST/Job/9/').reply(200, {});
    const { transport, logs } = setup();
    await transport.request({ method: 'GET', path: `${ORIGIN}/REST/Job/9/`, retryable: 'idempotent' });
    logs.length = 0;
    const error = await transport
      .request({ method: 'GET', path: 'https://evil.test/REST/Job/9/', retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestRefusedError);
    expect(error).toMatchObject({
      code: 'EP2006',
      kind: 'provider',
      message:
        "GET https://evil.test/REST/Job/9/: refused, it leads outside https://api.test, the service's origin; " +
        'nothing was sent',
    });
    expect(logs).toEqual([]);
  });

  it('refuses a relative path that would put the request on another host', async () => {
    const transport = createHttpTransport({ baseUrl: ORIGIN });
    transports.push(transport);
    await expect(
      transport.request({ method: 'GET', path: '@evil.test/x', retryable: 'idempotent' }),
    ).rejects.toMatchObject({ code: 'EP2006', message: expect.stringContaining('outside https://api.test') });
  });

  it('refuses a base URL with a user name or password, showing it with them as ***', () => {
    for (const baseUrl of [`https://ops:url-Pass-1@api.test/REST`, `https://ops@api.test/REST`]) {
      const attempt = () => createHttpTransport({ baseUrl });
      expect(attempt, baseUrl).toThrow(ServiceUrlError);
      expect(attempt, baseUrl).toThrow(
        "credentials in a service URL are refused: https://***@api.test/REST; give them in the provider's own " +
          'options; nothing was sent',
      );
      expect(new ServiceUrlError(baseUrl)).toMatchObject({ code: 'EP1908', kind: 'config' });
      expect(attempt, baseUrl).not.toThrow(/url-Pass-1|ops/);
    }
  });

  it('refuses a URL with a user name or password, unsent and not repeated, showing neither', async () => {
    const { transport, delays } = setup();
    const error = await transport
      .request({
        method: 'GET',
        path: `https://ops:url-Pass-1@api.test/REST/Job/9/`,
        retryable: 'idempotent',
      })
      .catch((e: unknown) => e);
    // Never sent: credentials in a URL would go out as Basic authorisation.
    expect(error).toBeInstanceOf(RequestRefusedError);
    expect((error as Error).message).toBe(
      'GET https://***@api.test/REST/Job/9/: refused, its URL carries a user name or password; nothing was sent',
    );
    expect(delays).toEqual([]);
  });

  it('retries a 429 even for a non-idempotent POST, waiting for Retry-After in seconds', async () => {
    nock(ORIGIN).post('/REST/Thing/').reply(429, 'slow down', { 'Retry-After': '3' });
    nock(ORIGIN).post('/REST/Thing/').reply(200, {});
    const { transport, delays } = setup();
    const res = await transport.request({
      method: 'POST',
      path: '/Thing/',
      body: {},
      retryable: 'non-idempotent',
    });
    expect(res).toMatchObject({ status: 200, attempts: 2 });
    expect(delays).toEqual([3000]);
  });

  it('with a scheduler, leaves the wait after a 429 to it: one wait of Retry-After, none of its own', async () => {
    nock(ORIGIN).post('/REST/Thing/').reply(429, 'slow down', { 'Retry-After': '30' });
    nock(ORIGIN).post('/REST/Thing/').reply(200, {});
    const waits: number[] = [];
    const scheduler = new RequestScheduler({
      windowMs: 60_000,
      limit: 300,
      now: () => Date.parse('2024-01-01T00:00:00Z'),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const { transport, delays } = setup({ scheduler });
    const res = await transport.request({
      method: 'POST',
      path: '/Thing/',
      body: {},
      retryable: 'non-idempotent',
    });
    expect(res).toMatchObject({ status: 200, attempts: 2 });
    expect(delays).toEqual([]);
    expect(waits).toEqual([30_000]);
  });

  it('ends a request unsent, not retried, when the scheduler refuses a wait that long', async () => {
    nock(ORIGIN).get('/REST/A/').reply(429, '', { 'Retry-After': '3600' });
    const scheduler = new RequestScheduler({ windowMs: 60_000, limit: 300, service: 'DNS' });
    const { transport, delays } = setup({ scheduler });
    const error = await transport
      .request({ method: 'GET', path: '/A/', retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(String(error)).toContain(
      'DNS rate limit: the service answered 429; the next request may go in 3600 s',
    );
    expect(delays).toEqual([]);
  });

  it('reads Retry-After as an HTTP date and caps it', async () => {
    nock(ORIGIN).get('/REST/A/').reply(429, '', { 'Retry-After': 'Mon, 01 Jan 2024 00:00:04 GMT' });
    nock(ORIGIN).get('/REST/A/').reply(429, '', { 'Retry-After': '3600' });
    nock(ORIGIN).get('/REST/A/').reply(200, '');
    const { transport, delays } = setup();
    await transport.request({ method: 'GET', path: '/A/', retryable: 'idempotent' });
    expect(delays).toEqual([4000, 10_000]);
  });

  it('retries 502/503/504 for idempotent requests with jittered exponential backoff', async () => {
    nock(ORIGIN).get('/REST/A/').reply(503, 'busy');
    nock(ORIGIN).get('/REST/A/').reply(504, 'busy');
    nock(ORIGIN).get('/REST/A/').reply(200, { done: 1 });
    const { transport, delays } = setup();
    const res = await transport.request({ method: 'GET', path: '/A/', retryable: 'idempotent' });
    expect(res).toMatchObject({ status: 200, attempts: 3 });
    expect(delays).toEqual([50, 100]);
  });

  it('returns the last response when retries run out', async () => {
    nock(ORIGIN).get('/REST/A/').times(3).reply(502, 'bad gateway');
    const { transport } = setup();
    const res = await transport.request({ method: 'GET', path: '/A/', retryable: 'idempotent' });
    expect(res).toMatchObject({ status: 502, attempts: 3, text: 'bad gateway' });
  });

  it('does not retry a 5xx for a non-idempotent request', async () => {
    nock(ORIGIN).post('/REST/A/').reply(503, 'busy');
    nock(ORIGIN).post('/REST/B/').reply(500, 'oops');
    const { transport, delays } = setup();
    for (const path of ['/A/', '/B/'])
      expect(
        await transport.request({ method: 'POST', path, body: {}, retryable: 'non-idempotent' }),
      ).toMatchObject({ attempts: 1 });
    expect(delays).toEqual([]);
  });

  it('retries a 500 to a read like a 502, and says why it repeated', async () => {
    nock(ORIGIN).get('/REST/B/').reply(500, 'oops');
    nock(ORIGIN).get('/REST/B/').replyWithError(connectionReset());
    nock(ORIGIN).get('/REST/B/').reply(200, { ok: 1 });
    const decisions: unknown[] = [];
    const { transport, delays } = setup({ onDecision: (d) => decisions.push(d) });
    expect(await transport.request({ method: 'GET', path: '/B/', retryable: 'idempotent' })).toMatchObject({
      status: 200,
      attempts: 3,
    });
    expect(delays).toHaveLength(2);
    expect(decisions).toEqual([
      { symptom: 'http-5xx', decision: 'repeated', request: 'GET /REST/B/' },
      { symptom: 'network', decision: 'repeated', request: 'GET /REST/B/' },
    ]);
  });

  it('retries network errors for idempotent requests', async () => {
    nock(ORIGIN).get('/REST/A/').replyWithError(connectionReset());
    nock(ORIGIN).get('/REST/A/').reply(200, {});
    const { transport } = setup();
    expect(await transport.request({ method: 'GET', path: '/A/', retryable: 'idempotent' })).toMatchObject({
      status: 200,
      attempts: 2,
    });
  });

  it('throws a TransportError naming the request when a non-idempotent request hits a network error', async () => {
    nock(ORIGIN).post('/REST/A/').replyWithError(connectionReset());
    const { transport } = setup();
    const error = await transport
      .request({ method: 'POST', path: '/A/', body: {}, retryable: 'non-idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ failure: 'network', method: 'POST', path: '/REST/A/', attempts: 1 });
  });

  it('times out each attempt and reports a timeout after the last one', async () => {
    nock(ORIGIN).get('/REST/slow/').times(2).delay(500).reply(200, {});
    const { transport, delays } = setup({ timeoutMs: 50, retry: { retries: 1 } });
    const error = await transport
      .request({ method: 'GET', path: '/slow/', retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ failure: 'timeout', method: 'GET', path: '/REST/slow/', attempts: 2 });
    expect(delays).toHaveLength(1);
  });

  it('gives a request with a large body more time: 10 ms per KiB over the timeout, in its log line', async () => {
    const rrsets = 'x'.repeat(1024 * 1024);
    // Answered after 300 ms: beyond the 20 ms timeout, well within the 20 ms + 10,240 ms a 1 MiB body gets.
    nock(ORIGIN).post('/REST/big/', { rrsets }).delay(300).reply(201, {});
    const { transport, logs } = setup({ timeoutMs: 20, retry: { retries: 0 } });
    const body = { rrsets };
    const res = await transport.request({ method: 'POST', path: '/big/', body, retryable: 'non-idempotent' });
    expect(res).toMatchObject({ status: 201, attempts: 1 });
    const bytes = Buffer.byteLength(JSON.stringify(body));
    expect(logs.find((line) => line.startsWith('http → POST'))).toContain(
      ` timeout=${20 + Math.ceil(bytes / 1024) * 10}ms `,
    );
  });

  it('gives a request without a body the timeout as configured, in its log line', async () => {
    // A timeout no loaded machine reaches: only the figure in the log line is under test.
    nock(ORIGIN).get('/REST/small/').reply(200, {});
    const { transport, logs } = setup({ timeoutMs: 5_000, retry: { retries: 0 } });
    await transport.request({ method: 'GET', path: '/small/', retryable: 'idempotent' });
    expect(logs.find((line) => line.startsWith('http → GET'))).toContain(' timeout=5000ms ');
  });

  it('adds 10 ms per KiB begun of the body to the timeout', () => {
    expect(attemptTimeoutMs(30_000, 0)).toBe(30_000);
    expect(attemptTimeoutMs(30_000, 1)).toBe(30_010);
    expect(attemptTimeoutMs(30_000, 1024)).toBe(30_010);
    expect(attemptTimeoutMs(30_000, 1025)).toBe(30_020);
    expect(attemptTimeoutMs(30_000, 9 * 1024 * 1024)).toBe(30_000 + 9 * 1024 * 10);
  });

  it('sends nothing for a request whose signal is already aborted', async () => {
    const { transport } = setup();
    const error = await transport
      .request({ method: 'GET', path: '/A/', retryable: 'idempotent', signal: AbortSignal.abort('SIGINT') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toMatchObject({ message: 'GET /REST/A/: stopped (SIGINT)', reason: 'SIGINT' });
  });

  it('abandons an attempt in flight when the signal aborts, and does not retry it', async () => {
    nock(ORIGIN).get('/REST/slow/').delay(2000).reply(200, {});
    const { transport, delays } = setup();
    const stop = new AbortController();
    const pending = transport
      .request({ method: 'GET', path: '/slow/', retryable: 'idempotent', signal: stop.signal })
      .catch((e: unknown) => e);
    setTimeout(() => stop.abort('SIGTERM'), 20);
    expect(await pending).toBeInstanceOf(RequestAbortedError);
    expect(delays).toEqual([]);
  });

  it('stops between attempts when the signal aborts during the backoff', async () => {
    nock(ORIGIN).get('/REST/A/').reply(503, 'busy');
    const stop = new AbortController();
    const { transport } = setup({
      sleep: async () => {
        stop.abort('SIGINT');
      },
    });
    await expect(
      transport.request({ method: 'GET', path: '/A/', retryable: 'idempotent', signal: stop.signal }),
    ).rejects.toBeInstanceOf(RequestAbortedError);
  });

  it('logs one line per request and response with secrets redacted', async () => {
    nock(ORIGIN)
      .post('/REST/Session/')
      .reply(200, { data: { token: 'tok-123' } });
    const { transport, logs } = setup();
    await transport.request({
      method: 'POST',
      path: '/Session/',
      body: { user_name: 'ops', password: 'hunter2' },
      headers: { 'Auth-Token': 'tok-123', Authorization: 'Bearer abc' },
      retryable: 'idempotent',
    });
    expect(logs).toHaveLength(2);
    expect(logs[0]).toContain('POST /REST/Session/ attempt=1');
    expect(logs[0]).toContain('"user_name":"ops"');
    expect(logs[1]).toMatch(/^http ← 200 POST \/REST\/Session\/ \d+ms attempt=1$/);
    const all = logs.join('\n');
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain('tok-123');
    expect(all).not.toContain('Bearer abc');
  });

  it('builds no request line for a logger that keeps no debug lines', async () => {
    nock(ORIGIN).post('/REST/Session/').reply(200, {});
    const lines: string[] = [];
    const { transport } = setup({
      logger: { debugs: false, debug: (line) => lines.push(line), info: () => {}, warn: () => {} },
    });
    await transport.request({ method: 'POST', path: '/Session/', body: { a: 1 }, retryable: 'idempotent' });
    expect(lines.filter((line) => line.startsWith('http →'))).toEqual([]);
    expect(lines).toEqual([expect.stringMatching(/^http ← 200 POST \/REST\/Session\/ /)]);
  });
});
