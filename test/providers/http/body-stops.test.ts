import { Readable } from 'node:stream';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestAbortedError, TransportError } from '../../../src/providers/http/errors.js';
import { createHttpTransport } from '../../../src/providers/http/transport.js';
import { useNockGuard } from '../helpers/nock-guard.js';

/** What ends an attempt after its headers are in: the timeout, the caller's signal, a broken body. */
const ORIGIN = 'https://api.test';
useNockGuard();

const transports: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

function transport(timeoutMs = 30_000) {
  const created = createHttpTransport({
    baseUrl: `${ORIGIN}/REST`,
    timeoutMs,
    retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    sleep: async () => {},
  });
  transports.push(created);
  return created;
}

/** A body that sends its first part, then nothing more until destroyed. */
function stalled(): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) this.push('{"data":');
      sent = true;
    },
  });
}

/** A body that sends its first part, then fails. */
function broken(): Readable {
  let step = 0;
  return new Readable({
    read() {
      step++;
      if (step === 1) this.push('{"data":');
      else this.destroy(new Error('connection lost'));
    },
  });
}

describe('an attempt stopped while its body is read', () => {
  it('times out a body that stops coming, repeats a read, and names it after the last attempt', async () => {
    nock(ORIGIN).get('/REST/Zone/').times(2).reply(200, stalled);
    const error = await transport(50)
      .request({ method: 'GET', path: '/Zone/', retryable: 'idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'timeout', method: 'GET', path: '/REST/Zone/', attempts: 2 });
    expect((error as Error).message).toContain('no answer within 50 ms');
  });

  it('abandons the body when the signal aborts, and does not repeat the request', async () => {
    nock(ORIGIN).get('/REST/Zone/').reply(200, stalled);
    const stop = new AbortController();
    const pending = transport()
      .request({ method: 'GET', path: '/Zone/', retryable: 'idempotent', signal: stop.signal })
      .catch((e: unknown) => e);
    setTimeout(() => stop.abort('SIGINT'), 20);
    const error = await pending;
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toMatchObject({ path: '/REST/Zone/', reason: 'SIGINT' });
  });

  it('takes a body broken midway as a network failure: a write is not repeated', async () => {
    nock(ORIGIN).post('/REST/Zone/').reply(200, broken);
    const error = await transport()
      .request({ method: 'POST', path: '/Zone/', body: {}, retryable: 'non-idempotent' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'network', method: 'POST', path: '/REST/Zone/', attempts: 1 });
  });
});
