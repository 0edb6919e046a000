/**
 * What the fault-injection flags of `edgeplan emulator` (emulator-flags.ts) ask of the emulator: its chaos options,
 * session idle time and DNS rate limit (src/emulator/dyn/rate-limit.ts; off unless `--dns-rate-limit` is given), over
 * the realistic profile with `--realistic`. Loaded by the command only, with the emulator.
 */
import { Option } from 'commander';
import { type ChaosOptions, FAULT_KINDS, type FaultKind } from '../../emulator/faults/options.js';
import type { EmulatorOptions } from '../../emulator/index.js';
import { overProfile, realisticProfile } from '../../emulator/realistic.js';
import { UsageError } from '../exit-codes.js';
import { type EmulatorFaultFlags, rateFlag } from './emulator-flags.js';

type FaultOptions = Pick<EmulatorOptions, 'chaos' | 'sessionIdleMs' | 'dnsRateLimit' | 'waf'>;

/**
 * The emulator options the flags ask for; no fault flag at all gives no fault injection. With `--realistic`, the
 * realistic profile, each flag given beside it winning over the profile's value.
 */
export function faultOptionsOf(flags: EmulatorFaultFlags): FaultOptions {
  if (flags.timeScale !== undefined && !flags.realistic)
    throw new UsageError('--time-scale only works with --realistic');
  const given = explicitOptionsOf(flags);
  if (!flags.realistic) return given;
  const profile = realisticProfile({ timeScale: flags.timeScale, seed: flags.seedRandom });
  return overProfile(profile, given);
}

function explicitOptionsOf(flags: EmulatorFaultFlags): FaultOptions {
  // One `--<kind>-rate` per kind, read under commander's camel-case name of each flag.
  const byName: Record<string, unknown> = { ...flags };
  const rates: Partial<Record<FaultKind, number>> = {};
  for (const kind of FAULT_KINDS) {
    const value = byName[new Option(rateFlag(kind)).attributeName()];
    if (typeof value === 'number') rates[kind] = value;
  }
  if (flags.errorRate !== undefined) rates['error-5xx'] ??= flags.errorRate;
  const chaos: ChaosOptions = {
    ...(flags.seedRandom !== undefined ? { seed: flags.seedRandom } : {}),
    ...(flags.latency !== undefined ? { latencyMs: flags.latency } : {}),
    ...(flags.jitter !== undefined ? { jitterMs: flags.jitter } : {}),
    ...(flags.hang !== undefined ? { hangMs: flags.hang } : {}),
    ...(flags.jobMs !== undefined ? { jobMs: flags.jobMs } : {}),
    ...(flags.retryAfter !== undefined ? { retryAfterSeconds: flags.retryAfter } : {}),
    ...(Object.keys(rates).length > 0 ? { rates } : {}),
  };
  return {
    ...(Object.keys(chaos).length > 0 ? { chaos } : {}),
    ...(flags.sessionIdle !== undefined ? { sessionIdleMs: flags.sessionIdle * 1000 } : {}),
    ...(flags.dnsRateLimit !== undefined
      ? {
          dnsRateLimit: {
            limit: flags.dnsRateLimit,
            ...(flags.dnsRateWindow !== undefined ? { windowMs: flags.dnsRateWindow * 1000 } : {}),
          },
        }
      : {}),
  };
}

/** One line for the start-up message: what is switched on. */
export function describeFaults(
  options: Pick<EmulatorOptions, 'chaos' | 'dnsRateLimit' | 'sessionIdleMs'>,
): string {
  const limit = options.dnsRateLimit;
  const rate = limit ? `; DNS rate limit ${limit.limit} per ${(limit.windowMs ?? 60_000) / 1000} s` : '';
  const jobs = options.chaos?.jobMs === undefined ? '' : `; jobs run ${options.chaos.jobMs} ms`;
  const idle =
    options.sessionIdleMs === undefined ? '' : `; idle logout after ${options.sessionIdleMs / 1000} s`;
  return `${describeChaos(options.chaos)}${rate}${jobs}${idle}`;
}

function describeChaos(chaos: ChaosOptions | undefined): string {
  if (!chaos) return 'no faults';
  const rates = Object.entries(chaos.rates ?? {}).map(([kind, p]) => `${kind} ${p}`);
  const delay =
    chaos.latencyMs || chaos.jitterMs ? [`latency ${chaos.latencyMs ?? 0}+${chaos.jitterMs ?? 0} ms`] : [];
  return `faults (seed ${chaos.seed ?? 1}): ${[...delay, ...rates].join(', ') || 'none'}`;
}
