/**
 * The WAF reconciler's central property against the real emulator over HTTP: for generated catalogues states and
 * desired allow lists, plan → apply → plan is empty; exact mode leaves exactly the listed bots enabled, additive
 * mode enables them and leaves every other bot as it was; webapps not in the desired state are never written.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOT_CATALOGUE } from '../../src/emulator/waf/catalogue.js';
import { applyPlan, planLive, writersOf } from '../../src/engine/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import { fakeClock } from '../support/fake-clock.js';
import { oneProviderDesired } from '../support/one-provider.js';
import { startSandbox } from '../support/sandbox.js';
import { enabledBots } from './helpers.js';

// Time budget: ten times its slowest test (10.1 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const NAMES = DEFAULT_BOT_CATALOGUE.map((b) => b.name);
const botSet = fc.subarray(NAMES);
const APPS = ['shop', 'blog', 'docs'] as const;

const scenario = fc.record({
  live: fc.tuple(botSet, botSet, botSet),
  wanted: fc.tuple(
    fc.option(
      fc.record({
        mode: fc.constantFrom('exact' as const, 'additive' as const),
        allow: botSet,
        upper: fc.boolean(),
      }),
    ),
    fc.option(
      fc.record({
        mode: fc.constantFrom('exact' as const, 'additive' as const),
        allow: botSet,
        upper: fc.boolean(),
      }),
    ),
    fc.option(
      fc.record({
        mode: fc.constantFrom('exact' as const, 'additive' as const),
        allow: botSet,
        upper: fc.boolean(),
      }),
    ),
  ),
});

const NOWHERE = { file: 'gen.yaml', line: 1, col: 1 };

describe('WAF plan → apply → plan against the emulator', () => {
  it('converges; exact sets exactly the list, additive only adds; untouched webapps get no write', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ live, wanted }) => {
        const sandbox = await startSandbox(
          { waf: { webapps: APPS.map((name, i) => ({ name, enabled_bots: live[i] })) } },
          { waf: {}, clock: fakeClock(Date.now()) },
        );
        try {
          const desired: DesiredState = oneProviderDesired({
            zones: [],
            waf: {
              webapps: APPS.flatMap((name, i) => {
                const w = wanted[i];
                if (!w) return [];
                const allow = w.allow.map((bot) => ({ ref: w.upper ? bot.toUpperCase() : bot, at: NOWHERE }));
                return [{ ref: name, at: NOWHERE, mode: w.mode, allow }];
              }),
            },
          });
          const provider = sandbox.wafProvider();
          const plan = await planLive(desired, { waf: provider });
          const log = sandbox.emulator.requestLog;
          log.clear();
          const result = await applyPlan(plan, writersOf({ waf: provider }));
          expect(result.ok).toBe(true);
          expect(log.count({ method: 'PUT' })).toBe(plan.steps.length);

          const again = await planLive(desired, { waf: sandbox.wafProvider() });
          expect(again.steps).toEqual([]);
          APPS.forEach((name, i) => {
            const w = wanted[i];
            const before = [...(live[i] ?? [])].sort();
            const after = enabledBots(sandbox.emulator, name);
            if (!w) expect(after).toEqual(before);
            else if (w.mode === 'exact') expect(after).toEqual([...w.allow].sort());
            else expect(after).toEqual([...new Set([...before, ...w.allow])].sort());
          });
        } finally {
          await sandbox.close();
        }
      }),
      { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 40) },
    );
  });
});
