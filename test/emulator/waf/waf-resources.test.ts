import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../src/emulator/index.js';
import { closeStartedEmulators, startEmulator } from '../../support/emulator.js';
import { SEED, SHOP_ID, startWaf, type WafHarness } from './helpers.js';

let h: WafHarness;
// Whatever a test started, closed after it (no test relies on another having assigned `h`).
afterEach(closeStartedEmulators);

const GOOGLE = '1'.repeat(32);
const BING = '2'.repeat(32);
const AHREFS = '4'.repeat(32);

async function enabledBots(token: string): Promise<string[]> {
  const res = await h.call('GET', `/api/v3/webapps/${SHOP_ID}/good_bots`, { token });
  return (res.body as { name: string; enabled: boolean }[]).filter((b) => b.enabled).map((b) => b.name);
}

describe('WAF emulator: webapps paging', () => {
  it('pages with 206 while rows remain, 200 on the last page, Link and X-Total-Count; per_page clamped to 100', async () => {
    const webapps = Array.from({ length: 5 }, (_, i) => ({
      name: `app-${i}`,
      created_at: `2025-01-0${i + 1}T00:00:00Z`,
    }));
    h = await startWaf({ waf: { webapps } });
    const token = await h.token();
    const first = await h.call('GET', '/api/v3/company/webapps?page=1&per_page=2', { token });
    expect(first.status).toBe(206);
    expect((first.body as { name: string }[]).map((w) => w.name)).toEqual(['app-0', 'app-1']);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.headers.link).toContain('page=2&per_page=2>; rel="next"');
    expect(first.headers.link).toContain('page=3&per_page=2>; rel="last"');
    const last = await h.call('GET', '/api/v3/company/webapps?page=3&per_page=2', { token });
    expect(last.status).toBe(200);
    expect((last.body as unknown[]).length).toBe(1);
    expect(last.headers.link).not.toContain('rel="next"');
    const byBody = await h.call('GET', '/api/v3/company/webapps', { token, body: { page: 2, per_page: 2 } });
    expect((byBody.body as { name: string }[]).map((w) => w.name)).toEqual(['app-2', 'app-3']);
    const big = await h.call('GET', '/api/v3/company/webapps?per_page=500', { token });
    expect(big.status).toBe(200);
    expect(big.headers.link).toContain('per_page=100');
    const bad = await h.call('GET', '/api/v3/company/webapps?page=0', { token });
    expect(bad).toMatchObject({
      status: 422,
      body: { error: 'validation_failed', errors: { page: ['must be a positive integer'] } },
    });
  });

  it('lists a webapp with its id, name, domain, environment and status', async () => {
    h = await startWaf();
    const res = await h.call('GET', '/api/v3/company/webapps', { token: await h.token() });
    expect(res.body).toEqual([
      expect.objectContaining({
        id: SHOP_ID,
        name: 'shop',
        domain: 'shop.example.com',
        environment: 'production',
        status: 'active',
      }),
    ]);
  });
});

describe('WAF emulator: good bots', () => {
  it('single PUT: 202 with a change when the value changes, 200 with the bot when it already is', async () => {
    h = await startWaf();
    const token = await h.token();
    const changed = await h.call('PUT', `/api/v3/webapps/${SHOP_ID}/good_bots/${BING}`, {
      token,
      body: { enabled: true },
    });
    expect(changed).toMatchObject({
      status: 202,
      body: { change_id: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'pending' },
    });
    const same = await h.call('PUT', `/api/v3/webapps/${SHOP_ID}/good_bots/${GOOGLE}`, {
      token,
      body: { enabled: true },
    });
    expect(same).toMatchObject({ status: 200, body: { id: GOOGLE, name: 'Googlebot', enabled: true } });
    expect(await enabledBots(token)).toEqual(['Googlebot', 'Bingbot', 'AhrefsBot']);
  });

  it('bulk PUT is a partial update by id: 202 when something differs, 200 with the list when nothing does', async () => {
    h = await startWaf();
    const token = await h.token();
    const body = [
      { id: BING, enabled: true },
      { id: AHREFS, enabled: false },
    ];
    const res = await h.call('PUT', `/api/v3/webapps/${SHOP_ID}/good_bots`, { token, body });
    expect(res.status).toBe(202);
    expect(await enabledBots(token)).toEqual(['Googlebot', 'Bingbot']);
    const again = await h.call('PUT', `/api/v3/webapps/${SHOP_ID}/good_bots`, { token, body });
    expect(again.status).toBe(200);
    expect((again.body as unknown[]).length).toBe(4);
  });

  it('answers 404 for an unknown webapp or bot, 405 for POST and DELETE, 422 for bad bodies', async () => {
    h = await startWaf();
    const token = await h.token();
    const put = (path: string, body: unknown) => h.call('PUT', `/api/v3/webapps/${path}`, { token, body });
    expect(await put(`${'f'.repeat(32)}/good_bots`, [])).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
    expect(await put(`${SHOP_ID}/good_bots/${'e'.repeat(32)}`, { enabled: true })).toMatchObject({
      status: 404,
    });
    expect(await put(`${SHOP_ID}/good_bots`, [{ id: 'e'.repeat(32), enabled: true }])).toMatchObject({
      status: 404,
    });
    for (const method of ['POST', 'DELETE']) {
      const res = await h.call(method, `/api/v3/webapps/${SHOP_ID}/good_bots`, { token });
      expect(res).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
    }
    expect(await put(`${SHOP_ID}/good_bots/${BING}`, { enabled: 'yes', colour: 1 })).toMatchObject({
      status: 422,
      body: {
        error: 'validation_failed',
        errors: { enabled: ['must be true or false'], colour: ['is not a known field'] },
      },
    });
    expect(await put(`${SHOP_ID}/good_bots/${BING}`, {})).toMatchObject({
      status: 422,
      body: { errors: { enabled: ['is missing'] } },
    });
    const bulk = await put(`${SHOP_ID}/good_bots`, [
      { id: BING, enabled: true },
      { id: BING, enabled: false },
      { enabled: true },
    ]);
    expect(bulk).toMatchObject({
      status: 422,
      body: { errors: { '[1].id': ['is listed twice'], '[2].id': ['is missing'] } },
    });
    expect(await put(`${SHOP_ID}/good_bots`, { id: BING })).toMatchObject({ status: 422 });
    expect(await enabledBots(token)).toEqual(['Googlebot', 'AhrefsBot']);
  });
});

describe('WAF emulator: changes', () => {
  it('move pending → in_progress → finished on the clock, FIFO per webapp', async () => {
    h = await startWaf(SEED, { changes: { pendingMs: 1000, runMs: 2000 } });
    const token = await h.token();
    const put = async (id: string, enabled: boolean) =>
      (
        (await h.call('PUT', `/api/v3/webapps/${SHOP_ID}/good_bots/${id}`, { token, body: { enabled } }))
          .body as { change_id: string }
      ).change_id;
    const status = async (change: string) =>
      (
        (await h.call('GET', `/api/v3/webapps/${SHOP_ID}/changes/${change}`, { token })).body as {
          status: string;
        }
      ).status;
    const a = await put(BING, true);
    const b = await put(AHREFS, false);
    expect([await status(a), await status(b)]).toEqual(['pending', 'pending']);
    h.clock.advance(1000);
    expect([await status(a), await status(b)]).toEqual(['in_progress', 'pending']);
    h.clock.advance(2000);
    expect([await status(a), await status(b)]).toEqual(['finished', 'in_progress']);
    h.clock.advance(2000);
    const done = await h.call('GET', `/api/v3/webapps/${SHOP_ID}/changes/${b}`, { token });
    expect(done.body).toEqual({
      change_id: b,
      webapp_id: SHOP_ID,
      status: 'finished',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:05.000Z',
      errors: [],
    });
    expect(
      (await h.call('GET', `/api/v3/webapps/${SHOP_ID}/changes/${'0'.repeat(32)}`, { token })).status,
    ).toBe(404);
  });

  it('an injected failure ends as failed with errors and puts the bots back', async () => {
    h = await startWaf(SEED, { changes: { pendingMs: 0, runMs: 100 } });
    h.emulator.waf.failNextChanges(1, SHOP_ID);
    const token = await h.token();
    const res = await h.call('PUT', `/api/v3/webapps/${SHOP_ID}/good_bots`, {
      token,
      body: [{ id: BING, enabled: true }],
    });
    const { change_id } = res.body as { change_id: string };
    expect(await enabledBots(token)).toEqual(['Googlebot', 'Bingbot', 'AhrefsBot']);
    h.clock.advance(100);
    const change = await h.call('GET', `/api/v3/webapps/${SHOP_ID}/changes/${change_id}`, { token });
    expect(change.body).toMatchObject({ status: 'failed', errors: [{ code: 'change_failed' }] });
    expect(await enabledBots(token)).toEqual(['Googlebot', 'AhrefsBot']);
  });

  it('with applyOnFinish, GET shows the requested state only once the change finished', async () => {
    h = await startWaf(SEED, { changes: { pendingMs: 0, runMs: 100, applyOnFinish: true } });
    const token = await h.token();
    await h.call('PUT', `/api/v3/webapps/${SHOP_ID}/good_bots`, {
      token,
      body: [{ id: BING, enabled: true }],
    });
    expect(await enabledBots(token)).toEqual(['Googlebot', 'AhrefsBot']);
    h.clock.advance(100);
    expect(await enabledBots(token)).toEqual(['Googlebot', 'Bingbot', 'AhrefsBot']);
  });
});

describe('WAF emulator: state file', () => {
  it('keeps the webapps, their bots and the catalogue across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-waf-state-'));
    try {
      const statePath = join(dir, 'state.json');
      const first = await startEmulator({ seed: SEED, statePath });
      const { wafUrl } = first;
      const origin = new URL(wafUrl).origin;
      const tokenRes = await fetch(`${origin}/api/oauth/token?client_id=demo&client_secret=demo`, {
        method: 'POST',
      });
      const { access_token } = (await tokenRes.json()) as { access_token: string };
      const put = await fetch(`${wafUrl}/webapps/${SHOP_ID}/good_bots`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify([{ id: BING, enabled: true }]),
      });
      expect(put.status).toBe(202);
      await first.close();
      const second = await startEmulator({ statePath });
      expect(second.emulator.snapshot().waf?.webapps).toEqual([
        expect.objectContaining({ id: SHOP_ID, enabled_bots: ['Googlebot', 'Bingbot', 'AhrefsBot'] }),
      ]);
      expect(second.emulator.snapshot().waf?.bots).toHaveLength(4);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a seed whose webapp enables a bot outside the catalogue', () => {
    expect(() =>
      createEmulator({
        seed: {
          waf: { bots: [{ name: 'Googlebot' }], webapps: [{ name: 'x', enabled_bots: ['Gooblebot'] }] },
        },
      }),
    ).toThrow('waf.webapps[0].enabled_bots: Gooblebot is not in the bot catalogue');
  });
});

describe('WAF emulator: access and long lists', () => {
  it('answers 403 on every call of a webapp the client may not access; it is still listed', async () => {
    const webapps = [...(SEED.waf?.webapps ?? []), { id: 'b'.repeat(32), name: 'secret', forbidden: true }];
    h = await startWaf({ waf: { ...SEED.waf, webapps } });
    const token = await h.token();
    const listed = await h.call('GET', '/api/v3/company/webapps', { token });
    expect((listed.body as { name: string }[]).map((w) => w.name)).toEqual(['shop', 'secret']);
    expect(listed.body).toEqual([expect.not.objectContaining({ forbidden: true }), expect.anything()]);
    for (const [method, path, body] of [
      ['GET', 'good_bots', undefined],
      ['PUT', 'good_bots', [{ id: GOOGLE, enabled: true }]],
      ['PUT', `good_bots/${GOOGLE}`, { enabled: true }],
    ] as const) {
      const res = await h.call(method, `/api/v3/webapps/${'b'.repeat(32)}/${path}`, { token, body });
      expect([res.status, res.body]).toEqual([
        403,
        { error: 'forbidden', error_description: `You are not allowed to access webapp ${'b'.repeat(32)}` },
      ]);
    }
    expect(h.emulator.snapshot().waf?.webapps?.[1]).toMatchObject({ name: 'secret', forbidden: true });
  });

  it('pages good_bots like the webapp list: 206 while rows remain, 200 on the last page', async () => {
    h = await startWaf();
    const token = await h.token();
    const first = await h.call('GET', `/api/v3/webapps/${SHOP_ID}/good_bots?page=1&per_page=3`, { token });
    expect([first.status, (first.body as unknown[]).length]).toEqual([206, 3]);
    expect(first.headers['x-total-count']).toBe('4');
    const last = await h.call('GET', `/api/v3/webapps/${SHOP_ID}/good_bots?page=2&per_page=3`, { token });
    expect([last.status, (last.body as { name: string }[]).map((b) => b.name)]).toEqual([200, ['AhrefsBot']]);
  });
});
