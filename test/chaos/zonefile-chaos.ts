/**
 * Chaos on a zone-file provider, reproducible from a seed: a generated account (chaos-scenario.ts) as zone files,
 * a real `edgeplan apply` killed (SIGKILL) at a seeded point of its writes (fs-kill-hook.mjs: an open, a write, a
 * torn half write, a chmod, an fsync, a close, the rename, the directory's fsync, the sweep of old temporary files),
 * then the next apply. Checked:
 * - after the kill, every zone file is byte for byte the file before the apply or the file an apply without a kill
 *   writes (a reference run on a copy): never a torn, mixed or empty file (a partial write);
 * - the next apply converges in one run (exit 0: its own re-plan is empty), leaves every file as the reference run
 *   does and no temporary file in the directory;
 * - nothing outside the plan changes: zones the desired state does not name keep their bytes, and in the others
 *   the records kept as written, the sets at unmanaged names and the SOA but its serial (zonefile-scenario.ts).
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { mulberry32 } from '../../src/emulator/faults/prng.js';
import { checkZone } from '../providers/zonefile/checkzone.js';
import { cli } from '../support/cli.js';
import { spawnCli } from '../support/cli-process.js';
import { type Scenario, scenarioArbitrary, yamlOf } from './chaos-scenario.js';
import { same } from './expectations.js';
import { untouchable, zoneFileOf, zonefileYaml } from './zonefile-scenario.js';

const HOOK = resolve(import.meta.dirname, 'fs-kill-hook.mjs');
/** The calls a zone's write makes (open, write, chmod, fsync, close, rename, the directory's fsync). */
const CALLS_PER_WRITE = 7;

export type ZonefileOutcome = 'converged' | 'not-converged' | 'violated';

export interface ZonefileRunReport {
  seed: number;
  /** The call the apply died at (`write (torn)`), or `not killed` when it ran to its end first. */
  killedAt: string;
  outcome: ZonefileOutcome;
  /** Files after the kill that were neither the old file nor the complete new one. */
  partial: string[];
  /** Records outside the plan changed, by the kill or the next apply. */
  lost: string[];
  /** Temporary files left after the next apply. */
  tempsLeft: string[];
  problems: string[];
}

export interface ZonefileRunOptions {
  /** Also check each final file with BIND's named-checkzone. */
  checkzone?: boolean;
}

export async function zonefileChaosRun(
  seed: number,
  dir: string,
  options: ZonefileRunOptions = {},
): Promise<ZonefileRunReport> {
  const [scenario] = fc.sample(scenarioArbitrary, { seed, numRuns: 1 });
  if (!scenario) throw new Error('no scenario generated');
  const run = join(dir, `run-${seed}`);
  const reference = join(dir, `reference-${seed}`);
  try {
    await writeAccount(run, scenario);
    const before = await filesOf(run, scenario);
    await cp(run, reference, { recursive: true });
    const referenceApply = await cli(['apply', join(reference, 'desired.yaml'), '--yes', '--allow-unsafe']);
    if (referenceApply.code !== 0)
      throw new Error(`seed ${seed}: the reference apply failed: ${referenceApply.stderr}`);
    const target = await filesOf(reference, scenario);
    const writes = scenario.zoneNames.filter((zone) => target[zone] !== before[zone]).length;
    const random = mulberry32(seed);
    const killAt = 1 + Math.floor(random() * (1 + CALLS_PER_WRITE * writes));

    const killedAt = await killedApply(run, killAt, random() < 0.5);
    const afterKill = await filesOf(run, scenario);
    const partial = scenario.zoneNames.flatMap((zone) =>
      afterKill[zone] === before[zone] || afterKill[zone] === target[zone]
        ? []
        : [`${zone}: after the kill neither the old file nor the new one`],
    );

    const next = await cli(['apply', join(run, 'desired.yaml'), '--yes', '--allow-unsafe']);
    const final = await filesOf(run, scenario);
    const lost = scenario.zoneNames.flatMap((zone) =>
      lostIn(scenario, zone, before[zone] ?? null, final[zone] ?? null),
    );
    const tempsLeft = (await readdir(join(run, 'zones'))).filter((name) => name.endsWith('.tmp'));
    const problems = [...partial, ...lost, ...tempsLeft.map((name) => `temporary file left: ${name}`)];
    if (next.code === 0)
      for (const zone of scenario.zoneNames)
        if (final[zone] !== target[zone])
          problems.push(`${zone}: not the file an apply without a kill writes`);
    if (options.checkzone) problems.push(...(await refusedByBind(run, scenario, final)));
    const outcome: ZonefileOutcome =
      problems.length > 0 ? 'violated' : next.code === 0 ? 'converged' : 'not-converged';
    if (next.code !== 0) problems.push(`the next apply exited ${next.code}: ${next.stderr.trim()}`);
    return { seed, killedAt, outcome, partial, lost, tempsLeft, problems };
  } finally {
    await rm(run, { recursive: true, force: true });
    await rm(reference, { recursive: true, force: true });
  }
}

async function writeAccount(run: string, scenario: Scenario): Promise<void> {
  await mkdir(join(run, 'zones'), { recursive: true });
  await writeFile(join(run, 'desired.yaml'), zonefileYaml(scenario, yamlOf));
  for (const zone of scenario.zoneNames) {
    const text = zoneFileOf(zone, scenario.live[zone] ?? null);
    if (text !== null) await writeFile(join(run, 'zones', `${zone}.zone`), text);
  }
}

/** Each zone's file text, or null when it has none. */
async function filesOf(run: string, scenario: Scenario): Promise<Record<string, string | null>> {
  const entries = await Promise.all(
    scenario.zoneNames.map(async (zone) => [
      zone,
      await readFile(join(run, 'zones', `${zone}.zone`), 'utf8').catch(() => null),
    ]),
  );
  return Object.fromEntries(entries);
}

/**
 * `edgeplan apply` (the built CLI) killed at its `killAt`-th write call; the call it died at. The scenarios delete
 * much of some zones, which the default safety policy holds for approval: every apply here is approved.
 */
async function killedApply(run: string, killAt: number, torn: boolean): Promise<string> {
  const log = join(run, 'calls.log');
  const child = spawnCli(
    ['apply', join(run, 'desired.yaml'), '--yes', '--allow-unsafe'],
    {
      NODE_OPTIONS: `--import=${HOOK}`,
      EDGEPLAN_TEST_KILL_DIR: join(run, 'zones'),
      EDGEPLAN_TEST_KILL_AT: String(killAt),
      EDGEPLAN_TEST_KILL_TORN: torn ? '1' : '0',
      EDGEPLAN_TEST_KILL_LOG: log,
    },
    { built: true },
  );
  const exit = await child.exited;
  const calls = (await readFile(log, 'utf8').catch(() => '')).trim().split('\n');
  if (exit.signal !== 'SIGKILL') {
    if (exit.code !== 0)
      throw new Error(`the apply to kill failed on its own (${exit.code}): ${child.stderr()}`);
    return 'not killed';
  }
  const call = calls.at(-1)?.split(' ')[1] ?? '?';
  return call === 'write' && torn ? 'write (torn)' : call;
}

/** Lines of what no apply may change that differ between the two texts of `zone`'s file. */
function lostIn(scenario: Scenario, zone: string, before: string | null, after: string | null): string[] {
  if (!scenario.desired[zone])
    return before === after ? [] : [`${zone}: a zone outside the desired state changed`];
  if (before === null) return [];
  if (after === null) return [`${zone}: its file is gone`];
  const was = untouchable(scenario, zone, before);
  const now = untouchable(scenario, zone, after);
  return same(was, now) ? [] : [`${zone}: outside the plan, ${was.join(', ')} became ${now.join(', ')}`];
}

async function refusedByBind(
  run: string,
  scenario: Scenario,
  files: Record<string, string | null>,
): Promise<string[]> {
  const refused: string[] = [];
  for (const zone of scenario.zoneNames) {
    if (files[zone] === null) continue;
    const checked = await checkZone(zone, join(run, 'zones', `${zone}.zone`));
    if (!checked.ok) refused.push(`${zone}: named-checkzone refuses the file: ${checked.output.trim()}`);
  }
  return refused;
}

export interface ZonefileChaosSummary {
  runs: number;
  firstSeed: number;
  converged: number;
  violated: ZonefileRunReport[];
  /** Runs by the call the apply died at. */
  killedAt: Record<string, number>;
  partial: number;
  lost: number;
  tempsLeft: number;
  ms: number;
}

/** Runs seeds `firstSeed … firstSeed + runs - 1` in `dir`; `onRun` sees each report. */
export async function runZonefileChaos(
  runs: number,
  firstSeed: number,
  dir: string,
  options: ZonefileRunOptions = {},
  onRun: (report: ZonefileRunReport) => void = () => {},
): Promise<ZonefileChaosSummary> {
  const started = Date.now();
  const summary: ZonefileChaosSummary = {
    runs,
    firstSeed,
    converged: 0,
    violated: [],
    killedAt: {},
    partial: 0,
    lost: 0,
    tempsLeft: 0,
    ms: 0,
  };
  for (let seed = firstSeed; seed < firstSeed + runs; seed++) {
    const report = await zonefileChaosRun(seed, dir, options);
    summary.killedAt[report.killedAt] = (summary.killedAt[report.killedAt] ?? 0) + 1;
    if (report.outcome === 'converged') summary.converged++;
    if (report.outcome === 'violated') summary.violated.push(report);
    summary.partial += report.partial.length;
    summary.lost += report.lost.length;
    summary.tempsLeft += report.tempsLeft.length;
    onRun(report);
  }
  summary.ms = Date.now() - started;
  return summary;
}

export function formatZonefileSummary(s: ZonefileChaosSummary): string {
  const share = (n: number) => `${((100 * n) / s.runs).toFixed(1)} %`;
  const kills = Object.entries(s.killedAt)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([call, n]) => `  ${call.padEnd(18)} ${n}`)
    .join('\n');
  return [
    `chaos (zonefile): ${s.runs} runs (seeds ${s.firstSeed}–${s.firstSeed + s.runs - 1}) in ${(s.ms / 1000).toFixed(1)} s`,
    'applies killed (SIGKILL), by the call they died at:',
    kills,
    `next applies converged in one run: ${s.converged} (${share(s.converged)}; goal ≥ 99.5 %)`,
    `runs breaking an invariant:        ${s.violated.length}`,
    `partial files after a kill:        ${s.partial}`,
    `records outside the plan changed:  ${s.lost}`,
    `temporary files left:              ${s.tempsLeft}`,
    '',
  ].join('\n');
}
