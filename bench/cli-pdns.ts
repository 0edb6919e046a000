/**
 * The CLI bench's PowerDNS scenarios (cli.ts): the CLI against a real pdns_server (the tests' helper: 127.0.0.1, a
 * throwaway sqlite database) behind a counting proxy. No-op plans of a zone of 1,000, 10,000 and 100,000 records
 * (the zone put there first by an apply that is not measured); an apply that updates 100 of 1,000 (the runs
 * alternate between the changed and the original addresses); applies that create zones (a fresh server per run).
 * Without pdns_server the scenarios are left out, saying why.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pdnsMissing, startPdnsServer } from '../test/providers/pdns/server.js';
import { startCountingProxy } from '../test/support/proxy.js';
import { type BenchContext, expectCode, measureRuns, runCli } from './cli-process.js';
import { bigZoneYaml, manyZonesYaml } from './cli-states.js';

interface Server {
  env: Record<string, string>;
  requests(): number;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  // A zone of 100,000 records is created by one POST of about 10 MB; PowerDNS takes 2 MB by default.
  const server = await startPdnsServer({ maxBodyMb: 64 });
  const proxy = await startCountingProxy(server.webUrl);
  return {
    env: { EDGEPLAN_PDNS_URL: proxy.url, EDGEPLAN_PDNS_API_KEY: server.apiKey, NO_COLOR: '1' },
    requests: proxy.count,
    async stop() {
      await proxy.close();
      await server.stop();
    },
  };
}

interface Scenario {
  name: string;
  /** Applied once to a new server before the runs, not measured. */
  setup?: string;
  /** The desired-state file of each run, in turn. */
  files: string[];
  command: 'plan' | 'apply';
  code: number;
  /** A fresh server for every run (a create needs the zone absent); otherwise one for all runs. */
  fresh: boolean;
}

async function measure(context: BenchContext, scenario: Scenario): Promise<void> {
  const run = async (cli: string, server: Server, args: string[], code: number) => {
    const result = await runCli(cli, args, server.env, context.dir);
    expectCode(result, code, `${scenario.name} (${args.join(' ')})`);
    return result;
  };
  let server: Server | undefined;
  try {
    await measureRuns(context, scenario.name, async (cli, index) => {
      if (!server) {
        server = await startServer();
        if (scenario.setup) await run(context.cli, server, ['apply', '--yes', scenario.setup], 0);
      }
      const before = server.requests();
      const file = scenario.files[index % scenario.files.length] ?? '';
      const args = scenario.command === 'apply' ? ['apply', '--yes', file] : ['plan', file];
      const figures = await run(cli, server, args, scenario.code);
      const requests = server.requests() - before;
      if (scenario.fresh) {
        await server.stop();
        server = undefined;
      }
      return { figures, requests };
    });
  } finally {
    await server?.stop();
  }
}

async function file(context: BenchContext, name: string, text: string): Promise<string> {
  const path = join(context.dir, name);
  await writeFile(path, text);
  return path;
}

export async function pdnsScenarios(context: BenchContext): Promise<void> {
  const missing = pdnsMissing();
  if (missing !== null) {
    console.error(`bench:cli: PowerDNS scenarios left out: ${missing}`);
    return;
  }
  const sizes = context.quick ? [1000] : [1000, 10_000, 100_000];
  for (const size of sizes) {
    const name = `PowerDNS no-op plan, ${size.toLocaleString('en-US')} records`;
    if (!context.wanted(name)) continue;
    const desired = await file(context, `pdns-${size}.yaml`, bigZoneYaml('pdns', size, 0, true));
    await measure(context, {
      name,
      setup: desired,
      files: [desired],
      command: 'plan',
      code: 0,
      fresh: false,
    });
  }
  const update = 'PowerDNS update 100 of 1,000 records';
  if (context.wanted(update)) {
    const original = await file(context, 'pdns-original.yaml', bigZoneYaml('pdns', 1000, 0, true));
    const changed = await file(context, 'pdns-changed.yaml', bigZoneYaml('pdns', 1000, 100));
    await measure(context, {
      name: update,
      setup: original,
      files: [changed, original],
      command: 'apply',
      code: 0,
      fresh: false,
    });
  }
  const created = 'PowerDNS new zone of 1,000 records';
  if (context.wanted(created)) {
    const desired = await file(context, 'pdns-new.yaml', bigZoneYaml('pdns', 1000, 0, true));
    await measure(context, { name: created, files: [desired], command: 'apply', code: 0, fresh: true });
  }
  const many = 'PowerDNS 100 new zones';
  if (context.wanted(many)) {
    const desired = await file(context, 'pdns-many.yaml', manyZonesYaml('pdns', 100));
    await measure(context, { name: many, files: [desired], command: 'apply', code: 0, fresh: true });
  }
}
