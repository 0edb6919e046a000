/**
 * The fault-injection flags of `edgeplan emulator`: one `--<kind>-rate P` per fault kind (src/emulator/faults/
 * options.ts), `--error-rate` as the short name of `--error-5xx-rate`, latency and jitter, how long timeouts hold
 * a request and jobs run, the session idle time, the seed that makes a run reproducible, and the DNS API's
 * per-account rate limit (src/emulator/dyn/rate-limit.ts; off unless `--dns-rate-limit` is given).
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { type ChaosOptions, FAULT_KINDS, type FaultKind } from '../emulator/faults/options.js';
import type { EmulatorOptions } from '../emulator/index.js';
import { overProfile, realisticProfile } from '../emulator/realistic.js';
import { UsageError } from './exit-codes.js';

export interface EmulatorFaultFlags {
  latency?: number;
  jitter?: number;
  hang?: number;
  jobMs?: number;
  retryAfter?: number;
  seedRandom?: number;
  sessionIdle?: number;
  errorRate?: number;
  dnsRateLimit?: number;
  dnsRateWindow?: number;
  /** `--realistic`: the realistic profile (src/emulator/realistic.ts), the other flags winning one by one. */
  realistic?: boolean;
  /** `--time-scale F`: with `--realistic`, every duration of the profile times F. */
  timeScale?: number;
}

const rateFlag = (kind: FaultKind) => `--${kind}-rate <p>`;

export function withFaultOptions(command: Command): Command {
  command
    .option('--latency <ms>', 'add this delay to every answer', nonNegative)
    .option('--jitter <ms>', 'plus a random delay up to this', nonNegative)
    .option('--seed-random <n>', 'seed of every random fault decision (same seed, same faults)', integer)
    .option('--hang <ms>', 'how long a timeout fault holds a request before dropping it', nonNegative)
    .option('--job-ms <ms>', 'how long a request turned into a job runs', nonNegative)
    .option('--retry-after <s>', 'seconds a WAF 429 fault asks clients to wait', nonNegative)
    .option('--session-idle <s>', 'DNS session idle expiry in seconds (default 3600)', positive)
    .option('--error-rate <p>', 'same as --error-5xx-rate', probability)
    .option(
      '--realistic',
      'behave as the real services do: DNS rate limit 300/min, 5 s jobs, busy answers, idle logout (docs/emulator.md)',
      false,
    )
    .option('--time-scale <f>', 'with --realistic: multiply every duration of the profile by this', positive)
    .option(
      '--dns-rate-limit <n>',
      'DNS requests per window per account, then 429s (the service: 300)',
      positive,
    )
    .option(
      '--dns-rate-window <s>',
      'with --dns-rate-limit: window length in seconds (default 60)',
      positive,
    );
  for (const kind of FAULT_KINDS) {
    command.addOption(new Option(rateFlag(kind), `probability of a ${kind} fault`).argParser(probability));
  }
  return command;
}

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

function probability(value: string): number {
  const n = Number(value);
  if (!(value.trim() !== '' && n >= 0 && n <= 1))
    throw new InvalidArgumentError('expected a probability 0–1');
  return n;
}

function nonNegative(value: string): number {
  const n = Number(value);
  if (!(value.trim() !== '' && Number.isFinite(n) && n >= 0))
    throw new InvalidArgumentError('expected a number ≥ 0');
  return n;
}

function positive(value: string): number {
  const n = nonNegative(value);
  if (n === 0) throw new InvalidArgumentError('expected a number > 0');
  return n;
}

function integer(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('expected an integer');
  return n;
}
