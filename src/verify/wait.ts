import { setTimeout as sleep } from 'node:timers/promises';
import { judge, type ServedExpectation } from '../plan/review/served.js';
import { type Asked, type AskOptions, askServers, type ServersOf } from './ask.js';

export interface WaitOptions extends AskOptions {
  /** Give up this long after the first round started (`timeoutMs` is one query's). */
  deadlineMs: number;
  /** Pause between two rounds of questions. */
  intervalMs: number;
  /** The clock (ms); default Date.now. */
  now?: () => number;
  /** The pause between rounds, ended early by the signal; default a timer. Tests give a fake clock's. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const timer = (ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal });

/** How one zone (on one provider) came to be served: after how long, or which servers still lag and on what. */
export interface ZoneWait {
  zone: string;
  /** The name of the zone's DNS provider. */
  provider: string;
  /** Record sets waited for. */
  sets: number;
  /** When the last of them was served as planned by every server, from the start; absent: not within the time. */
  servedAfterMs?: number;
  /** At the end, the servers not yet serving every set as planned, each with one set it lags on and why. */
  lagging: { server: string; set: string; why: string }[];
}

export interface WaitResult {
  zones: ZoneWait[];
  waitedMs: number;
  /** Every set is served as planned by every server. */
  done: boolean;
  rounds: number;
}

/**
 * Asks the servers again and again until each expectation is served as planned by every server of its zone (for a
 * set the plan deletes: served by none), or `deadlineMs` has passed. Each round asks only what is not served yet; a
 * server that does not answer counts as not serving yet. The result says per zone how long it took, or which
 * servers still lag.
 */
export async function waitServed(
  expectations: readonly ServedExpectation[],
  serversOf: ServersOf,
  options: WaitOptions,
): Promise<WaitResult> {
  const now = options.now ?? Date.now;
  const pause = options.sleep ?? timer;
  const start = now();
  const zoneKey = (e: ServedExpectation) => `${e.zone}\u0000${e.provider}`;
  const servedAt = new Map<string, number>();
  let pending = [...expectations];
  let last: Asked[];
  let rounds = 0;
  for (;;) {
    rounds += 1;
    last = await askServers(pending, serversOf, options);
    pending = last
      .filter((a) => !a.answers.every((s) => judge(a.expectation, s.answer).verdict === 'served'))
      .map((a) => a.expectation);
    const at = now() - start;
    for (const e of expectations) {
      const key = zoneKey(e);
      if (!servedAt.has(key) && !pending.some((p) => zoneKey(p) === key)) servedAt.set(key, at);
    }
    if (pending.length === 0 || at >= options.deadlineMs) break;
    await pause(Math.min(options.intervalMs, Math.max(0, options.deadlineMs - at)), options.signal);
  }
  const zones = [...new Map(expectations.map((e) => [zoneKey(e), e])).values()].map((e): ZoneWait => {
    const key = zoneKey(e);
    const mine = last.filter((a) => zoneKey(a.expectation) === key);
    const lagging = new Map<string, { server: string; set: string; why: string }>();
    for (const { expectation, answers } of mine) {
      for (const { server, answer } of answers) {
        const { verdict, why } = judge(expectation, answer);
        if (verdict !== 'served' && !lagging.has(server))
          lagging.set(server, {
            server,
            set: `${expectation.fqdn} ${expectation.type}`,
            why: why ?? verdict,
          });
      }
    }
    const servedAfterMs = servedAt.get(key);
    return {
      zone: e.zone,
      provider: e.provider,
      sets: expectations.filter((x) => zoneKey(x) === key).length,
      ...(servedAfterMs !== undefined ? { servedAfterMs } : {}),
      // A zone served has no lagging server: its sets were served by every server the round they were asked last.
      lagging: [...lagging.values()],
    };
  });
  return { zones, waitedMs: now() - start, done: pending.length === 0, rounds };
}
