/**
 * The CLI bench's Dyn scenarios (cli.ts): the CLI against the emulator in a process of its own
 * (emulator-process.mjs, its admin endpoint counting the requests it answered). No-op plans of a zone of 1,000,
 * 10,000 and 100,000 records; an apply that updates 100 of 1,000 (the runs alternate between the changed and the
 * original addresses, each an update of 100); and applies that create zones (a fresh, empty emulator per run).
 */
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BenchContext, type CliRun, expectCode, medians, RUNS, runCli } from './cli-process.js';
import { bigZoneSeed, bigZoneYaml, EMPTY_SEED, manyZonesYaml } from './cli-states.js';
import { admin, runNode } from './processes.mjs';

interface Target {
  url: string;
  credentials: { customer_name: string; user_name: string; password: string };
}

interface Emulator {
  env: Record<string, string>;
  origin: string;
  stop(): Promise<void>;
}

async function startEmulator(context: BenchContext, seed: unknown): Promise<Emulator> {
  const seedPath = join(context.dir, 'seed.json');
  const config = join(context.dir, 'emulator.json');
  await writeFile(seedPath, JSON.stringify(seed));
  await writeFile(config, JSON.stringify({ seedPath }));
  const emulator = runNode<Target>('bench/emulator-process.mjs', [config]);
  const target = await emulator.firstLine;
  return {
    env: {
      EDGEPLAN_DYN_URL: target.url,
      EDGEPLAN_DYN_CUSTOMER: target.credentials.customer_name,
      EDGEPLAN_DYN_USER: target.credentials.user_name,
      EDGEPLAN_DYN_PASSWORD: target.credentials.password,
      NO_COLOR: '1',
    },
    origin: new URL(target.url).origin,
    async stop() {
      emulator.child.kill('SIGTERM');
      await once(emulator.child, 'exit');
    },
  };
}

interface Scenario {
  name: string;
  seed: unknown;
  /** The desired-state file of each run, in turn. */
  files: string[];
  command: 'plan' | 'apply';
  code: number;
  /** A fresh emulator for every run (a create needs the zone absent); otherwise one for all runs. */
  fresh: boolean;
}

async function measure(context: BenchContext, scenario: Scenario): Promise<void> {
  const runs: CliRun[] = [];
  const requests: number[] = [];
  let emulator: Emulator | undefined;
  try {
    for (let i = 0; i < RUNS; i++) {
      if (!emulator) emulator = await startEmulator(context, scenario.seed);
      await admin(emulator.origin, 'requests', 'DELETE');
      const file = scenario.files[i % scenario.files.length] ?? '';
      const args = scenario.command === 'apply' ? ['apply', '--yes', file] : ['plan', file];
      const run = await runCli(context.cli, args, emulator.env, context.dir);
      expectCode(run, scenario.code, scenario.name);
      runs.push(run);
      requests.push(((await admin(emulator.origin, 'requests')) as { total: number }).total);
      if (scenario.fresh) {
        await emulator.stop();
        emulator = undefined;
      }
    }
  } finally {
    await emulator?.stop();
  }
  const counts = [...new Set(requests)];
  context.rows.push({ name: scenario.name, ...medians(runs), requests: counts.join(' / ') });
}

async function file(context: BenchContext, name: string, text: string): Promise<string> {
  const path = join(context.dir, name);
  await writeFile(path, text);
  return path;
}

export async function dynScenarios(context: BenchContext): Promise<void> {
  const sizes = context.quick ? [1000] : [1000, 10_000, 100_000];
  for (const size of sizes) {
    const name = `Dyn no-op plan, ${size.toLocaleString('en-US')} records`;
    if (!context.wanted(name)) continue;
    const desired = await file(context, `dyn-${size}.yaml`, bigZoneYaml('dyn', size));
    await measure(context, {
      name,
      seed: bigZoneSeed(size),
      files: [desired],
      command: 'plan',
      code: 0,
      fresh: false,
    });
  }
  const update = 'Dyn update 100 of 1,000 records';
  if (context.wanted(update)) {
    const changed = await file(context, 'dyn-changed.yaml', bigZoneYaml('dyn', 1000, 100));
    const original = await file(context, 'dyn-original.yaml', bigZoneYaml('dyn', 1000));
    await measure(context, {
      name: update,
      seed: bigZoneSeed(1000),
      files: [changed, original],
      command: 'apply',
      code: 0,
      fresh: false,
    });
  }
  const created = 'Dyn new zone of 1,000 records';
  if (context.wanted(created)) {
    const desired = await file(context, 'dyn-new.yaml', bigZoneYaml('dyn', 1000, 0, true));
    await measure(context, {
      name: created,
      seed: EMPTY_SEED,
      files: [desired],
      command: 'apply',
      code: 0,
      fresh: true,
    });
  }
  const many = 'Dyn 100 new zones';
  if (context.wanted(many)) {
    const desired = await file(context, 'dyn-many.yaml', manyZonesYaml('dyn', 100));
    await measure(context, {
      name: many,
      seed: EMPTY_SEED,
      files: [desired],
      command: 'apply',
      code: 0,
      fresh: true,
    });
  }
}
