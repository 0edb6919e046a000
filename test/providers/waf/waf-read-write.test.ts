import { describe, expect, it } from 'vitest';
import { WafChangeFailedError, WafForbiddenError, WafVerifyError } from '../../../src/providers/waf/index.js';
import { connectionReset, useNockGuard } from '../helpers/nock-guard.js';
import { api, BOT, BULK, bots, CHANGE, mockToken, OP, rate, testProvider, WEBAPP } from './waf-fixtures.js';

useNockGuard();

const page = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({
    id: (from + i).toString(16).padStart(32, '0'),
    name: `app-${from + i}`,
  }));

describe('WAF read', () => {
  it('pages until a short page, resolves refs by id or name (case-insensitively), reads only desired webapps', async () => {
    mockToken();
    api('get', '/company/webapps?page=1&per_page=100').reply(
      206,
      [...page(0, 99), { id: WEBAPP, name: 'Shop' }],
      {
        ...rate(498),
        'X-Total-Count': '150',
      },
    );
    api('get', '/company/webapps?page=2&per_page=100').reply(200, page(100, 150), {
      ...rate(497),
      'X-Total-Count': '150',
    });
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ google: true }),
      rate(496),
    );
    api('get', `/webapps/${'0'.repeat(30)}05/good_bots?page=1&per_page=100`).reply(200, bots({}), rate(495));
    const { provider } = testProvider();
    const live = await provider.readWaf(['shop', `${'0'.repeat(30)}05`, 'missing', WEBAPP.toUpperCase()]);
    expect(live.webapps.shop).toEqual({
      id: WEBAPP,
      name: 'Shop',
      bots: [
        { id: BOT.ahrefs, name: 'AhrefsBot', enabled: false },
        { id: BOT.bing, name: 'Bingbot', enabled: false },
        { id: BOT.google, name: 'Googlebot', enabled: true },
      ],
    });
    expect(live.webapps[WEBAPP.toUpperCase()]).toEqual(live.webapps.shop);
    expect(live.webapps[`${'0'.repeat(30)}05`]?.name).toBe('app-5');
    expect(live.webapps.missing).toBeNull();
    expect(live.accountWebapps).toHaveLength(150);
    expect(live.readRequests).toBe(4);
    expect(live.rateLimit).toEqual({ limit: 500, remaining: 495, resetSeconds: 3600 });
  });

  it('stops after a full last page when X-Total-Count says every row arrived', async () => {
    mockToken();
    api('get', '/company/webapps?page=1&per_page=100').reply(200, page(0, 100), {
      ...rate(498),
      'X-Total-Count': '100',
    });
    const { provider } = testProvider();
    const live = await provider.readWaf([]);
    expect(live.readRequests).toBe(1);
  });

  it('reads the other webapps when one answers 403, then fails naming each webapp it may not access', async () => {
    const other = 'd'.repeat(32);
    const third = 'e'.repeat(32);
    mockToken();
    api('get', '/company/webapps?page=1&per_page=100').reply(
      200,
      [
        { id: WEBAPP, name: 'shop' },
        { id: other, name: 'blog' },
        { id: third, name: 'intranet' },
      ],
      rate(498),
    );
    const forbidden = (id: string) => ({ error: 'forbidden', error_description: `not yours: ${id}` });
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ google: true }),
      rate(497),
    );
    api('get', `/webapps/${other}/good_bots?page=1&per_page=100`).reply(403, forbidden(other), rate(496));
    api('get', `/webapps/${third}/good_bots?page=1&per_page=100`).reply(403, forbidden(third), rate(495));
    const { provider } = testProvider();
    const read = provider.readWaf(['shop', 'blog', 'intranet']);
    await expect(read).rejects.toBeInstanceOf(WafForbiddenError);
    await expect(read).rejects.toThrow(
      `the WAF API client may not access webapps blog (${other}), intranet (${third}) (403 forbidden)`,
    );
  });

  it('pages a long good-bots list (206) until X-Total-Count rows arrived, counting each request', async () => {
    const many = Array.from({ length: 130 }, (_, i) => ({
      id: i.toString(16).padStart(32, '0'),
      name: `bot-${String(i).padStart(3, '0')}`,
      enabled: i % 2 === 0,
      description: '',
    }));
    mockToken();
    api('get', '/company/webapps?page=1&per_page=100').reply(200, [{ id: WEBAPP, name: 'shop' }], rate(498));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(206, many.slice(0, 100), {
      ...rate(497),
      'X-Total-Count': '130',
    });
    api('get', `/webapps/${WEBAPP}/good_bots?page=2&per_page=100`).reply(200, many.slice(100), {
      ...rate(496),
      'X-Total-Count': '130',
    });
    const { provider } = testProvider();
    const live = await provider.readWaf(['shop']);
    expect(live.webapps.shop?.bots).toHaveLength(130);
    expect(live.webapps.shop?.bots.at(-1)).toEqual({ id: many[129]?.id, name: 'bot-129', enabled: false });
    expect(live.readRequests).toBe(3);
  });

  it('refuses a good-bots answer that does not parse, naming the webapp', async () => {
    mockToken();
    api('get', '/company/webapps?page=1&per_page=100').reply(200, [{ id: WEBAPP, name: 'shop' }], rate(498));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      [{ id: BOT.google, name: 'Googlebot', enabled: 'yes' }],
      rate(497),
    );
    const { provider } = testProvider();
    await expect(provider.readWaf(['shop'])).rejects.toThrow(
      `webapp shop: GET /api/v3/webapps/${WEBAPP}/good_bots?page=1&per_page=100: unexpected response from the WAF service: 0.enabled:`,
    );
  });
});

describe('WAF write', () => {
  it('sends one bulk PUT with only the differing bots, polls with backoff until finished, then reads back', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(
      202,
      { change_id: CHANGE, status: 'pending' },
      rate(498),
    );
    const status = (s: string) => ({ change_id: CHANGE, webapp_id: WEBAPP, status: s, errors: [] });
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(200, status('pending'), rate(497));
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(200, status('in_progress'), rate(496));
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(200, status('finished'), rate(495));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ google: true, bing: true }),
      rate(494),
    );
    const { provider, sleeps } = testProvider();
    await provider.execute(OP);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('waits for the change of a 201 (a write that created its change) as for a 202', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(
      201,
      { change_id: CHANGE, status: 'pending' },
      rate(498),
    );
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(
      200,
      { change_id: CHANGE, webapp_id: WEBAPP, status: 'finished', errors: [] },
      rate(497),
    );
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ google: true, bing: true }),
      rate(496),
    );
    const { provider, sleeps } = testProvider();
    await provider.execute(OP);
    expect(sleeps).toEqual([1000]);
  });

  it('does not poll when the PUT answers 200 (nothing differed), but still verifies', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(200, bots({ bing: true }), rate(498));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ bing: true }),
      rate(497),
    );
    const { provider, sleeps } = testProvider();
    await provider.execute(OP);
    expect(sleeps).toEqual([]);
  });

  it('settles a lost answer by reading: bots shown as asked means it took effect, and the PUT is not sent again', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(503, { error: 'unavailable' }, rate(498));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ bing: true }),
      rate(497),
    );
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ bing: true }),
      rate(496),
    );
    const decisions: unknown[] = [];
    const { provider, logs } = testProvider({ onDecision: (d) => decisions.push(d) });
    await provider.execute(OP);
    expect(decisions).toEqual([
      { symptom: 'http-5xx', decision: 'took-effect', request: `PUT /webapps/${WEBAPP}/good_bots` },
    ]);
    expect(logs).toContain(
      `info waf: PUT /webapps/${WEBAPP}/good_bots: the answer was lost; the good bots of shop show it took effect: going on`,
    );
  });

  it('sends the PUT again when the read proves the lost one did not take effect, and polls the new change', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).replyWithError(connectionReset('reset'));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ ahrefs: true }),
      rate(497),
    );
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(202, { change_id: CHANGE }, rate(496));
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(200, { status: 'finished' }, rate(495));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ bing: true }),
      rate(494),
    );
    const decisions: unknown[] = [];
    const { provider, logs } = testProvider({ retry: { retries: 0 }, onDecision: (d) => decisions.push(d) });
    await provider.execute(OP);
    expect(decisions).toContainEqual({
      symptom: 'network',
      decision: 'sent-again',
      request: `PUT /webapps/${WEBAPP}/good_bots`,
    });
    expect(logs).toContain(
      `info waf: PUT /webapps/${WEBAPP}/good_bots: the answer was lost; the good bots of shop show it did not ` +
        'take effect: sending it again',
    );
  });

  it('a repeat answered 200 means the lost change is queued: reads until the bots show it', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(502, 'bad gateway', rate(498));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ ahrefs: true }),
      rate(497),
    );
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(200, bots({ bing: true }), rate(496));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ ahrefs: true }),
      rate(495),
    );
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ bing: true }),
      rate(494),
    );
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ bing: true }),
      rate(493),
    );
    const { provider, sleeps } = testProvider();
    await provider.execute(OP);
    expect(sleeps).toEqual([1000]);
  });

  it('fails the step when the read that would settle a lost answer fails too', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(503, { error: 'unavailable' }, rate(498));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      403,
      { error: 'forbidden' },
      rate(497),
    );
    const { provider } = testProvider();
    await expect(provider.execute(OP)).rejects.toThrow('403');
  });

  it('repeats a bulk PUT answered 429: the service did not process it', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(
      429,
      { error: 'rate_limited' },
      {
        ...rate(0),
        'Retry-After': '2',
      },
    );
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(200, bots({ bing: true }), rate(497));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ bing: true }),
      rate(496),
    );
    const { provider } = testProvider();
    await provider.execute(OP);
  });

  it('a failed change (undone by the service, as a read shows) is sent again as a new change', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(202, { change_id: CHANGE }, rate(498));
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(
      200,
      { status: 'failed', errors: [] },
      rate(497),
    );
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ ahrefs: true }),
      rate(496),
    );
    const second = 'e'.repeat(32);
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(202, { change_id: second }, rate(495));
    api('get', `/webapps/${WEBAPP}/changes/${second}`).reply(200, { status: 'finished' }, rate(494));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ bing: true }),
      rate(493),
    );
    const decisions: unknown[] = [];
    const { provider, logs } = testProvider({ onDecision: (d) => decisions.push(d) });
    await provider.execute(OP);
    expect(decisions).toEqual([
      { symptom: 'change-failed', decision: 'sent-again', request: `PUT /webapps/${WEBAPP}/good_bots` },
    ]);
    expect(logs).toContain(
      `info waf: webapp shop: change ${CHANGE} failed; the good bots show it undone: sending it again`,
    );
  });

  it('a change failing four times is a WafChangeFailedError naming the webapp and the change', async () => {
    mockToken();
    for (let sent = 1; sent <= 4; sent++) {
      api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(202, { change_id: CHANGE }, rate(498));
      api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(
        200,
        { change_id: CHANGE, status: 'failed', errors: [{ code: 'x', message: 'backend down' }] },
        rate(497),
      );
      if (sent < 4)
        api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
          200,
          bots({ ahrefs: true }),
          rate(496),
        );
    }
    const { provider } = testProvider();
    const error = await provider.execute(OP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafChangeFailedError);
    expect(error).toMatchObject({ webapp: 'shop', changeId: CHANGE });
    expect(String(error)).toContain(
      `webapp shop: change ${CHANGE} failed: [{"code":"x","message":"backend down"}]`,
    );
  });

  it('a read-back that differs after finished is a WafVerifyError naming the bots', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(202, { change_id: CHANGE }, rate(498));
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(200, { status: 'finished' }, rate(497));
    api('get', `/webapps/${WEBAPP}/good_bots?page=1&per_page=100`).reply(
      200,
      bots({ ahrefs: true }),
      rate(496),
    );
    const { provider } = testProvider();
    const error = await provider.execute(OP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafVerifyError);
    expect(String(error)).toContain('Bingbot not enabled, AhrefsBot not disabled');
  });

  it('gives up waiting after the change timeout', async () => {
    mockToken();
    api('put', `/webapps/${WEBAPP}/good_bots`, BULK).reply(202, { change_id: CHANGE }, rate(498));
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`)
      .times(2)
      .reply(200, { status: 'in_progress' }, rate(497));
    const { provider } = testProvider({ changeTimeoutMs: 5000 });
    await expect(provider.execute(OP)).rejects.toThrow(
      `webapp shop: change ${CHANGE} still in_progress after 3 s`,
    );
  });
});
