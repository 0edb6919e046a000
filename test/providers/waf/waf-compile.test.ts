import { describe, expect, it } from 'vitest';
import type { WebappChange } from '../../../src/model/change.js';
import {
  labelWafOp,
  parseWafOp,
  REQUESTS_PER_WAF_OP,
  WAF_OP_SCHEMA,
  WafOpError,
  wafCompiler,
} from '../../../src/providers/waf/index.js';
import { useNockGuard } from '../helpers/nock-guard.js';
import { BOT, testProvider, WEBAPP } from './waf-fixtures.js';

useNockGuard();

const bot = (key: keyof typeof BOT) => ({ id: BOT[key], name: key });
const change = (before: (keyof typeof BOT)[] | null, after: (keyof typeof BOT)[] | null): WebappChange => ({
  address: { kind: 'webapp', ref: 'shop', id: WEBAPP, name: 'Shop' },
  action: 'update',
  before: before === null ? null : { enabled: before.map(bot) },
  after: after === null ? null : { enabled: after.map(bot), mode: 'exact' },
});

describe('compileWebapp', () => {
  it('is one set-good-bots op: bots to enable and to disable by id, sorted; the webapp by id and live name', () => {
    expect(wafCompiler.compileWebapp(change(['google', 'ahrefs'], ['bing', 'google']))).toEqual([
      { kind: 'set-good-bots', webappId: WEBAPP, webapp: 'Shop', enable: [BOT.bing], disable: [BOT.ahrefs] },
    ]);
    const [all] = wafCompiler.compileWebapp(change([], ['google', 'bing', 'ahrefs']));
    expect(all?.kind === 'set-good-bots' && all.enable).toEqual([BOT.google, BOT.bing, BOT.ahrefs].sort());
  });

  it('makes no call when the enabled bots are the same', () => {
    expect(wafCompiler.compileWebapp(change(['bing'], ['bing']))).toEqual([]);
  });

  it('disables every enabled bot when the after side has none', () => {
    expect(wafCompiler.compileWebapp(change(['bing', 'google'], null))[0]).toMatchObject({
      enable: [],
      disable: [BOT.bing, BOT.google].sort(),
    });
  });
});

describe('the WAF op as data', () => {
  const op = wafCompiler.compileWebapp(change(['google'], ['bing']))[0];

  it('passes its strict schema, which refuses unknown fields and kinds', () => {
    expect(WAF_OP_SCHEMA.safeParse(op).success).toBe(true);
    expect(parseWafOp(op)).toEqual(op);
    expect(WAF_OP_SCHEMA.safeParse({ ...op, extra: 1 }).success).toBe(false);
    expect(WAF_OP_SCHEMA.safeParse({ ...op, kind: 'delete-webapp' }).success).toBe(false);
    expect(() => parseWafOp({ kind: 'publish', zone: 'a.test' })).toThrow(WafOpError);
  });

  it('has a one-line label saying what it does and what it costs', () => {
    expect(op && labelWafOp(op)).toBe(
      'set good bots of Shop: enable 1, disable 1; wait for the change; read back',
    );
  });

  it('is what the provider declares and executes: its name, requests per call, and no unchecked op sent', async () => {
    const { provider } = testProvider();
    expect(provider.name).toBe('waf');
    expect(provider.requestsPerCall).toBe(REQUESTS_PER_WAF_OP);
    expect(provider.compileWebapp(change(['google'], ['bing']))).toEqual([op]);
    await expect(provider.execute({ kind: 'set-good-bots', webappId: WEBAPP })).rejects.toBeInstanceOf(
      WafOpError,
    );
  });
});

describe('compilePurge', () => {
  it('is one purge-cache op for the step after the good bots when the desired state asks for it, else none', () => {
    const changed = change(['google'], ['bing']);
    expect(wafCompiler.compilePurge(changed)).toEqual([]);
    const withPurge = {
      ...changed,
      after: { enabled: [bot('bing')], mode: 'exact' as const, purge: { paths: ['/a'] } },
    };
    expect(wafCompiler.compilePurge(withPurge)).toEqual([
      { kind: 'purge-cache', webappId: WEBAPP, webapp: 'Shop', paths: ['/a'] },
    ]);
    const whole = { ...withPurge, after: { ...withPurge.after, purge: { paths: [] } } };
    expect(wafCompiler.compilePurge(whole)).toEqual([
      { kind: 'purge-cache', webappId: WEBAPP, webapp: 'Shop', paths: [] },
    ]);
  });
});
