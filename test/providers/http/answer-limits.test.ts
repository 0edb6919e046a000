import { Readable } from 'node:stream';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { answerKind } from '../../../src/providers/dyn/session/client.js';
import { ResponseTooLargeError } from '../../../src/providers/http/errors.js';
import { ANSWER_LIMITS, createHttpTransport } from '../../../src/providers/http/transport.js';
import { answerKind as pdnsAnswerKind } from '../../../src/providers/pdns/client.js';
import { useNockGuard } from '../helpers/nock-guard.js';

/** Answers too large to hold: a hostile or broken server streams more than any account has. */
const ORIGIN = 'https://api.test';
useNockGuard();

const transports: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

function transport() {
  const created = createHttpTransport({
    baseUrl: `${ORIGIN}/REST`,
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    sleep: async () => {},
  });
  transports.push(created);
  return created;
}

/** `bytes` of JSON string content in 1 MiB chunks, without a Content-Length. */
function streamed(bytes: number): Readable {
  const chunk = 'x'.repeat(1024 * 1024);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const part = chunk.slice(0, Math.min(left, chunk.length));
      left -= part.length;
      this.push(part);
    },
  });
}

describe('answer size limits', () => {
  it('stops reading an object answer beyond its limit, once, naming the request and the limit', async () => {
    nock(ORIGIN)
      .get('/REST/Zone/example.com/')
      .reply(200, () => streamed(ANSWER_LIMITS.object + 1024 * 1024));
    const request = transport().request({
      method: 'GET',
      path: '/Zone/example.com/',
      retryable: 'idempotent',
    });
    await expect(request).rejects.toThrow(ResponseTooLargeError);
    await expect(request).rejects.toThrow(
      'GET /REST/Zone/example.com/: the answer is larger than 8 MB, the limit for an answer of kind "object"',
    );
  });

  it('refuses a declared Content-Length beyond the limit before reading the body', async () => {
    nock(ORIGIN)
      .get('/REST/Geo/')
      .reply(200, '[]', { 'Content-Length': String(ANSWER_LIMITS.list + 1) });
    const request = transport().request({
      method: 'GET',
      path: '/Geo/',
      retryable: 'idempotent',
      answer: 'list',
    });
    await expect(request).rejects.toThrow('the limit for an answer of kind "list"');
  });

  it("reads a zone's records beyond the object limit", async () => {
    const size = ANSWER_LIMITS.object + 1024 * 1024;
    nock(ORIGIN)
      .get('/REST/AllRecord/example.com/')
      .reply(200, () => streamed(size));
    const res = await transport().request({
      method: 'GET',
      path: '/AllRecord/example.com/',
      retryable: 'idempotent',
      answer: 'records',
    });
    expect(res.text.length).toBe(size);
  });

  it('gives each Dyn path the kind of its answer', () => {
    expect(answerKind('/REST/AllRecord/example.com/?detail=Y')).toBe('records');
    expect(answerKind('/ZoneChanges/example.com/')).toBe('records');
    expect(answerKind('/Zone/?detail=Y')).toBe('list');
    expect(answerKind('/Secondary/?detail=Y')).toBe('list');
    expect(answerKind('/Geo/')).toBe('list');
    expect(answerKind('/Zone/example.com/')).toBe('object');
    expect(answerKind('/Geo/Global%20Web/')).toBe('object');
    expect(answerKind('/Session/')).toBe('object');
  });
});

describe('PowerDNS answer kinds', () => {
  it('gives a zone (every record set) and the zone list their kinds', () => {
    expect(pdnsAnswerKind('/servers/localhost/zones/example.com.')).toBe('records');
    expect(pdnsAnswerKind('/servers/localhost/zones/example.com.?rrsets=true')).toBe('records');
    expect(pdnsAnswerKind('/servers/localhost/zones')).toBe('list');
    expect(pdnsAnswerKind('/servers/localhost')).toBe('object');
  });
});
