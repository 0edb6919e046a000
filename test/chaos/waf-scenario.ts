/** The WAF half of a chaos scenario: one webapp, its live bots, and a desired allow list in exact or additive mode. */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { DEFAULT_BOT_CATALOGUE } from '../../src/emulator/waf/catalogue.js';

export const WEBAPP = 'shop';
const NAMES = DEFAULT_BOT_CATALOGUE.slice(0, 8).map((b) => b.name);

export interface WafScenario {
  live: string[];
  mode: 'exact' | 'additive';
  allow: string[];
}

export const wafScenarioArbitrary: fc.Arbitrary<WafScenario> = fc.record({
  live: fc.subarray(NAMES),
  mode: fc.constantFrom('exact' as const, 'additive' as const),
  allow: fc.subarray(NAMES, { minLength: 1 }),
});

export function wafYaml(waf: WafScenario): string {
  return stringify({ waf: { webapps: { [WEBAPP]: { good_bots: { mode: waf.mode, allow: waf.allow } } } } });
}

/** The bots enabled after a complete apply. */
export function targetBots(waf: WafScenario): string[] {
  const wanted = waf.mode === 'exact' ? waf.allow : [...new Set([...waf.live, ...waf.allow])];
  return [...wanted].sort();
}
