import { describe, expect, it } from 'vitest';
import type { SourcePosition } from '../../../src/model/diagnostic.js';
import type { DesiredWebapp, LiveGoodBot, LiveWafState, LiveWebapp } from '../../../src/model/waf.js';
import { diffWaf } from '../../../src/plan/diff/waf-diff.js';

/** diffWaf on its own: which bots a webapp change enables, when there is none, and which entry a clash blames. */

const hex = (c: string) => c.repeat(32);
const pos = (line: number, col = 3, file = 'waf.yaml'): SourcePosition => ({ file, line, col });

function bots(enabled: readonly string[], names = ['Applebot', 'Bingbot', 'Googlebot']): LiveGoodBot[] {
  return names.map((name, i) => ({ id: hex(String(i + 1)), name, enabled: enabled.includes(name) }));
}

function app(name: string, idChar: string, botList: LiveGoodBot[]): LiveWebapp {
  return { id: hex(idChar), name, bots: botList };
}

function want(
  ref: string,
  allow: string[],
  mode: 'exact' | 'additive' = 'exact',
  at = pos(1),
): DesiredWebapp {
  return {
    ref,
    at,
    mode,
    allow: allow.map((bot, i) => ({ ref: bot, at: pos(at.line + 1 + i, 7, at.file) })),
  };
}

function live(
  webapps: Record<string, LiveWebapp | null>,
  accountWebapps = Object.keys(webapps),
): LiveWafState {
  return { webapps, accountWebapps, readRequests: 1, rateLimit: null };
}

const enabled = (refs: readonly { name: string }[]) => refs.map((r) => r.name);

describe('diffWaf', () => {
  it('exact: a change of which bot is enabled is a change even when the count stays the same', () => {
    const shop = app('shop', 'a', bots(['Bingbot']));
    const { changes, problems } = diffWaf({ webapps: [want('shop', ['Googlebot'])] }, live({ shop }));
    expect(problems).toEqual([]);
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change?.address).toEqual({ kind: 'webapp', ref: 'shop', id: hex('a'), name: 'shop' });
    expect(change?.action).toBe('update');
    expect(enabled(change?.before?.enabled ?? [])).toEqual(['Bingbot']);
    expect(enabled(change?.after?.enabled ?? [])).toEqual(['Googlebot']);
    expect(change?.after?.mode).toBe('exact');
  });

  it('exact: disabling a bot alone is a change; the same enabled set is none', () => {
    const shop = app('shop', 'a', bots(['Bingbot', 'Googlebot']));
    const off = diffWaf({ webapps: [want('shop', ['Googlebot'])] }, live({ shop }));
    expect(off.changes.map((c) => enabled(c.after?.enabled ?? []))).toEqual([['Googlebot']]);
    const same = diffWaf({ webapps: [want('shop', ['googlebot', 'BINGBOT'])] }, live({ shop }));
    expect(same).toEqual({ changes: [], problems: [] });
  });

  it('additive: keeps every enabled bot, enables the listed ones, and is no change when they already are', () => {
    const shop = app('shop', 'a', bots(['Bingbot']));
    const more = diffWaf({ webapps: [want('shop', ['Googlebot'], 'additive')] }, live({ shop }));
    expect(more.changes.map((c) => enabled(c.after?.enabled ?? []))).toEqual([['Bingbot', 'Googlebot']]);
    expect(more.changes[0]?.after?.mode).toBe('additive');
    const none = diffWaf({ webapps: [want('shop', ['Bingbot'], 'additive')] }, live({ shop }));
    expect(none.changes).toEqual([]);
  });

  it('lists bots in a change by name, then by id (two bots may share a name)', () => {
    const twins: LiveGoodBot[] = [
      { id: hex('9'), name: 'Crawler', enabled: false },
      { id: hex('1'), name: 'Crawler', enabled: false },
      { id: hex('5'), name: 'Applebot', enabled: false },
    ];
    const shop = app('shop', 'a', twins);
    const { changes } = diffWaf({ webapps: [want('shop', [hex('9'), hex('1'), hex('5')])] }, live({ shop }));
    expect(changes[0]?.after?.enabled).toEqual([
      { id: hex('5'), name: 'Applebot' },
      { id: hex('1'), name: 'Crawler' },
      { id: hex('9'), name: 'Crawler' },
    ]);
  });

  it('a bot named twice (by name and by id) is a problem at the second entry, and is still enabled once', () => {
    const shop = app('shop', 'a', bots([]));
    const desired = want('shop', ['Googlebot', hex('3')]);
    const { changes, problems } = diffWaf({ webapps: [desired] }, live({ shop }));
    expect(problems).toEqual([
      { ...pos(3, 7), message: `bot "${hex('3')}" is the same bot as "Googlebot" at waf.yaml:2:7` },
    ]);
    expect(changes.map((c) => c.after?.enabled ?? [])).toEqual([[{ id: hex('3'), name: 'Googlebot' }]]);
  });

  it('an unknown or ambiguous bot is a problem and the other entries still count', () => {
    const twins: LiveGoodBot[] = [
      { id: hex('1'), name: 'Crawler', enabled: false },
      { id: hex('2'), name: 'crawler', enabled: false },
      { id: hex('3'), name: 'Googlebot', enabled: false },
    ];
    const shop = app('shop', 'a', twins);
    const { changes, problems } = diffWaf(
      { webapps: [want('shop', ['Crawler', 'Nobot', 'Googlebot'])] },
      live({ shop }),
    );
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [2, `bot "Crawler" names 2 bots of webapp "shop" (${hex('1')}, ${hex('2')}); use its id`],
      [3, 'bot "Nobot" is not in the good-bot catalogue of webapp "shop"; no bot there has a similar name'],
    ]);
    expect(changes.map((c) => enabled(c.after?.enabled ?? []))).toEqual([['Googlebot']]);
  });

  it('two keys that are the same webapp: the later one in the files is the problem, and only the first is planned', () => {
    const shop = app('shop', 'a', bots([]));
    // Given out of file order (the desired state is sorted by ref): the id is written first in the file.
    const byName = want('shop', ['Googlebot'], 'exact', pos(20));
    const byId = want(hex('a'), ['Bingbot'], 'exact', pos(10));
    const { changes, problems } = diffWaf({ webapps: [byName, byId] }, live({ shop, [hex('a')]: shop }));
    expect(problems).toEqual([
      { ...pos(20), message: `webapp "shop" is the same webapp as "${hex('a')}" at waf.yaml:10:3` },
    ]);
    expect(changes.map((c) => [c.address.ref, enabled(c.after?.enabled ?? [])])).toEqual([
      [hex('a'), ['Bingbot']],
    ]);
  });

  it('orders entries by file, then line, then column to find the first of two', () => {
    const shop = app('shop', 'a', bots([]));
    const cases: [SourcePosition, SourcePosition][] = [
      [pos(9, 1, 'a.yaml'), pos(1, 1, 'b.yaml')],
      [pos(5, 9), pos(6, 1)],
      [pos(5, 2), pos(5, 8)],
    ];
    for (const [first, second] of cases) {
      const webapps = [want('shop', [], 'exact', second), want(hex('a'), [], 'exact', first)];
      const { problems } = diffWaf({ webapps }, live({ shop, [hex('a')]: shop }));
      expect(problems.map((p) => [p.file, p.line, p.col])).toEqual([[second.file, second.line, second.col]]);
    }
  });

  it('plans several webapps sorted by their key', () => {
    const a = app('alpha', 'a', bots([]));
    const z = app('zulu', 'b', bots([]));
    const { changes } = diffWaf(
      { webapps: [want('zulu', ['Bingbot'], 'exact', pos(1)), want('alpha', ['Bingbot'], 'exact', pos(9))] },
      live({ zulu: z, alpha: a }),
    );
    expect(changes.map((c) => c.address.ref)).toEqual(['alpha', 'zulu']);
  });

  it('a webapp not in the account is a problem with the closest names; one never read is a bug', () => {
    const { changes, problems } = diffWaf(
      { webapps: [want('shopp', ['Googlebot'])] },
      live({ shopp: null }, ['blog', 'shop']),
    );
    expect(changes).toEqual([]);
    expect(problems).toEqual([
      { ...pos(1), message: 'webapp "shopp" does not exist in the WAF account; closest: shop' },
    ]);
    expect(() => diffWaf({ webapps: [want('shop', [])] }, live({}))).toThrow(
      'computePlan: live state has no entry for webapp shop (was it read?)',
    );
  });
});
