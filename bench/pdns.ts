/**
 * `npm run bench:pdns`: edgeplan against a real PowerDNS server (pdns_server on 127.0.0.1, a throwaway sqlite
 * database: the tests' helper), each step a client process of its own (pdns-client.mjs, the built library). Prints
 * per scenario and step the requests the server answered (counted by a pass-through proxy), the minimum, the wall
 * time, the client's CPU time and peak memory. Scenarios: the quickstart's zones on an empty server (plan, apply,
 * re-plan), and a 1,000-record zone (create, change 10 %, re-plan). Without pdns_server it says what to install
 * and exits 0. Figures, not timed tests; it fails (exit 1) when a step sends more than its minimum, a step fails,
 * or a re-plan is not empty.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdnsMissing, startPdnsServer } from '../test/providers/pdns/server.js';
import { startCountingProxy } from '../test/support/proxy.js';
import { runNode } from './processes.mjs';

interface Figures {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  changes: number;
  ops: number;
  failed: string[];
}

interface Step {
  name: string;
  kind: 'plan' | 'apply';
  paths: string[];
  /**
   * Requests the step needs at least: one GET per zone to plan, plus one request per zone it writes (and one GET
   * right before each PATCH, which checks the zone is still what the plan read).
   */
  minimum: number;
  /** The re-plan after an apply: it must have no changes. */
  empty?: boolean;
}

/** `count` A records at r0000…, the first `changed` of them with other addresses. */
function bigZone(count: number, changed: number): string {
  const lines = Array.from({ length: count }, (_, i) => {
    const address = i < changed ? `198.51.100.${i % 250}` : `192.0.2.${i % 250}`;
    return `      r${String(i).padStart(4, '0')}: { a: [${address}] }`;
  });
  return `zones:\n  big.example:\n    default_ttl: 300\n    records:\n${lines.join('\n')}\n`;
}

async function scenarios(dir: string): Promise<{ name: string; steps: Step[] }[]> {
  const quickstart = join(dir, 'quickstart');
  for (const file of ['zones.yaml', 'new-zone.yaml'])
    await cp(join('examples/quickstart/dns', file), join(quickstart, file));
  const big = join(dir, 'big.yaml');
  const bigChanged = join(dir, 'big-changed.yaml');
  await writeFile(big, bigZone(1000, 0));
  await writeFile(bigChanged, bigZone(1000, 100));
  return [
    {
      name: 'quickstart (3 zones, empty server)',
      steps: [
        // Several zones: the zone list first, then a GET per listed zone (none on the empty server).
        { name: 'plan', kind: 'plan', paths: [quickstart], minimum: 1 },
        { name: 'apply', kind: 'apply', paths: [quickstart], minimum: 1 + 3 },
        { name: 're-plan', kind: 'plan', paths: [quickstart], minimum: 1 + 3, empty: true },
      ],
    },
    {
      name: '1,000-record zone',
      steps: [
        { name: 'plan', kind: 'plan', paths: [big], minimum: 1 },
        { name: 'create (apply)', kind: 'apply', paths: [big], minimum: 2 },
        { name: '10 % changed (apply)', kind: 'apply', paths: [bigChanged], minimum: 3 },
        { name: 're-plan', kind: 'plan', paths: [bigChanged], minimum: 1, empty: true },
      ],
    },
  ];
}

const missing = pdnsMissing();
if (missing !== null) {
  console.log(`bench:pdns skipped: ${missing}`);
  process.exit(0);
}

const problems: string[] = [];
const rows: string[] = [];
const dir = await mkdtemp(join(tmpdir(), 'edgeplan-bench-pdns-'));
const server = await startPdnsServer();
const proxy = await startCountingProxy(server.webUrl);
try {
  for (const scenario of await scenarios(dir))
    for (const step of scenario.steps) {
      const config = join(dir, 'client.json');
      await writeFile(
        config,
        JSON.stringify({
          paths: step.paths,
          step: step.kind,
          url: `${proxy.url}/api/v1`,
          apiKey: server.apiKey,
        }),
      );
      const before = proxy.count();
      const figures = await runNode<Figures>('bench/pdns-client.mjs', [config]).firstLine;
      const requests = proxy.count() - before;
      rows.push(
        `| ${scenario.name} | ${step.name} | ${requests} | ${step.minimum} | ${figures.changes} | ${figures.wallMs} | ${figures.cpuMs} | ${figures.maxRssMb} |`,
      );
      const where = `${scenario.name} ${step.name}`;
      if (requests > step.minimum) problems.push(`${where}: ${requests} requests, minimum ${step.minimum}`);
      if (figures.failed.length > 0) problems.push(`${where}: failed steps ${figures.failed.join('; ')}`);
      if (step.empty && figures.changes > 0)
        problems.push(`${where}: ${figures.changes} changes after apply`);
    }
} finally {
  await proxy.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}

console.log('| scenario | step | requests | minimum | changes | wall ms | client CPU ms | client peak MB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
if (problems.length > 0) {
  console.error(`\nbench:pdns: FAILED\n- ${problems.join('\n- ')}`);
  process.exitCode = 1;
}
