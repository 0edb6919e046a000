/**
 * The CLI bench's Dyn scenarios (cli.ts): the CLI against the emulator in a process of its own
 * (emulator-process.mjs, its admin endpoint counting the requests it answered). No-op plans of a zone of 1,000,
 * 10,000 and 100,000 records; an apply that updates 100 of 1,000 (the runs alternate between the changed and the
 * original addresses, each an update of 100); and applies that create zones (a fresh, empty emulator per run).
 */
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BenchContext,
  type CliFigures,
  expectCode,
  measureRuns,
  medians,
  runCli,
} from './cli-process.js';
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
  let emulator: Emulator | undefined;
  try {
    await measureRuns(context, scenario.name, async (cli, index) => {
      if (!emulator) emulator = await startEmulator(context, scenario.seed);
      await admin(emulator.origin, 'requests', 'DELETE');
      const file = scenario.files[index % scenario.files.length] ?? '';
      const args = scenario.command === 'apply' ? ['apply', '--yes', file] : ['plan', file];
      const run = await runCli(cli, args, emulator.env, context.dir);
      expectCode(run, scenario.code, scenario.name);
      const requests = ((await admin(emulator.origin, 'requests')) as { total: number }).total;
      if (scenario.fresh) {
        await emulator.stop();
        emulator = undefined;
      }
      return { figures: run, requests };
    });
  } finally {
    await emulator?.stop();
  }
}

async function file(context: BenchContext, name: string, text: string): Promise<string> {
  const path = join(context.dir, name);
  await writeFile(path, text);
  return path;
}

/** Requests of the per-request scenarios: enough that start-up and warm-up stay out of the figure. */
export const CPU_REQUESTS = 1000;

/**
 * The client's own CPU per request, measured directly (request-cpu-client.mjs in a process of its own, the emulator
 * in another): CPU_REQUESTS `GET`s through the real Dyn client, and the same through Node's `http` alone (the floor
 * under the client's work). The medians of `context.runs` runs, as rows: CPU and wall time of the requests, the client's peak
 * RSS. What "CPU per request" (cli-goals.ts) is held to: an apply's CPU less a validate's charges its plan, diff and
 * report to its requests.
 */
async function requestCpu(context: BenchContext): Promise<void> {
  const modes = [
    { mode: 'client', name: `Dyn client, ${CPU_REQUESTS.toLocaleString('en-US')} GETs (CPU in the client)` },
    { mode: 'node-http', name: `Node's \`http\` alone, the same GETs (the floor)` },
  ].filter(({ name }) => context.wanted(name));
  if (modes.length === 0) return;
  const emulator = await startEmulator(context, bigZoneSeed(10));
  try {
    const { EDGEPLAN_DYN_URL, EDGEPLAN_DYN_CUSTOMER, EDGEPLAN_DYN_USER, EDGEPLAN_DYN_PASSWORD } =
      emulator.env;
    const credentials = [EDGEPLAN_DYN_URL, EDGEPLAN_DYN_CUSTOMER, EDGEPLAN_DYN_USER, EDGEPLAN_DYN_PASSWORD];
    for (const { mode, name } of modes) {
      const runs: CliFigures[] = [];
      for (let i = 0; i < context.runs; i++) {
        const args = [mode, ...credentials.map((value) => value ?? ''), String(CPU_REQUESTS)];
        const client = runNode<{ cpuMs: number; wallMs: number; maxRssMb: number }>(
          'bench/request-cpu-client.mjs',
          args,
        );
        const figures = await client.firstLine;
        await once(client.child, 'exit');
        runs.push({ cpu: figures.cpuMs / 1000, wall: figures.wallMs / 1000, rssMb: figures.maxRssMb });
      }
      context.rows.push({ name, ...medians(runs), requests: String(CPU_REQUESTS) });
    }
  } finally {
    await emulator.stop();
  }
}

export async function dynScenarios(context: BenchContext): Promise<void> {
  await requestCpu(context);
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
