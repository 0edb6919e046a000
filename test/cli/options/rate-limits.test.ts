import { describe, expect, it } from 'vitest';
import { wafRateShare } from '../../../src/cli/options/rate-limits.js';
import { dynRateShare } from '../../../src/providers/dyn/config.js';

const dnsRateShare = (flags: { dnsRateLimit?: number }, io: { env: Record<string, string> }) =>
  dynRateShare(flags.dnsRateLimit, io.env);

describe('the rate-limit share of the service commands', () => {
  it('is none without a flag or a variable: the provider uses the documented or announced limit', () => {
    expect(dnsRateShare({}, { env: {} })).toBeUndefined();
    expect(wafRateShare({}, { env: {} })).toBeUndefined();
  });

  it('is requests per minute for DNS and per hour for WAF, the flag before the variable', () => {
    const env = { EDGEPLAN_DYN_RATE_LIMIT: '100', EDGEPLAN_WAF_RATE_LIMIT: '250' };
    expect(dnsRateShare({}, { env })).toEqual({ limit: 100, windowMs: 60_000 });
    expect(wafRateShare({}, { env })).toEqual({ limit: 250, windowMs: 3_600_000 });
    expect(dnsRateShare({ dnsRateLimit: 150 }, { env })).toEqual({ limit: 150, windowMs: 60_000 });
    expect(wafRateShare({ wafRateLimit: 400 }, { env })).toEqual({ limit: 400, windowMs: 3_600_000 });
  });

  it('refuses a bad variable even when the flag wins', () => {
    const env = { EDGEPLAN_DYN_RATE_LIMIT: 'fast', EDGEPLAN_WAF_RATE_LIMIT: '0' };
    expect(() => dnsRateShare({ dnsRateLimit: 150 }, { env })).toThrow('EDGEPLAN_DYN_RATE_LIMIT');
    expect(() => wafRateShare({ wafRateLimit: 400 }, { env })).toThrow('EDGEPLAN_WAF_RATE_LIMIT');
  });
});
