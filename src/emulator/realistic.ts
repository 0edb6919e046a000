/**
 * The realistic profile (`edgeplan emulator --realistic`, `--sandbox --realistic`): one named set of the emulator's
 * existing options that turns on together what the real DNS service does and the default emulator leaves off or
 * makes instant. Every number, and where it comes from:
 *
 * | behaviour | value | source |
 * |---|---|---|
 * | DNS rate limit | 300 requests per 60 s per account, then 429 | help.dyn.com, Managed DNS API rate limit |
 * | jobs | a request answered as a job runs 5 s | help.dyn.com, Get Job: requests not done in 5 s become jobs |
 * | job forms | 307 to `/REST/Job/<id>/` on 2 % of session requests, 200 `incomplete` on 1 % | forms: fog #575, denominator #261; rates inferred (the service says "intermittently") |
 * | "job running" | 1 % of session requests, and always while a job of the session runs | help.dyn.com error codes; rate inferred |
 * | "Operation blocked by current task" | 1 % of zone requests | help.dyn.com error codes, denominator DynECTTest; rate inferred |
 * | idle logout | a session unused for 60 min ends (`login: inactivity logout`) | help.dyn.com: sessions "can and will timeout"; the period is not public, 60 min inferred |
 * | WAF good-bots change | `pending` 1 s, `in_progress` 2 s, then `finished` | the API names the states, not their length; inferred ("a few seconds") |
 *
 * `timeScale` multiplies every duration above (windows, job run time, idle time, change timing), never a count or a
 * rate: 0.1 gives 300 requests per 6 s, 0.5 s jobs and a 6 min idle logout, so that tests and the demo keep their
 * wall time short. The client's own waits (its job polls, its busy retries) are not scaled. The WAF's 500 requests
 * an hour and 20 purges an hour are on in every profile.
 */

import { DEFAULT_DNS_RATE_LIMIT, type DnsRateLimitOptions } from './dyn/rate-limit.js';
import type { ChaosOptions } from './faults/options.js';
import type { WafEmulatorOptions } from './waf/service.js';

export interface RealisticOptions {
  /** Multiplies every duration of the profile; default 1 (real time). */
  timeScale?: number;
  /** Seed of the random fault decisions; default 1. */
  seed?: number;
}

/** The profile's options, ready to spread into `createEmulator` (EmulatorOptions). */
export interface RealisticProfile {
  dnsRateLimit: DnsRateLimitOptions;
  sessionIdleMs: number;
  chaos: ChaosOptions;
  waf: WafEmulatorOptions;
}

export const REALISTIC = {
  dnsRateLimit: DEFAULT_DNS_RATE_LIMIT,
  jobMs: 5_000,
  rates: { 'job-307': 0.02, 'job-incomplete': 0.01, 'job-running': 0.01, 'task-blocked': 0.01 },
  sessionIdleMs: 60 * 60_000,
  wafChange: { pendingMs: 1_000, runMs: 2_000 },
} as const;

export function realisticProfile(options: RealisticOptions = {}): RealisticProfile {
  const scale = options.timeScale ?? 1;
  if (!(Number.isFinite(scale) && scale > 0)) throw new RangeError(`timeScale must be > 0, got ${scale}`);
  const scaled = (ms: number) => Math.max(1, Math.round(ms * scale));
  return {
    dnsRateLimit: {
      limit: REALISTIC.dnsRateLimit.limit,
      windowMs: scaled(REALISTIC.dnsRateLimit.windowMs),
    },
    sessionIdleMs: scaled(REALISTIC.sessionIdleMs),
    chaos: {
      seed: options.seed ?? 1,
      jobMs: scaled(REALISTIC.jobMs),
      rates: { ...REALISTIC.rates },
    },
    waf: {
      changes: {
        pendingMs: scaled(REALISTIC.wafChange.pendingMs),
        runMs: scaled(REALISTIC.wafChange.runMs),
      },
    },
  };
}

/**
 * The profile with options given beside it winning one by one (a fault rate, the seed, the idle time, the rate
 * limit): `--realistic --job-307-rate 0` is the profile without 307 jobs.
 */
export function overProfile(
  profile: RealisticProfile,
  given: Partial<Pick<RealisticProfile, 'dnsRateLimit' | 'sessionIdleMs' | 'chaos'>>,
): RealisticProfile {
  return {
    dnsRateLimit: given.dnsRateLimit ?? profile.dnsRateLimit,
    sessionIdleMs: given.sessionIdleMs ?? profile.sessionIdleMs,
    chaos: {
      ...profile.chaos,
      ...given.chaos,
      rates: { ...profile.chaos.rates, ...given.chaos?.rates },
    },
    waf: profile.waf,
  };
}
