/**
 * The fault mix of chaos runs and the clients that face it. Clients keep their real retry, busy and job logic but
 * run on scaled time: every wait they make (backoff, job polls, busy waits, Retry-After) is divided by 200 and
 * capped at 5 ms, and the per-attempt timeout is short, so hundreds of runs fit in a CI minute. The emulator's own
 * times (hang, job duration) are real and small.
 */
import type { ChaosOptions, FaultKind } from '../../src/emulator/index.js';
import { createDynProvider, type DynProvider } from '../../src/providers/dyn/index.js';
import type { DecisionSink } from '../../src/providers/http/decisions.js';
import { createWafProvider, type WafProvider } from '../../src/providers/waf/index.js';

export const CHAOS_RATES: Record<FaultKind, number> = {
  'error-5xx': 0.03,
  reset: 0.02,
  timeout: 0.004,
  'job-307': 0.03,
  'job-incomplete': 0.03,
  'job-running': 0.02,
  'session-expired': 0.015,
  'task-blocked': 0.03,
  'waf-token-expired': 0.05,
  'waf-429': 0.05,
  'waf-change-failed': 0.15,
};

/**
 * Client timeout per attempt under faults (a `timeout` fault holds a request longer, so the client gives up), and
 * on the clean run, where only a loaded machine could make an answer slow.
 */
export const CLIENT_TIMEOUT_MS = 300;
export const CLEAN_TIMEOUT_MS = 10_000;

export function chaosOptions(seed: number): ChaosOptions {
  return { seed, rates: CHAOS_RATES, latencyMs: 0, jitterMs: 2, hangMs: 400, jobMs: 8, retryAfterSeconds: 1 };
}

const fastSleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(5, Math.ceil(ms / 200))));

const RETRY = { retries: 3, baseDelayMs: 200, maxDelayMs: 1000, maxRetryAfterMs: 60_000 };

export const DNS_CREDENTIALS = { customer_name: 'chaos', user_name: 'monkey', password: 'chaos-Pw-123!' };
export const WAF_CLIENT = { client_id: 'chaos-app', client_secret: 'chaos-Secret-456!' };

export function dnsProvider(
  url: string,
  timeoutMs = CLIENT_TIMEOUT_MS,
  onDecision?: DecisionSink,
): DynProvider {
  return createDynProvider({
    url,
    customerName: DNS_CREDENTIALS.customer_name,
    userName: DNS_CREDENTIALS.user_name,
    password: DNS_CREDENTIALS.password,
    timeoutMs,
    retry: RETRY,
    sleep: fastSleep,
    onDecision,
  });
}

export function wafProvider(
  wafUrl: string,
  timeoutMs = CLIENT_TIMEOUT_MS,
  onDecision?: DecisionSink,
): WafProvider {
  return createWafProvider({
    url: wafUrl,
    tokenUrl: `${new URL(wafUrl).origin}/api/oauth/token`,
    clientId: WAF_CLIENT.client_id,
    clientSecret: WAF_CLIENT.client_secret,
    userAgent: 'edgeplan-chaos/1',
    timeoutMs,
    retry: RETRY,
    sleep: fastSleep,
    onDecision,
  });
}
