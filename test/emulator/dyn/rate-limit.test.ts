import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../support/fake-clock.js';
import { DEMO, type Harness, startHarness } from '../helpers.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('DNS rate limit', () => {
  it('is off by default, and then announces nothing', async () => {
    harness = await startHarness();
    for (let i = 0; i < 20; i++) expect((await harness.call('GET', '/Zone/')).status).toBe(400);
    const answer = await fetch(`${harness.url}/Zone/`);
    expect([...answer.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('announces its limit on every DNS answer when on: X-RateLimit-Limit, -Remaining and -Reset', async () => {
    const clock = fakeClock(1_000_000);
    harness = await startHarness({ now: clock.now, dnsRateLimit: { limit: 3, windowMs: 60_000 } });
    const rate = async (path: string) => {
      const answer = await fetch(`${harness?.url}${path}`);
      await answer.arrayBuffer();
      return [
        answer.status,
        ...['limit', 'remaining', 'reset'].map((h) => answer.headers.get(`x-ratelimit-${h}`)),
      ];
    };
    // Counted whatever the answer (here 400: no session), the window starting at the first request.
    expect(await rate('/Zone/')).toEqual([400, '3', '2', '60']);
    clock.advance(10_500);
    expect(await rate('/Nope/')).toEqual([404, '3', '1', '50']);
    expect(await rate('/Zone/')).toEqual([400, '3', '0', '50']);
    clock.advance(20_000);
    expect(await rate('/Zone/')).toEqual([429, '3', '0', '30']);
    clock.advance(29_500);
    expect(await rate('/Zone/')).toEqual([400, '3', '2', '60']);
  });

  it('answers 429 RATE_LIMIT_EXCEEDED with Retry-After to the whole account until the window ends', async () => {
    const clock = fakeClock(1_000_000);
    harness = await startHarness({ now: clock.now, dnsRateLimit: { limit: 3, windowMs: 60_000 } });
    const token = await harness.login();
    expect((await harness.call('GET', '/Zone/', { token })).status).toBe(200);
    expect((await harness.call('GET', '/Zone/', { token })).status).toBe(200);
    const refused = await fetch(`${harness.url}/Session/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({
      status: 'failure',
      msgs: [{ ERR_CD: 'RATE_LIMIT_EXCEEDED', LVL: 'ERROR' }],
    });
    clock.advance(59_000);
    const still = await harness.call('GET', '/Zone/', { token });
    expect(still.status).toBe(429);
    clock.advance(1_000);
    expect((await harness.call('GET', '/Zone/', { token })).status).toBe(200);
  });
});

describe('admin endpoint', () => {
  it('is served only when asked for, and counts requests by endpoint and status', async () => {
    harness = await startHarness();
    expect((await fetch(`${harness.url.replace('/REST', '')}/_emulator/requests`)).status).toBe(404);
    await harness.close();

    harness = await startHarness({ admin: true });
    const origin = harness.url.replace('/REST', '');
    const token = await harness.login();
    await harness.call('GET', '/Zone/', { token });
    await harness.call('GET', '/Nope/', { token });
    const counts = await (await fetch(`${origin}/_emulator/requests`)).json();
    expect(counts).toEqual({
      total: 3,
      byEndpoint: { 'POST /REST/Session': 1, 'GET /REST/Zone': 1, 'GET /REST/Nope': 1 },
      byStatus: { 200: 2, 404: 1 },
    });
    expect((await fetch(`${origin}/_emulator/requests`, { method: 'DELETE' })).status).toBe(200);
    expect(harness.emulator.requestLog.count()).toBe(0);
    const figures = await (await fetch(`${origin}/_emulator/process`)).json();
    expect(figures).toEqual({ cpuMs: expect.any(Number), maxRssMb: expect.any(Number) });
  });
});
