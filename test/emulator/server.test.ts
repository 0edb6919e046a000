import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './helpers.js';
import { SEED, startHarness } from './helpers.js';

let h: Harness;
afterEach(async () => h?.close());

describe('HTTP surface', () => {
  it('answers unknown resources with 404 and unsupported methods with 405, as envelopes', async () => {
    h = await startHarness();
    const token = await h.login();
    const unknown = await h.call('GET', '/Nope/', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.contentType).toBe('application/json');
    expect(unknown.body).toMatchObject({ status: 'failure', msgs: [{ ERR_CD: 'NOT_FOUND', LVL: 'ERROR' }] });
    expect(Number.isInteger(unknown.body.job_id)).toBe(true);
    const method = await h.call('PATCH', '/Zone/', { token });
    expect(method.status).toBe(405);
    expect(method.body.msgs[0]?.ERR_CD).toBe('ILLEGAL_OPERATION');
    const outside = await fetch(h.url.replace('/REST', '/elsewhere'));
    expect(outside.status).toBe(404);
    expect(((await outside.json()) as { status: string }).status).toBe('failure');
  });

  it('answers malformed JSON with 400 INVALID_REQUEST', async () => {
    h = await startHarness();
    const reply = await h.call('POST', '/Session/', { raw: '{"customer_name": ' });
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe('failure');
    expect(reply.body.msgs[0]).toMatchObject({ ERR_CD: 'INVALID_REQUEST', LVL: 'ERROR' });
    expect(reply.body.msgs[0]?.INFO).toMatch(/^request: Malformed JSON body/);
  });

  it('answers unknown jobs with 404 in the envelope', async () => {
    h = await startHarness();
    const token = await h.login();
    const reply = await h.call('GET', '/Job/123456/', { token });
    expect(reply.status).toBe(404);
    expect(reply.body.msgs[0]?.ERR_CD).toBe('NOT_FOUND');
  });

  it('logs every request with its normalised path and status', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    await h.call('POST', '/ARecord/example.com/www.example.com./', {
      token,
      body: { rdata: { address: '192.0.2.99' }, ttl: 300 },
    });
    await h.call('GET', '/ARecord/example.com/www.example.com', { token });
    await h.call('GET', '/Zone/nope.test', { token });
    const log = h.emulator.requestLog;
    expect(log.count()).toBe(4);
    expect(log.count({ method: 'GET' })).toBe(2);
    expect(log.count({ status: 404 })).toBe(1);
    expect(log.count({ path: /^\/REST\/ARecord\// })).toBe(2);
    expect(log.entries[1]).toEqual({
      method: 'POST',
      path: '/REST/ARecord/example.com/www.example.com/',
      status: 200,
    });
    expect(log.byEndpoint()).toEqual({
      'POST /REST/Session': 1,
      'POST /REST/ARecord': 1,
      'GET /REST/ARecord': 1,
      'GET /REST/Zone': 1,
    });
    log.clear();
    expect(log.count()).toBe(0);
  });

  it('injects faults after N matching requests, for N times, without touching state', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const rule = h.emulator.faults.add({
      method: 'POST',
      pathPattern: /^\/REST\/ARecord\//,
      after: 1,
      times: 2,
    });
    const post = (address: string) =>
      h.call('POST', '/ARecord/example.com/f.example.com/', {
        token,
        body: { rdata: { address }, ttl: 300 },
      });
    expect((await post('192.0.2.1')).status).toBe(200);
    const failed = await post('192.0.2.2');
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({
      status: 'failure',
      data: {},
      msgs: [{ INFO: 'fault: Injected failure', ERR_CD: 'INTERNAL_ERROR', LVL: 'ERROR' }],
    });
    expect((await post('192.0.2.3')).status).toBe(500);
    expect((await post('192.0.2.4')).status).toBe(200);
    expect(rule.hits).toBe(2);
    const pending = await h.call('GET', '/ZoneChanges/example.com/', { token });
    expect(pending.body.data).toHaveLength(2);

    h.emulator.faults.add({ pathPattern: /^\/REST\/Zone\//, status: 429, info: 'too: many' });
    const limited = await h.call('GET', '/Zone/', { token });
    expect(limited.status).toBe(429);
    expect(limited.body.msgs[0]).toMatchObject({ ERR_CD: 'RATE_LIMIT_EXCEEDED', INFO: 'too: many' });
    expect(h.emulator.requestLog.count({ status: 429 })).toBe(1);
    h.emulator.faults.clear();
    expect((await h.call('GET', '/Zone/', { token })).status).toBe(200);
  });
});
