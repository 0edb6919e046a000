/**
 * One chaos run on a real server (server-targets.ts), reproducible from its seed as far as the server's own
 * numbering allows: the generated scenario of chaos-scenario.ts (three zones of A, AAAA, MX, TXT and CNAME records,
 * KX records and unmanaged names left alone), seeded on the server without faults; an apply through the faulty
 * proxy (plan, apply, and the check-plan after it, as `edgeplan apply` runs them), then a clean apply. Checked, as
 * on Dyn (chaos-run.ts):
 * - after the faulty apply every zone is as it was or exactly as desired, never between: nothing partial;
 * - a zone whose step applied is as desired;
 * - no record outside the plan changed (other types, unmanaged names, the apex NS), after either apply;
 * - the clean apply converges: the server holds the desired records at every managed name, a third plan is empty.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadDesiredState } from '../../src/config/index.js';
import { type ApplyResult, applyPlan, planLive, writersOf } from '../../src/engine/index.js';
import type { DesiredState, DnsProvider } from '../../src/model/dns.js';
import type { ClientDecision } from '../../src/providers/http/decisions.js';
import { providerLike } from '../support/load-options.js';
import { DYN } from '../support/one-provider.js';
import type { RunOutcome } from './chaos-run.js';
import { type Scenario, scenarioArbitrary, targetLines, yamlOf } from './chaos-scenario.js';
import { duplicateRecords, lostRecords, same, unconverged, zoneLines } from './expectations.js';
import { asSnapshot } from './server-scenario.js';
import type { ChaosServer, ServerFaultKind, ServerKind } from './server-targets.js';

export interface ServerRunReport {
  seed: number;
  kind: ServerKind;
  outcome: RunOutcome;
  faults: Record<ServerFaultKind, number>;
  /** Steps of the faulty apply that did not apply, or `plan` when its plan could not read. */
  failed: string[];
  reasons: string[];
  /** Zones the faulty apply left neither as they were nor as desired. */
  partial: number;
  recordsLost: number;
  duplicates: number;
  planned: boolean;
  checked: boolean | null;
  decisions: ClientDecision[];
  problems: string[];
}

/** `concurrency`: zones applied at once (apply's `--concurrency`; its default when absent). */
export async function serverChaosRun(
  server: ChaosServer,
  seed: number,
  dir: string,
  concurrency?: number,
): Promise<ServerRunReport> {
  const [generated] = fc.sample(scenarioArbitrary, { seed, numRuns: 1 });
  if (!generated) throw new Error('no scenario generated');
  const scenario = server.scenario(generated);
  const file = join(dir, `${server.kind}-chaos-${seed}.yaml`);
  await writeFile(file, yamlOf(scenario));
  const loaded = await loadDesiredState([file], providerLike('dns', server.capabilities));
  if (!loaded.ok)
    throw new Error(`generated desired state is invalid: ${JSON.stringify(loaded.diagnostics)}`);
  const zones = scenario.zoneNames;

  await server.seed(scenario);
  const before = asSnapshot(await server.read(zones));
  const decisions: ClientDecision[] = [];
  server.arm(seed);
  let first: FirstApply;
  let faults: Record<ServerFaultKind, number>;
  try {
    first = await faultyApply(
      loaded.desired,
      server.provider('proxy', (d) => decisions.push(d)),
      concurrency,
    );
  } finally {
    faults = server.disarm();
  }
  const afterFirst = asSnapshot(await server.read(zones));
  const problems: string[] = [];
  const partial = betweenStates(scenario, first.result, before, afterFirst);
  problems.push(...partial);
  const lost = lostRecords(scenario, before, afterFirst);
  const duplicates = duplicateRecords(afterFirst);

  const clean = server.provider('direct');
  try {
    const plan = await planLive(loaded.desired, { dns: { [DYN]: clean } });
    if (first.result?.ok && plan.steps.length > 0)
      problems.push(`apply said ok but a new plan has changes: ${plan.steps.map((s) => s.id).join(', ')}`);
    const result = await applyPlan(plan, writersOf({ dns: { [DYN]: clean } }));
    if (!result.ok) problems.push(`clean apply failed: ${JSON.stringify(result.steps)}`);
    const again = await planLive(loaded.desired, { dns: { [DYN]: clean } });
    if (again.steps.length > 0) problems.push(`not converged: ${again.steps.map((s) => s.id).join(', ')}`);
  } finally {
    await clean.close();
  }
  const final = asSnapshot(await server.read(zones));
  problems.push(...unconverged(scenario, final));
  lost.push(...lostRecords(scenario, before, final));
  duplicates.push(...duplicateRecords(final));
  problems.push(...lost, ...duplicates);
  return {
    seed,
    kind: server.kind,
    outcome:
      problems.length > 0
        ? 'violated'
        : first.result?.ok && first.reasons.length === 0
          ? 'converged'
          : 'failed-cleanly',
    faults,
    failed: first.failed,
    reasons: first.reasons,
    partial: partial.length,
    recordsLost: lost.length,
    duplicates: duplicates.length,
    planned: first.planned,
    checked: first.checked,
    decisions,
    problems,
  };
}

interface FirstApply {
  result?: ApplyResult;
  failed: string[];
  reasons: string[];
  planned: boolean;
  checked: boolean | null;
}

/** Plan, apply and plan again through the faulty proxy; a plan that cannot read is a failure before any write. */
async function faultyApply(
  desired: DesiredState,
  dns: DnsProvider,
  concurrency: number | undefined,
): Promise<FirstApply> {
  try {
    let plan: Awaited<ReturnType<typeof planLive>>;
    try {
      plan = await planLive(desired, { dns: { [DYN]: dns } });
    } catch (error) {
      return { failed: ['plan'], reasons: [`plan: ${message(error)}`], planned: false, checked: null };
    }
    const result = await applyPlan(
      plan,
      writersOf({ dns: { [DYN]: dns } }),
      concurrency ? { concurrency } : {},
    );
    const failed = result.steps.filter((s) => s.status !== 'applied');
    const reasons = failed.flatMap((s) => (s.status === 'failed' ? [`${s.id}: ${s.error}`] : []));
    const checked = await planLive(desired, { dns: { [DYN]: dns } }).then(
      () => true,
      () => false,
    );
    return { result, failed: failed.map((s) => s.id), reasons, planned: true, checked };
  } finally {
    await dns.close();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Zones of the desired state that the faulty apply left between two states: neither as before nor as desired, or
 * (for a zone whose step applied) not as desired. A zone the plan could not reach counts as not applied.
 */
function betweenStates(
  scenario: Scenario,
  result: ApplyResult | undefined,
  before: ReturnType<typeof asSnapshot>,
  after: ReturnType<typeof asSnapshot>,
): string[] {
  const applied = new Set(
    (result?.steps ?? []).filter((s) => s.status === 'applied').map((s) => s.target.name),
  );
  return Object.keys(scenario.desired).flatMap((zone) => {
    const now = zoneLines(scenario, after, zone);
    const target = targetLines(scenario, zone);
    if (same(now, target)) return [];
    if (applied.has(zone)) return [`zone ${zone} applied but not as desired: ${now.join(', ')}`];
    if (same(now, zoneLines(scenario, before, zone))) return [];
    return [`zone ${zone} left between states: ${now.join(', ')}`];
  });
}
