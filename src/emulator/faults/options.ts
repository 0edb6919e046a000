/**
 * What the emulator's fault injection can do, and how often (`edgeplan emulator` flags and `createEmulator({chaos})`).
 * Rates are probabilities per eligible request, 0 (default) to 1. All randomness comes from `seed`, so a run
 * reproduces (see prng.ts).
 */

/**
 * The faults, by where they apply:
 * - any request of either API: `error-5xx` (500/502/503/504, before or after the request was processed), `reset`
 *   (the connection is destroyed, before or after processing), `timeout` (no answer for `hangMs`, then the
 *   connection is destroyed; before or after processing);
 * - DNS requests with a session: `job-307` and `job-incomplete` (the request is processed as a job: 307 to
 *   `/REST/Job/<id>/`, or 200 `status: incomplete`; `GET /Job/<id>/` answers the result after `jobMs`),
 *   `job-running` ("This session already has a job running", not processed; also answered for real while a job of
 *   the session runs), `session-expired` (the session ends by idle expiry just before the request, its pending
 *   changes dropped);
 * - DNS requests naming a zone: `task-blocked` ("zone: Operation blocked by current task", not processed);
 * - WAF: `waf-token-expired` (the bearer token expires just before the request), `waf-429` (429 with the
 *   rate-limit headers and `Retry-After`, not processed), `waf-change-failed` (a good-bots change ends `failed`).
 */
export type FaultKind =
  | 'error-5xx'
  | 'reset'
  | 'timeout'
  | 'job-307'
  | 'job-incomplete'
  | 'job-running'
  | 'session-expired'
  | 'task-blocked'
  | 'waf-token-expired'
  | 'waf-429'
  | 'waf-change-failed';

export const FAULT_KINDS: readonly FaultKind[] = [
  'error-5xx',
  'reset',
  'timeout',
  'job-307',
  'job-incomplete',
  'job-running',
  'session-expired',
  'task-blocked',
  'waf-token-expired',
  'waf-429',
  'waf-change-failed',
];

export interface ChaosOptions {
  /** Seed of every random decision; default 1. */
  seed?: number;
  /** Added to every answer, in ms; default 0. */
  latencyMs?: number;
  /** Plus a uniform draw in [0, jitterMs); default 0. */
  jitterMs?: number;
  /** Probability of each fault per eligible request; absent kinds never happen. */
  rates?: Partial<Record<FaultKind, number>>;
  /** How long a `timeout` holds a request before destroying its connection; default 2000 ms. */
  hangMs?: number;
  /** How long a request turned into a job stays running; default 1000 ms. */
  jobMs?: number;
  /** Seconds a WAF `waf-429` asks the client to wait (`Retry-After` and `X-RateLimit-Reset`); default 1. */
  retryAfterSeconds?: number;
}

export interface ResolvedChaos {
  seed: number;
  latencyMs: number;
  jitterMs: number;
  rates: Record<FaultKind, number>;
  hangMs: number;
  jobMs: number;
  retryAfterSeconds: number;
}

/** Defaults filled in; throws a RangeError naming the option that is out of range. */
export function resolveChaos(options: ChaosOptions = {}): ResolvedChaos {
  const rates = Object.fromEntries(FAULT_KINDS.map((k) => [k, options.rates?.[k] ?? 0])) as Record<
    FaultKind,
    number
  >;
  for (const [kind, rate] of Object.entries(rates)) {
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`fault rate of ${kind} must be in 0..1, got ${rate}`);
  }
  const resolved = {
    seed: options.seed ?? 1,
    latencyMs: options.latencyMs ?? 0,
    jitterMs: options.jitterMs ?? 0,
    rates,
    hangMs: options.hangMs ?? 2000,
    jobMs: options.jobMs ?? 1000,
    retryAfterSeconds: options.retryAfterSeconds ?? 1,
  };
  for (const key of ['latencyMs', 'jitterMs', 'hangMs', 'jobMs', 'retryAfterSeconds'] as const) {
    const value = resolved[key];
    if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`${key} must be ≥ 0, got ${value}`);
  }
  if (!Number.isInteger(resolved.seed)) throw new RangeError(`seed must be an integer, got ${resolved.seed}`);
  return resolved;
}
