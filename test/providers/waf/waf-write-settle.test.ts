/**
 * The WAF writer when a good-bots change does not simply succeed: a refused PUT, answers lost again and again, a
 * failed change the service shows as asked, a lost change that never shows, an interrupt in the middle, and a
 * read-back missing the bots. Each test lists exactly the requests made (nock guard).
 */
import { describe, expect, it } from 'vitest';
import { WafApiError, WafChangeTimeoutError, WafVerifyError } from '../../../src/providers/waf/index.js';
import { useNockGuard } from '../helpers/nock-guard.js';
import {
  api,
  BULK,
  bots,
  CHANGE,
  GOOD_BOTS,
  GOOD_BOTS_READ,
  mockToken,
  OP,
  rate,
  testProvider,
  WEBAPP,
} from './waf-fixtures.js';

useNockGuard();

const PUT = `PUT ${GOOD_BOTS}`;

describe('WAF writer: refusals and lost answers', () => {
  it('a refused PUT (4xx) is an answer: thrown as is, nothing read and nothing decided', async () => {
    mockToken();
    api('put', GOOD_BOTS, BULK).reply(422, { error: 'invalid', error_description: 'unknown bot' }, rate(498));
    const decisions: unknown[] = [];
    const { provider } = testProvider({ onDecision: (d) => decisions.push(d) });
    const error = await provider.execute(OP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafApiError);
    expect((error as Error).message).toBe(`PUT /api/v3${GOOD_BOTS}: 422 unknown bot`);
    expect(decisions).toEqual([]);
  });

  it('sends the PUT at most four times, each after a read showed the last one did not take effect', async () => {
    mockToken();
    for (let sent = 1; sent <= 4; sent++) {
      api('put', GOOD_BOTS, BULK).reply(503, { error: 'unavailable' }, rate(498));
      api('get', GOOD_BOTS_READ).reply(200, bots({ ahrefs: true }), rate(497));
    }
    const decisions: unknown[] = [];
    const { provider, logs } = testProvider({ onDecision: (d) => decisions.push(d) });
    const error = await provider.execute(OP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafApiError);
    expect((error as Error).message).toBe(`PUT /api/v3${GOOD_BOTS}: 503 unavailable`);
    expect(decisions).toEqual([
      ...Array(3).fill({ symptom: 'http-5xx', decision: 'sent-again', request: PUT }),
      { symptom: 'http-5xx', decision: 'gave-up', request: PUT },
    ]);
    const lost = logs.filter((line) => line.includes('the answer was lost'));
    expect(lost).toHaveLength(4);
    expect(lost.filter((line) => line.endsWith('did not take effect: sending it again'))).toHaveLength(3);
    expect(lost[3]).toMatch(/did not take effect: sent 4 times: giving up$/);
  });

  it('a failed change whose bots the service shows as asked is taken as made: not sent again', async () => {
    mockToken();
    api('put', GOOD_BOTS, BULK).reply(202, { change_id: CHANGE }, rate(498));
    // No `errors`: the failure is reported without details.
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(200, { status: 'failed' }, rate(497));
    api('get', GOOD_BOTS_READ)
      .times(2)
      .reply(200, bots({ bing: true }), rate(496));
    const decisions: unknown[] = [];
    const { provider, logs } = testProvider({ onDecision: (d) => decisions.push(d) });
    await provider.execute(OP);
    expect(decisions).toEqual([{ symptom: 'change-failed', decision: 'took-effect', request: PUT }]);
    expect(logs).toContain(
      `info waf: webapp shop: change ${CHANGE} failed; the good bots show it as asked: going on`,
    );
  });

  it('waits for a lost change, polling the bots with backoff up to 5 s, then gives up naming no change id', async () => {
    mockToken();
    api('put', GOOD_BOTS, BULK).reply(502, 'bad gateway', rate(498));
    api('get', GOOD_BOTS_READ).reply(200, bots({ ahrefs: true }), rate(497));
    api('put', GOOD_BOTS, BULK).reply(200, bots({ bing: true }), rate(496));
    // Read at 0, 1, 3, 7, 12 and 17 s: the last poll falls exactly on the bound, the next would pass it.
    api('get', GOOD_BOTS_READ)
      .times(6)
      .reply(200, bots({ ahrefs: true }), rate(495));
    const { provider, sleeps } = testProvider({ changeTimeoutMs: 17_000 });
    const error = await provider.execute(OP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafChangeTimeoutError);
    expect((error as Error).message).toBe(
      'webapp shop: change (id lost with its answer) still not shown after 17 s',
    );
    expect(sleeps).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe('WAF writer: interrupts and the read-back', () => {
  it('an interrupt during the PUT abandons nothing: the change is polled and read back', async () => {
    const stop = new AbortController();
    mockToken();
    api('put', GOOD_BOTS, BULK).reply(() => {
      stop.abort('SIGINT');
      return [202, { change_id: CHANGE }, rate(498)];
    });
    api('get', `/webapps/${WEBAPP}/changes/${CHANGE}`).reply(200, { status: 'finished' }, rate(497));
    api('get', GOOD_BOTS_READ).reply(200, bots({ bing: true }), rate(496));
    const { provider } = testProvider({ signal: stop.signal });
    await provider.execute(OP);
    expect(stop.signal.aborted).toBe(true);
  });

  it('names by id the bots the read-back does not list at all', async () => {
    const unknown = { enable: '7'.repeat(32), disable: '8'.repeat(32) };
    mockToken();
    const body = [
      { id: unknown.enable, enabled: true },
      { id: unknown.disable, enabled: false },
    ];
    api('put', GOOD_BOTS, body).reply(200, bots({}), rate(498));
    api('get', GOOD_BOTS_READ).reply(200, bots({}), rate(497));
    const { provider } = testProvider();
    const op = { ...OP, enable: [unknown.enable], disable: [unknown.disable] };
    const error = await provider.execute(op).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WafVerifyError);
    expect((error as WafVerifyError).mismatches).toEqual([
      `${unknown.enable} not enabled`,
      `${unknown.disable} not disabled`,
    ]);
  });
});
