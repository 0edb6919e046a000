/**
 * Many chaos runs on one real server in a row, and their figures: the same as Dyn's report (report.ts), with the
 * faults the proxies inject (server-targets.ts) in place of the emulator's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decision, Symptom } from '../../src/providers/http/decisions.js';
import { ZONES } from './chaos-scenario.js';
import { type ServerRunReport, serverChaosRun } from './server-chaos-run.js';
import {
  faultKindsOf,
  SERVER_FAULT_KINDS,
  type ServerFaultKind,
  type ServerKind,
  startChaosServer,
} from './server-targets.js';

export interface ServerChaosSummary {
  kind: ServerKind;
  runs: number;
  firstSeed: number;
  faults: Record<ServerFaultKind, number>;
  converged: number;
  failedCleanly: number;
  violated: ServerRunReport[];
  partial: number;
  recordsLost: number;
  duplicates: number;
  plans: number;
  plansRead: number;
  decisions: Partial<Record<Symptom, Partial<Record<Decision, number>>>>;
  /** Why runs did not converge, by the first words of their reason, counted. */
  notConverged: Record<string, number>;
  ms: number;
}

/** Runs seeds `firstSeed … firstSeed + runs - 1` against one server started for them. */
export async function runServerChaos(
  kind: ServerKind,
  runs: number,
  firstSeed: number,
  options: { concurrency?: number; onRun?: (report: ServerRunReport) => void } = {},
): Promise<ServerChaosSummary> {
  const dir = await mkdtemp(join(tmpdir(), `edgeplan-${kind}-chaos-`));
  const server = await startChaosServer(kind, ZONES);
  const started = Date.now();
  const summary: ServerChaosSummary = {
    kind,
    runs,
    firstSeed,
    faults: Object.fromEntries(SERVER_FAULT_KINDS.map((k) => [k, 0])) as Record<ServerFaultKind, number>,
    converged: 0,
    failedCleanly: 0,
    violated: [],
    partial: 0,
    recordsLost: 0,
    duplicates: 0,
    plans: 0,
    plansRead: 0,
    decisions: {},
    notConverged: {},
    ms: 0,
  };
  try {
    for (let seed = firstSeed; seed < firstSeed + runs; seed++) {
      const report = await serverChaosRun(server, seed, dir, options.concurrency);
      for (const k of SERVER_FAULT_KINDS) summary.faults[k] += report.faults[k];
      if (report.outcome === 'converged') summary.converged++;
      if (report.outcome === 'failed-cleanly') summary.failedCleanly++;
      if (report.outcome === 'violated') summary.violated.push(report);
      summary.partial += report.partial;
      summary.recordsLost += report.recordsLost;
      summary.duplicates += report.duplicates;
      summary.plans += report.checked === null ? 1 : 2;
      summary.plansRead += (report.planned ? 1 : 0) + (report.checked ? 1 : 0);
      for (const { symptom, decision } of report.decisions) {
        const row = summary.decisions[symptom] ?? {};
        row[decision] = (row[decision] ?? 0) + 1;
        summary.decisions[symptom] = row;
      }
      for (const reason of report.outcome === 'failed-cleanly' ? report.reasons : []) {
        const key = reasonKind(reason);
        summary.notConverged[key] = (summary.notConverged[key] ?? 0) + 1;
      }
      options.onRun?.(report);
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  summary.ms = Date.now() - started;
  return summary;
}

/**
 * A failure's reason without what varies between runs: the request's label (up to the server it went to), names
 * of zones, serials, ports, addresses.
 */
function reasonKind(reason: string): string {
  const what = /^\S+: (UPDATE|SOA|AXFR|PATCH|POST|GET)\b/.exec(reason)?.[1] ?? 'plan';
  return `${what}: ${reason.replace(/^.* at 127\.0\.0\.1:\d+: /, '')}`
    .replace(/[a-z]\.test/g, 'Z')
    .replace(/\d+(\.\d+)*/g, 'N')
    .slice(0, 160);
}

export function formatServerSummary(s: ServerChaosSummary): string {
  const total = Object.values(s.faults).reduce((a, b) => a + b, 0);
  const kinds = faultKindsOf(s.kind)
    .map((k) => `  ${k.padEnd(18)} ${s.faults[k]}`)
    .join('\n');
  const share = (n: number, of: number) => `${of === 0 ? '–' : ((100 * n) / of).toFixed(1)} %`;
  const decided = Object.entries(s.decisions)
    .map(([symptom, row]) => {
      const counts = Object.entries(row ?? {}).map(([decision, n]) => `${decision} ${n}`);
      return `  ${symptom.padEnd(18)} ${counts.join(', ')}`;
    })
    .join('\n');
  const why = Object.entries(s.notConverged)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `  ${String(n).padStart(4)} × ${reason}`)
    .join('\n');
  return [
    `chaos on ${s.kind}: ${s.runs} runs (seeds ${s.firstSeed}–${s.firstSeed + s.runs - 1}) in ${(s.ms / 1000).toFixed(1)} s`,
    `faults injected: ${total}`,
    kinds,
    `applies converged in the same run: ${s.converged} (${share(s.converged, s.runs)}; goal ≥ 99.5 %)`,
    `failed cleanly (then converged): ${s.failedCleanly}`,
    `plans and drifts read through:   ${s.plansRead} of ${s.plans} (${share(s.plansRead, s.plans)})`,
    `runs breaking an invariant:    ${s.violated.length}`,
    `zones left partial:            ${s.partial}`,
    `duplicate records:             ${s.duplicates}`,
    `records outside the plan lost or changed: ${s.recordsLost}`,
    'how the clients decided, per symptom:',
    decided || '  (nothing recorded)',
    'why runs did not converge:',
    why || '  (all converged)',
    '',
  ].join('\n');
}
