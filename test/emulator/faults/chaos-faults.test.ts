/**
 * Fault injection in the emulator: each kind, switched on alone at rate 1, gives the documented
 * wire behaviour; the same seed gives the same faults; the `edgeplan emulator` flags set them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { faultOptionsOf } from '../../../src/cli/sandbox/emulator-faults.js';
import type { ChaosOptions, FaultKind } from '../../../src/emulator/index.js';
import { cli } from '../../support/cli.js';
import { type RunningEmulator, startEmulator } from '../../support/emulator.js';

const open: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});

async function start(kind: FaultKind | null, extra: ChaosOptions = {}) {
  const running = await startEmulator({
    chaos: { seed: 1, hangMs: 300, jobMs: 150, ...extra, rates: kind ? { [kind]: 1 } : extra.rates },
    seed: {
      dns: { zones: { 'a.test': { records: [] } } },
      waf: { webapps: [{ name: 'shop', enabled_bots: [] }] },
    },
    waf: { changes: { pendingMs: 0, runMs: 0 } },
  });
  open.push(running);
  const { emulator, url, wafUrl } = running;
  emulator.chaos.setEnabled(false);
  const login = await post(`${url}/Session/`, { customer_name: 'demo', user_name: 'demo', password: 'demo' });
  const token = (login.body as unknown as { data: { token: string } }).data.token;
  emulator.chaos.setEnabled(true);
  const dns = (method: string, path: string, body?: unknown) =>
    send(`${url}${path}`, method, body, { 'Auth-Token': token });
  return { emulator, url, wafUrl, dns };
}

async function send(url: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 't/1', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(2000),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return {
    status: res.status,
    headers: res.headers,
    body: parsed as Record<string, unknown> & { msgs: { INFO: string }[] },
  };
}
const post = (url: string, body: unknown) => send(url, 'POST', body);
const add = { rdata: { address: '192.0.2.1' }, ttl: 60 };

describe('DNS faults', () => {
  it('error-5xx answers 500/502/503/504 and the request may or may not have been processed', async () => {
    const { dns } = await start('error-5xx');
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) statuses.add((await dns('GET', '/Zone/')).status);
    expect([...statuses].every((s) => [500, 502, 503, 504].includes(s))).toBe(true);
    expect(statuses.size).toBeGreaterThan(1);
  });

  it('reset destroys the connection; timeout answers nothing until the client gives up', async () => {
    const reset = await start('reset');
    await expect(reset.dns('GET', '/Zone/')).rejects.toThrow();
    const slow = await start('timeout', { hangMs: 5000 });
    const started = Date.now();
    await expect(
      fetch(`${slow.url}/Zone/`, { signal: AbortSignal.timeout(200), headers: { 'Auth-Token': 'x' } }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  // The job's length is real time: the running job is looked at under a long one, so a slow machine cannot see it
  // end first, and the finished one under a short one, waited out.
  it('job-307: 307 to /REST/Job/<id>/, incomplete while it runs, and the session busy meanwhile', async () => {
    const { emulator, dns } = await start('job-307', { jobMs: 60_000 });
    const first = await dns('POST', '/ARecord/a.test/www.a.test/', add);
    expect(first.status).toBe(307);
    const location = first.headers.get('location') as string;
    expect(location).toMatch(/^\/REST\/Job\/\d+\/$/);
    emulator.chaos.setEnabled(false);
    const running = await dns('GET', location.slice('/REST'.length));
    expect(running.body).toMatchObject({ status: 'incomplete', data: null });
    expect((await dns('GET', '/Zone/')).body.msgs[0]?.INFO).toContain('already has a job running');
  });

  it('job-307: once the job has run, its path answers the original result with its job id', async () => {
    const { emulator, dns } = await start('job-307');
    const first = await dns('POST', '/ARecord/a.test/www.a.test/', add);
    emulator.chaos.setEnabled(false);
    const jobPath = (first.headers.get('location') as string).slice('/REST'.length);
    await new Promise((r) => setTimeout(r, 160));
    const done = await dns('GET', jobPath);
    expect(done.body).toMatchObject({ status: 'success', job_id: Number(jobPath.split('/')[2]) });
    expect(done.body.msgs[0]?.INFO).toBe('add: Record added');
  });

  it('job-incomplete: 200 with status incomplete and the job id', async () => {
    const { dns } = await start('job-incomplete');
    const first = await dns('GET', '/Zone/');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'incomplete', data: null });
    expect(typeof first.body.job_id).toBe('number');
  });

  it("job-running, task-blocked and session-expired answer the service's own failures", async () => {
    const running = await start('job-running');
    expect((await running.dns('GET', '/Zone/')).body).toMatchObject({ status: 'running' });
    const blocked = await start('task-blocked');
    const refused = await blocked.dns('POST', '/ARecord/a.test/www.a.test/', add);
    expect(refused.status).toBe(400);
    expect(refused.body.msgs.map((m) => m.INFO)).toEqual([
      'zone: Operation blocked by current task',
      'task_name: ProvisionZone',
      expect.stringMatching(/^task_id: \d+$/),
    ]);
    const expired = await start('session-expired');
    expired.emulator.chaos.setEnabled(false);
    await expired.dns('POST', '/ARecord/a.test/www.a.test/', add);
    expect(expired.emulator.chaos.pendingChanges()).toEqual([{ zone: 'a.test', changes: 1 }]);
    expired.emulator.chaos.setEnabled(true);
    const answer = await expired.dns('PUT', '/Zone/a.test/', { publish: true });
    expect(answer.body.msgs[0]?.INFO).toBe('login: inactivity logout');
    expect(expired.emulator.chaos.pendingChanges()).toEqual([]);
    expect(expired.emulator.chaos.publishes).toEqual([]);
  });
});

describe('WAF faults', () => {
  async function token(wafUrl: string): Promise<string> {
    const origin = new URL(wafUrl).origin;
    const res = await post(`${origin}/api/oauth/token`, { client_id: 'demo', client_secret: 'demo' });
    return String(res.body.access_token);
  }

  it('waf-token-expired: the bearer token expires before the request (401 "expired")', async () => {
    const { emulator, wafUrl } = await start('waf-token-expired');
    emulator.chaos.setEnabled(false);
    const auth = { Authorization: `Bearer ${await token(wafUrl)}` };
    emulator.chaos.setEnabled(true);
    const res = await send(`${wafUrl}/company/webapps`, 'GET', undefined, auth);
    expect(res.status).toBe(401);
    expect(res.body.error_description).toBe('The access token expired');
  });

  it('waf-429: 429 with Retry-After and the rate-limit headers; waf-change-failed: the change ends failed', async () => {
    const limited = await start('waf-429', { retryAfterSeconds: 2 });
    const res = await send(`${limited.wafUrl}/company/webapps`, 'GET', undefined);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');

    const failing = await start('waf-change-failed');
    const auth = { Authorization: `Bearer ${await token(failing.wafUrl)}` };
    const apps = await send(`${failing.wafUrl}/company/webapps`, 'GET', undefined, auth);
    const id = (apps.body as unknown as { id: string }[])[0]?.id;
    const bots = await send(`${failing.wafUrl}/webapps/${id}/good_bots`, 'GET', undefined, auth);
    const bot = (bots.body as unknown as { id: string }[])[0]?.id;
    const put = await send(
      `${failing.wafUrl}/webapps/${id}/good_bots`,
      'PUT',
      [{ id: bot, enabled: true }],
      auth,
    );
    expect(put.status).toBe(202);
    const change = await send(
      `${failing.wafUrl}/webapps/${id}/changes/${put.body.change_id}`,
      'GET',
      undefined,
      auth,
    );
    expect(change.body.status).toBe('failed');
    expect(failing.emulator.chaos.stats().faults['waf-change-failed']).toBe(1);
  });
});

describe('seeds and flags', () => {
  it('the same seed injects the same faults into the same requests; another seed differs', async () => {
    const run = async (seed: number) => {
      const { dns } = await start(null, { seed, rates: { 'error-5xx': 0.5 } });
      const out: number[] = [];
      for (let i = 0; i < 16; i++) out.push((await dns('GET', '/Zone/')).status);
      return out.join(',');
    };
    expect(await run(7)).toBe(await run(7));
    expect(await run(7)).not.toBe(await run(8));
  });

  it('edgeplan emulator flags become fault options, and bad values are refused', async () => {
    expect(
      faultOptionsOf({
        latency: 20,
        jitter: 10,
        errorRate: 0.02,
        seedRandom: 42,
        sessionIdle: 5,
        wafChangeFailedRate: 0.1,
        dnsRateLimit: 300,
        dnsRateWindow: 60,
      } as never),
    ).toEqual({
      chaos: {
        seed: 42,
        latencyMs: 20,
        jitterMs: 10,
        rates: { 'error-5xx': 0.02, 'waf-change-failed': 0.1 },
      },
      sessionIdleMs: 5000,
      dnsRateLimit: { limit: 300, windowMs: 60_000 },
    });
    const bad = await cli(['emulator', '--error-rate', '2']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('expected a probability 0–1');
  });
});
