/**
 * The fault-injection flags of `edgeplan emulator` as commander options: one `--<kind>-rate P` per fault kind
 * (src/emulator/faults/options.ts), `--error-rate` as the short name of `--error-5xx-rate`, latency and jitter, how
 * long timeouts hold a request and jobs run, the session idle time, the seed that makes a run reproducible, and the
 * DNS API's per-account rate limit. What they ask of the emulator: emulator-faults.ts, loaded by the command only.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { FAULT_KINDS, type FaultKind } from '../../emulator/faults/options.js';

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

export const rateFlag = (kind: FaultKind) => `--${kind}-rate <p>`;

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
