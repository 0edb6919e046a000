/** Many chaos runs in a row and the figures of the reliability report (README "Reliability"). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULT_KINDS, type FaultKind } from '../../src/emulator/index.js';
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
  return [
    `chaos: ${s.runs} runs (seeds ${s.firstSeed}–${s.firstSeed + s.runs - 1}) in ${(s.ms / 1000).toFixed(1)} s`,
    `faults injected: ${total}`,
    kinds,
    `converged on the faulty run:   ${s.converged}`,
    `failed cleanly (then converged): ${s.failedCleanly}`,
    `runs breaking an invariant:    ${s.violated.length}`,
    `partial publishes:             ${s.partialPublishes}`,
    `records lost or changed:       ${s.recordsLost}`,
    `pending changes left to session expiry (never published): ${s.leftToExpiry}`,
    '',
  ].join('\n');
}
