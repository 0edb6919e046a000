/** Many chaos runs in a row and the figures of the reliability report (docs/benchmarks.md, "Chaos runs"). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULT_KINDS, type FaultKind } from '../../src/emulator/index.js';
import type { Decision, Symptom } from '../../src/providers/http/decisions.js';
import { chaosRun, type RunReport } from './chaos-run.js';

export interface ChaosSummary {
  runs: number;
  firstSeed: number;
  faults: Record<FaultKind, number>;
  converged: number;
  failedCleanly: number;
  violated: RunReport[];
  partialPublishes: number;
  recordsLost: number;
  duplicates: number;
  /** Plans (the faulty run's plan and its check-plan, each a drift's reads) made, and of them read through. */
  plans: number;
  plansRead: number;
  /** How the clients decided, per symptom they met: symptom → decision → count. */
  decisions: Partial<Record<Symptom, Partial<Record<Decision, number>>>>;
  leftToExpiry: number;
  ms: number;
}

/** Runs seeds `firstSeed … firstSeed + runs - 1`; `onRun` sees each report (progress, failures). */
export async function runChaos(
  runs: number,
  firstSeed: number,
  onRun: (report: RunReport) => void = () => {},
): Promise<ChaosSummary> {
  const dir = await mkdtemp(join(tmpdir(), 'edgeplan-chaos-'));
  const started = Date.now();
  const summary: ChaosSummary = {
    runs,
    firstSeed,
    faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>,
    converged: 0,
    failedCleanly: 0,
    violated: [],
    partialPublishes: 0,
    recordsLost: 0,
    duplicates: 0,
    plans: 0,
    plansRead: 0,
    decisions: {},
    leftToExpiry: 0,
    ms: 0,
  };
  try {
    for (let seed = firstSeed; seed < firstSeed + runs; seed++) {
      const report = await chaosRun(seed, dir);
      for (const kind of FAULT_KINDS) summary.faults[kind] += report.faults[kind];
      if (report.outcome === 'converged') summary.converged++;
      if (report.outcome === 'failed-cleanly') summary.failedCleanly++;
      if (report.outcome === 'violated') summary.violated.push(report);
      summary.partialPublishes += report.partialPublishes;
      summary.recordsLost += report.recordsLost;
      summary.duplicates += report.duplicates;
      summary.plans += report.checked === null ? 1 : 2;
      summary.plansRead += (report.planned ? 1 : 0) + (report.checked ? 1 : 0);
      for (const { symptom, decision } of report.decisions) {
        const row = summary.decisions[symptom] ?? {};
        row[decision] = (row[decision] ?? 0) + 1;
        summary.decisions[symptom] = row;
      }
      summary.leftToExpiry += report.leftToExpiry;
      onRun(report);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  summary.ms = Date.now() - started;
  return summary;
}

export function formatSummary(s: ChaosSummary): string {
  const total = Object.values(s.faults).reduce((a, b) => a + b, 0);
  const kinds = FAULT_KINDS.map((k) => `  ${k.padEnd(18)} ${s.faults[k]}`).join('\n');
  const share = (n: number, of: number) => `${of === 0 ? '–' : ((100 * n) / of).toFixed(1)} %`;
  const decided = Object.entries(s.decisions)
    .map(([symptom, row]) => {
      const counts = Object.entries(row ?? {}).map(([decision, n]) => `${decision} ${n}`);
      return `  ${symptom.padEnd(18)} ${counts.join(', ')}`;
    })
    .join('\n');
  return [
    `chaos: ${s.runs} runs (seeds ${s.firstSeed}–${s.firstSeed + s.runs - 1}) in ${(s.ms / 1000).toFixed(1)} s`,
    `faults injected: ${total}`,
    kinds,
    `applies converged in the same run: ${s.converged} (${share(s.converged, s.runs)}; goal ≥ 99 %)`,
    `failed cleanly (then converged): ${s.failedCleanly}`,
    `plans and drifts read through:   ${s.plansRead} of ${s.plans} (${share(s.plansRead, s.plans)}; goal ≥ 99 %)`,
    `runs breaking an invariant:    ${s.violated.length}`,
    `partial publishes:             ${s.partialPublishes}`,
    `duplicate records:             ${s.duplicates}`,
    `records outside the plan lost or changed: ${s.recordsLost}`,
    `pending changes left to session expiry (never published): ${s.leftToExpiry}`,
    'how the clients decided, per symptom:',
    decided || '  (nothing to decide)',
    '',
  ].join('\n');
}
