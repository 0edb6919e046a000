import { describe, expect, it } from 'vitest';
import type { ApplyResult } from '../../src/apply/types.js';
import { renderApplyReport } from '../../src/cli/apply-report.js';
import type { CliIo } from '../../src/cli/io.js';
import { useColor } from '../../src/cli/options.js';
import { progressReporter } from '../../src/cli/progress.js';
import type { DynOp } from '../../src/providers/dyn/ops.js';
import type { SetGoodBotsOp } from '../../src/providers/waf/ops.js';

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
const A = { id: 'zone:a.test', provider: 'dyn', target: { kind: 'zone', name: 'a.test' } } as const;
const B = { id: 'zone:b.test', provider: 'dyn', target: { kind: 'zone', name: 'b.test' } } as const;
const C = { id: 'zone:c.test', provider: 'dyn', target: { kind: 'zone', name: 'c.test' } } as const;

describe('progress on stderr', () => {
  it('in a log: one line per zone and per step', () => {
    const out = io();
    const report = progressReporter(out);
    report({ type: 'step-start', ...A, total: 2 });
    report({ type: 'op-done', ...A, op: add, done: 1, total: 2 });
    report({ type: 'op-done', ...A, op: publish, done: 2, total: 2 });
    report({ type: 'step-done', outcome: { ...A, status: 'applied', done: 2, total: 2 } });
    report({ type: 'step-done', outcome: { ...B, status: 'skipped', total: 3, blockedBy: ['zone:a.test'] } });
    expect(out.err()).toBe(
      [
        'zone:a.test: start, 2 API calls',
        'zone:a.test: 1/2 add www.a.test A 192.0.2.1 ttl 300',
        'zone:a.test: 2/2 publish a.test',
        'zone:a.test: done (2 API calls)',
        'zone:b.test: skipped (zone:a.test did not succeed)',
        '',
      ].join('\n'),
    );
  });

  it('on a terminal: one live line rewritten in place, a permanent line per finished zone', () => {
    const out = io({ stderrIsTTY: true });
    const report = progressReporter(out);
    report({ type: 'step-start', ...A, total: 2 });
    report({ type: 'op-done', ...A, op: add, done: 1, total: 2 });
    report({
      type: 'step-done',
      outcome: {
        ...A,
        status: 'failed',
        done: 1,
        total: 2,
        failedOp: publish,
        error: 'boom',
        skipped: 0,
        discarded: true,
      },
    });
    expect(out.err()).toBe(
      '\r\x1b[2Kzone:a.test: 1/2 add www.a.test A 192.0.2.1 ttl 300\r\x1b[2Kzone:a.test: FAILED at 2/2 (publish a.test)\n',
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
          '503 SERVICE_UNAVAILABLE. 1 call done, 2 not sent; not published, its pending changes were discarded; ' +
          'live records of this zone are unchanged.',
        '  - zone:c.test: skipped, not started because zone:b.test did not succeed; unchanged',
        'Applied 1 step (1 zone publish); 1 step failed, 1 step skipped.',
        '',
      ].join('\n'),
    );
  });
  it('labels each op by its provider: a webapp step counts good-bots changes, is never published or discarded', () => {
    const bots: SetGoodBotsOp = {
      kind: 'set-good-bots',
      webappId: '9',
      webapp: 'Shop',
      enable: ['1', '2'],
      disable: [],
    };
    const shop = { id: 'webapp:shop', provider: 'waf', target: { kind: 'webapp', name: 'shop' } } as const;
    const other = { id: 'webapp:other', provider: 'waf', target: { kind: 'webapp', name: 'other' } } as const;
    const result: ApplyResult = {
      ok: false,
      steps: [
        { ...shop, status: 'applied', done: 1, total: 1 },
        { ...other, status: 'failed', done: 0, total: 1, failedOp: bots, error: 'HTTP 429', skipped: 0 },
      ],
    };
    expect(renderApplyReport(result)).toBe(
      [
        '  ✓ webapp:shop: 1 good-bots change',
        '  ✗ webapp:other: failed at call 1 of 1 (set good bots of Shop: enable 2, disable 0; wait for the change; ' +
          'read back): HTTP 429. 0 calls done, 0 not sent.',
        'Applied 1 step (0 zone publishes); 1 step failed, 0 steps skipped.',
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
