import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/io.js';
import { useColor } from '../../../src/cli/options/options.js';
import { renderApplyReport } from '../../../src/cli/output/apply-report.js';
import { applyProgress, waitNotices } from '../../../src/cli/output/progress.js';
import { RateCounts } from '../../../src/cli/output/rate-counts.js';
import type { ApplyResult } from '../../../src/engine/types.js';
import type { DynOp } from '../../../src/providers/dyn/compile/ops.js';
import type { SetGoodBotsOp } from '../../../src/providers/waf/ops.js';

function io(overrides: Partial<CliIo> = {}): CliIo & { err: () => string } {
  let err = '';
  return {
    stdout: () => {},
    stderr: (t) => {
      err += t;
    },
    env: {},
    cwd: '.',
    stdoutIsTTY: true,
    stderrIsTTY: false,
    stdinIsTTY: false,
    confirm: async () => false,
    untilShutdown: async () => {},
    err: () => err,
    ...overrides,
  };
}

const add: DynOp = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  value: '192.0.2.1',
  ttl: 300,
};
const publish: DynOp = { kind: 'publish', zone: 'a.test' };
const A = {
  id: 'zone:a.test',
  kind: 'zone',
  provider: 'dyn',
  target: { kind: 'zone', name: 'a.test', provider: 'dyn' },
} as const;
const B = {
  id: 'zone:b.test',
  kind: 'zone',
  provider: 'dyn',
  target: { kind: 'zone', name: 'b.test', provider: 'dyn' },
} as const;
const C = {
  id: 'zone:c.test',
  kind: 'zone',
  provider: 'dyn',
  target: { kind: 'zone', name: 'c.test', provider: 'dyn' },
} as const;

/** A clock and a ticker the test moves by hand: `advance(ms)` runs the ticks that fall due on the way. */
function fakeTime() {
  let t = 1_000_000;
  const tickers: { ms: number; next: number; tick: () => void }[] = [];
  return {
    now: () => t,
    every: (ms: number, tick: () => void) => {
      const ticker = { ms, next: t + ms, tick };
      tickers.push(ticker);
      return () => tickers.splice(tickers.indexOf(ticker), 1);
    },
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const due = tickers.filter((k) => k.next <= end).sort((x, y) => x.next - y.next)[0];
        if (!due) break;
        t = due.next;
        due.next += due.ms;
        due.tick();
      }
      t = end;
    },
    tickers: () => tickers.length,
  };
}

const DNS_WAIT = {
  type: 'wait',
  service: 'DNS',
  why: 'no requests left in the window',
  windowMs: 60_000,
  queued: 1,
} as const;

describe('progress on stderr', () => {
  it('in a log: a line per finished step, else at most one line every 5 s with the calls done and the time left', () => {
    const out = io();
    const time = fakeTime();
    const progress = applyProgress(out, { totalCalls: 4, ...time });
    progress.apply({ type: 'step-start', ...A, total: 2 });
    time.advance(1_000);
    progress.apply({ type: 'op-done', ...A, op: add, done: 1, total: 2 });
    time.advance(1_000);
    expect(out.err()).toBe('');
    time.advance(3_000);
    progress.apply({ type: 'op-done', ...A, op: publish, done: 2, total: 2 });
    progress.apply({ type: 'step-done', outcome: { ...A, status: 'applied', done: 2, total: 2 } });
    time.advance(4_000);
    progress.apply({
      type: 'step-done',
      outcome: { ...B, status: 'skipped', total: 2, blockedBy: ['zone:a.test'] },
    });
    time.advance(20_000);
    progress.stop();
    expect(time.tickers()).toBe(0);
    expect(out.err()).toBe(
      [
        // 1 call in 5 s: 3 calls left take about 15 s.
        'progress: 1 of 4 calls done, about 15 s left',
        'zone:a.test: done (2 API calls)',
        'zone:b.test: skipped (zone:a.test did not succeed)',
        '',
      ].join('\n'),
    );
  });

  it('counts out of the total the calls of a step that failed or was skipped: they will not be made', () => {
    const out = io();
    const time = fakeTime();
    const progress = applyProgress(out, { totalCalls: 7, ...time });
    progress.apply({ type: 'op-done', ...A, op: add, done: 1, total: 3 });
    progress.apply({
      type: 'step-done',
      outcome: { ...A, status: 'failed', done: 1, total: 3, failedOp: add, error: 'boom', skipped: 1 },
    });
    progress.apply({ type: 'step-done', outcome: { ...B, status: 'skipped', total: 2, blockedBy: ['x'] } });
    time.advance(5_000);
    progress.stop();
    expect(out.err().split('\n').at(-2)).toBe('progress: 1 of 3 calls done, about 10 s left');
  });

  it('in a log: a wait is announced when it starts and repeated every 5 s, never silent for longer', () => {
    const out = io();
    const time = fakeTime();
    const progress = applyProgress(out, { totalCalls: 1_007, ...time });
    progress.apply({ type: 'step-start', ...A, total: 1_007 });
    for (let i = 1; i <= 700; i++) progress.apply({ type: 'op-done', ...A, op: add, done: i, total: 1_007 });
    time.advance(4_000);
    const at = time.now();
    progress.rate({ ...DNS_WAIT, at, until: at + 42_000, perWindow: 300 });
    time.advance(12_000);
    progress.rate({ ...DNS_WAIT, at: time.now(), until: time.now() + 1_000, perWindow: 300 });
    time.advance(100);
    progress.stop();
    expect(out.err()).toBe(
      [
        // 700 calls in 4 s: the 307 left would take 2 s at that pace, but the wait takes 42 s.
        'waiting 42 s for the DNS rate window (300/min), 700 of 1,007 calls done, about 42 s left',
        'waiting 37 s for the DNS rate window (300/min), 700 of 1,007 calls done, about 37 s left',
        'waiting 32 s for the DNS rate window (300/min), 700 of 1,007 calls done, about 32 s left',
        '',
      ].join('\n'),
    );
    // The short wait is not announced on its own: it is no news within the line a second ago.
  });

  it('says when a wait holds more requests than a window admits, and when the last goes, however short it is', () => {
    const out = io();
    const time = fakeTime();
    const progress = applyProgress(out, { totalCalls: 40, ...time });
    const at = time.now();
    // 10 a minute, 25 queued: 10 go when the wait ends, 10 a minute later, the last 5 a minute after that.
    progress.rate({ ...DNS_WAIT, at, until: at + 2_000, perWindow: 10, queued: 25 });
    time.advance(5_000);
    // A queue that one window takes whole is the wait alone: a 2 s wait is not announced.
    progress.rate({ ...DNS_WAIT, at: time.now(), until: time.now() + 2_000, perWindow: 10, queued: 10 });
    progress.stop();
    expect(out.err()).toBe(
      'waiting 2 s for the DNS rate window (10/min), 25 requests queued, the last in about 2 min 2 s, ' +
        '0 of 40 calls done, about 2 min 2 s left\n',
    );
  });

  it('while planning: a queue longer than a window is announced with its wait, and when its last request goes', () => {
    const out = io();
    const time = fakeTime();
    const notices = waitNotices(out, time);
    notices({ ...DNS_WAIT, at: time.now(), until: time.now() + 1_000, perWindow: 10, queued: 11 });
    notices({ ...DNS_WAIT, at: time.now(), until: time.now() + 1_000, perWindow: 10, queued: 10 });
    notices({ ...DNS_WAIT, at: time.now(), until: time.now() + 1_000, queued: 500 });
    expect(out.err()).toBe(
      'waiting 1 s for the DNS rate window (10/min), 11 requests queued, the last in about 1 min 1 s\n',
    );
  });

  it('says why a wait is not the window being used up: a 429, or the share the user set', () => {
    const out = io();
    const time = fakeTime();
    const progress = applyProgress(out, { totalCalls: 10, ...time });
    const at = time.now();
    progress.rate({ ...DNS_WAIT, why: 'the service answered 429', at, until: at + 60_000 });
    progress.stop();
    expect(out.err()).toBe(
      'waiting 60 s for the DNS rate window: the service answered 429, 0 of 10 calls done, about 1 min left\n',
    );
  });

  it('on a terminal: a live line per step in progress and the wait, redrawn, with permanent lines above', () => {
    const out = io({ stderrIsTTY: true });
    const time = fakeTime();
    const progress = applyProgress(out, { totalCalls: 4, ...time });
    progress.apply({ type: 'step-start', ...A, total: 2 });
    progress.apply({ type: 'step-start', ...B, total: 2 });
    time.advance(2_000);
    progress.apply({ type: 'op-done', ...A, op: add, done: 1, total: 2 });
    const at = time.now();
    progress.rate({ ...DNS_WAIT, at, until: at + 30_000, perWindow: 300 });
    time.advance(1_000);
    progress.apply({
      type: 'step-done',
      outcome: { ...A, status: 'failed', done: 1, total: 2, failedOp: publish, error: 'boom', skipped: 0 },
    });
    progress.stop();
    const up = (n: number) => `\x1b[${n}F\x1b[J`;
    expect(out.err()).toBe(
      [
        'zone:a.test: 0/2 calls\n',
        `${up(1)}zone:a.test: 0/2 calls\nzone:b.test: 0/2 calls\n`,
        // 1 call in 2 s: 1 left in A takes about 2 s, 2 left in B about 4 s.
        `${up(2)}zone:a.test: 1/2 calls, about 2 s left\nzone:b.test: 0/2 calls, about 4 s left\n`,
        `${up(2)}zone:a.test: 1/2 calls, about 30 s left\nzone:b.test: 0/2 calls, about 30 s left\n` +
          'waiting 30 s for the DNS rate window (300/min), 1 of 4 calls done, about 30 s left\n',
        // The ticker redraws every second: the wait counts down.
        `${up(3)}zone:a.test: 1/2 calls, about 29 s left\nzone:b.test: 0/2 calls, about 29 s left\n` +
          'waiting 29 s for the DNS rate window (300/min), 1 of 4 calls done, about 29 s left\n',
        `${up(3)}zone:a.test: FAILED at 2/2 (publish a.test)\n`,
        // A's last call will not be made: 1 of 3.
        'zone:b.test: 0/2 calls, about 29 s left\n' +
          'waiting 29 s for the DNS rate window (300/min), 1 of 3 calls done, about 29 s left\n',
        up(2),
      ].join(''),
    );
  });
});

describe('rate counts', () => {
  it('counts requests, 429s and waits per service, overlapping waits once, from when the apply follows them', () => {
    const idle: string[] = [];
    const counts = new RateCounts((event) => idle.push(event.type));
    counts.record({ type: 'answer', service: 'DNS', status: 200 });
    counts.record({ ...DNS_WAIT, at: 0, until: 6_000 });
    expect(idle).toEqual(['answer', 'wait']);
    const seen: string[] = [];
    counts.follow((event) => seen.push(event.type));
    counts.record({ type: 'answer', service: 'DNS', status: 200 });
    counts.record({ type: 'answer', service: 'DNS', status: 429 });
    counts.record({ type: 'answer', service: 'WAF', status: undefined });
    counts.record({ ...DNS_WAIT, at: 1_000, until: 61_000 });
    counts.record({ ...DNS_WAIT, at: 2_000, until: 31_000 });
    counts.record({ ...DNS_WAIT, at: 70_000, until: 75_000 });
    counts.unfollow();
    counts.record({ type: 'answer', service: 'DNS', status: 200 });
    expect(idle).toHaveLength(3);
    expect(seen).toHaveLength(6);
    expect(Object.fromEntries(counts.counts())).toEqual({
      DNS: { requests: 3, refused: 1, waits: 3, waitedMs: 65_000 },
      WAF: { requests: 1, refused: 0, waits: 0, waitedMs: 0 },
    });
  });

  it('while planning: a wait of 5 s or more announced with its length and repeated every 5 s until it ends', () => {
    const out = io();
    const time = fakeTime();
    const notices = waitNotices(out, time);
    notices({ ...DNS_WAIT, at: time.now(), until: time.now() + 2_000, perWindow: 300 });
    time.advance(3_000);
    notices({ ...DNS_WAIT, at: time.now(), until: time.now() + 12_000, perWindow: 300 });
    time.advance(20_000);
    expect(time.tickers()).toBe(0);
    expect(out.err()).toBe(
      [
        'waiting 12 s for the DNS rate window (300/min)',
        'waiting 7 s for the DNS rate window (300/min)',
        'waiting 2 s for the DNS rate window (300/min)',
        '',
      ].join('\n'),
    );
  });
});

describe('apply report', () => {
  it('says per zone what was done, what failed and what was left untouched', () => {
    const result: ApplyResult = {
      ok: false,
      steps: [
        { ...A, status: 'applied', done: 3, total: 3 },
        {
          ...B,
          status: 'failed',
          done: 1,
          total: 4,
          failedOp: add,
          error: 'POST /REST/ARecord/b.test/www.b.test/: 503 SERVICE_UNAVAILABLE',
          skipped: 2,
          discarded: true,
        },
        { ...C, status: 'skipped', total: 2, blockedBy: ['zone:b.test'] },
      ],
    };
    expect(renderApplyReport(result)).toBe(
      [
        '  ✓ zone:a.test: 3 API calls, published',
        '  ✗ zone:b.test: failed at call 2 of 4 (add www.a.test A 192.0.2.1 ttl 300): POST /REST/ARecord/b.test/www.b.test/: ' +
          '503 SERVICE_UNAVAILABLE. 1 call done, 2 not sent; not applied, its changes were discarded; ' +
          'live records of this zone are unchanged.',
        '  - zone:c.test: skipped, not started because zone:b.test did not succeed; unchanged',
        'Applied 1 step (1 zone publish); 1 step failed, 1 step skipped.',
        '',
      ].join('\n'),
    );
  });
  it('says what became of a zone the failed step created: deleted again, or left and why', () => {
    const failed = {
      ...B,
      status: 'failed' as const,
      done: 1,
      total: 2,
      failedOp: { kind: 'publish', zone: 'b.test' },
      error: 'refused',
      skipped: 0,
      discarded: true,
    };
    const lines = renderApplyReport({
      ok: false,
      steps: [
        { ...failed, createdZone: { kind: 'deleted' } },
        { ...failed, createdZone: { kind: 'left', reason: 'it exists, empty; deleting it failed: boom' } },
        {
          ...failed,
          outcomeUnknown: true,
          createdZone: { kind: 'left', reason: 'it holds 2 record sets after all' },
        },
      ],
    }).split('\n');
    const tail = (line: string | undefined) => line?.slice(line.indexOf('1 call done'));
    expect(lines.slice(0, 3).map(tail)).toEqual([
      '1 call done, 0 not sent; not applied, its changes were discarded; the zone, created by this run, ' +
        'was deleted again: nothing of it is live, and the next plan creates it again.',
      '1 call done, 0 not sent; not applied, its changes were discarded; the zone, created by this run, ' +
        'is left in place: it exists, empty; deleting it failed: boom; the next plan does not show its creation.',
      '1 call done, 0 not sent; outcome unknown: it may or may not have taken effect, its changes were ' +
        'discarded; the zone, created by this run, is left in place: it holds 2 record sets after all; the next ' +
        'plan does not show its creation. plan again to see what is live.',
    ]);
  });

  it('words a failed zone step as true of every provider: no session, no pending changes, no publish', () => {
    const update = {
      kind: 'update',
      zone: 'b.test',
      message: 2,
      of: 2,
      sets: [{ fqdn: 'www.b.test', type: 'A', before: null, after: { ttl: 300, values: ['192.0.2.1'] } }],
    };
    const failed = {
      ...B,
      provider: 'bind',
      target: { ...B.target, provider: 'bind' },
      status: 'failed' as const,
      done: 1,
      total: 2,
      failedOp: update,
      error: 'zone b.test at 192.0.2.53:53: changed since the plan: plan again',
      skipped: 0,
    };
    const write = { kind: 'write-zone', zone: 'b.test' };
    const tails = renderApplyReport({
      ok: false,
      steps: [
        // An RFC 2136 chain whose undo was refused: the server keeps the UPDATEs it took.
        {
          ...failed,
          discarded: false,
          discardError:
            'zone b.test at 192.0.2.53:53: changed since the plan: plan again (another writer changed …)',
        },
        { ...failed, discarded: true },
        // A writer without a discard (a zone file: one write, all or nothing).
        {
          ...failed,
          provider: 'files',
          target: { ...B.target, provider: 'files' },
          failedOp: write,
          done: 0,
          total: 1,
        },
        {
          ...failed,
          provider: 'files',
          target: { ...B.target, provider: 'files' },
          failedOp: write,
          done: 1,
          total: 2,
        },
      ],
    })
      .split('\n')
      .slice(0, 4)
      .map((line) => line.slice(line.indexOf(' not sent; ') + ' not sent; '.length));
    expect(tails).toEqual([
      'not applied as planned, discarding its changes failed too (zone b.test at 192.0.2.53:53: changed since the ' +
        'plan: plan again (another writer changed …)); plan again to see what is live.',
      'not applied, its changes were discarded; live records of this zone are unchanged.',
      'not applied, nothing of it was written; live records of this zone are unchanged.',
      'not applied as planned, its provider has no discard: what its 1 call did stays as it is; plan again to ' +
        'see what is live.',
    ]);
    for (const tail of tails) expect(tail).not.toMatch(/session|pending|publish/);
  });

  it('counts per service the requests sent, those answered 429 and the waits for the rate window', () => {
    const result: ApplyResult = { ok: true, steps: [{ ...A, status: 'applied', done: 3, total: 3 }] };
    const rates = new Map([
      ['DNS', { requests: 1_012, refused: 3, waits: 2, waitedMs: 121_000 }],
      ['WAF', { requests: 1, refused: 0, waits: 0, waitedMs: 0 }],
    ]);
    expect(renderApplyReport(result, rates).split('\n').slice(-3)).toEqual([
      'DNS: 1,012 requests, 3 answered 429, 2 waits for the rate window (2 min 1 s).',
      'WAF: 1 request, 0 answered 429, no wait for the rate window.',
      '',
    ]);
  });

  it('labels each op by its provider: a webapp step counts good-bots changes, is never published or discarded', () => {
    const bots: SetGoodBotsOp = {
      kind: 'set-good-bots',
      webappId: '9',
      webapp: 'Shop',
      enable: ['1', '2'],
      disable: [],
    };
    const shop = {
      id: 'webapp:shop',
      kind: 'webapp',
      provider: 'waf',
      target: { kind: 'webapp', name: 'shop' },
    } as const;
    const other = {
      id: 'webapp:other',
      kind: 'webapp',
      provider: 'waf',
      target: { kind: 'webapp', name: 'other' },
    } as const;
    const result: ApplyResult = {
      ok: false,
      steps: [
        { ...shop, status: 'applied', done: 1, total: 1 },
        { ...shop, id: 'webapp:shop#purge', kind: 'purge', status: 'applied', done: 1, total: 1 },
        { ...other, status: 'failed', done: 0, total: 1, failedOp: bots, error: 'HTTP 429', skipped: 0 },
      ],
    };
    expect(renderApplyReport(result)).toBe(
      [
        '  ✓ webapp:shop: 1 good-bots change',
        '  ✓ webapp:shop#purge: 1 cache purge',
        '  ✗ webapp:other: failed at call 1 of 1 (set good bots of Shop: enable 2, disable 0; wait for the change; ' +
          'read back): HTTP 429. 0 calls done, 0 not sent.',
        'Applied 2 steps (0 zone publishes); 1 step failed, 0 steps skipped.',
        '',
      ].join('\n'),
    );
  });
});

describe('colour', () => {
  it('only on a terminal, and never with --no-color or NO_COLOR', () => {
    expect(useColor({ color: true }, io())).toBe(true);
    expect(useColor({ color: false }, io())).toBe(false);
    expect(useColor({ color: true }, io({ stdoutIsTTY: false }))).toBe(false);
    expect(useColor({ color: true }, io({ env: { NO_COLOR: '1' } }))).toBe(false);
  });
});
