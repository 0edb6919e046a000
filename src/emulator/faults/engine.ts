/**
 * The decisions of fault injection: per request, how long to delay it and which fault (if any) to inject, drawn
 * from the seeded per-request stream (prng.ts). At most one fault per request: the eligible kinds are tried in a
 * fixed order, each with its rate, and the first hit wins. Every injected fault is counted by kind, for reports.
 */

import {
  type ChaosOptions,
  FAULT_KINDS,
  type FaultKind,
  type ResolvedChaos,
  resolveChaos,
} from './options.js';
import { KeyedRandom } from './prng.js';

/** `before`: answered instead of processing the request; `after`: the request was processed, the answer is lost or late. */
export type FaultPhase = 'before' | 'after';

export interface InjectedFault {
  kind: FaultKind;
  phase: FaultPhase;
  /** The fault's own draws (which 5xx status, which job form). */
  random: () => number;
}

export interface RequestDraw {
  delayMs: number;
  fault: InjectedFault | null;
}

/** Counts of what was injected: `requests` seen, `delayed` by latency, and faults by kind. */
export interface ChaosStats {
  requests: number;
  delayed: number;
  faults: Record<FaultKind, number>;
}

const EITHER_PHASE: ReadonlySet<FaultKind> = new Set(['error-5xx', 'reset', 'timeout']);
const AFTER_ONLY: ReadonlySet<FaultKind> = new Set(['job-307', 'job-incomplete']);

export class ChaosEngine {
  readonly options: ResolvedChaos;
  private random: KeyedRandom;
  private on = true;
  private counts: ChaosStats;

  constructor(options: ChaosOptions = {}) {
    this.options = resolveChaos(options);
    this.random = new KeyedRandom(this.options.seed);
    this.counts = emptyStats();
  }

  /** Switched off, no request is delayed or faulted (a test's clean second run). */
  get enabled(): boolean {
    return this.on;
  }

  setEnabled(on: boolean): void {
    this.on = on;
  }

  stats(): ChaosStats {
    return { ...this.counts, faults: { ...this.counts.faults } };
  }

  /** The draw for one request; `key` identifies it (method and path), `eligible` lists the faults it may get. */
  draw(key: string, eligible: readonly FaultKind[]): RequestDraw {
    if (!this.on) return { delayMs: 0, fault: null };
    const random = this.random.draw(key);
    this.counts.requests++;
    const { latencyMs, jitterMs, rates } = this.options;
    const delayMs = latencyMs + Math.floor(random() * jitterMs);
    if (delayMs > 0) this.counts.delayed++;
    for (const kind of FAULT_KINDS) {
      const roll = random();
      if (!eligible.includes(kind) || roll >= rates[kind]) continue;
      const phase: FaultPhase = AFTER_ONLY.has(kind)
        ? 'after'
        : EITHER_PHASE.has(kind) && random() < 0.5
          ? 'after'
          : 'before';
      this.count(kind);
      return { delayMs, fault: { kind, phase, random } };
    }
    return { delayMs, fault: null };
  }

  /** A yes/no fault decided outside a request's draw (a WAF change that will fail); counted when yes. */
  chance(kind: FaultKind, key: string): boolean {
    if (!this.on || this.options.rates[kind] === 0) return false;
    const hit = this.random.draw(`${kind} ${key}`)() < this.options.rates[kind];
    if (hit) this.count(kind);
    return hit;
  }

  /** Counts a fault injected outside `draw` (the job-running answer while a session's job runs). */
  count(kind: FaultKind): void {
    this.counts.faults[kind]++;
  }
}

function emptyStats(): ChaosStats {
  return {
    requests: 0,
    delayed: 0,
    faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>,
  };
}
