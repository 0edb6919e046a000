/**
 * `npm run bench:bind`: the same zone changes through a real BIND 9 (the `rfc2136` provider: zone transfer and
 * TSIG-signed UPDATEs) and through a real PowerDNS (its HTTP API), side by side. Both servers are started on free
 * 127.0.0.1 ports by the tests' helpers (BIND with the zones configured empty, as RFC 2136 cannot create them;
 * PowerDNS with a throwaway sqlite database). Zones of 1,000 and 10,000 A records: plan (BIND: one AXFR), create
 * (BIND: a chain of UPDATEs into the empty zone), change 10 % of the addresses, re-plan. Each step runs as a client
 * process of its own on the built library (rfc2136-client.mjs, pdns-client.mjs).
 *
 * Per step it prints the requests (BIND: DNS messages the provider sent, counted by the provider; PowerDNS: HTTP
 * requests the server answered, counted by a pass-through proxy), the writes (UPDATE messages; POST or PATCH), the changes,
 * wall time, the client process's CPU time (process.cpuUsage in it) and the server's CPU time over the step (its
 * /proc/PID/stat). Figures, not timed tests; it fails (exit 1) when a step fails, sends more than its minimum, or a
 * re-plan is not empty. Without named, knotd, dig or pdns_server it says what to install and exits 0.
 *
 * Then the RFC 2136 floor table (rfc2136-floor.ts): messages and octets on BIND 9 and Knot next to nsupdate's.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdnsMissing, startPdnsServer } from '../test/providers/pdns/server.js';
import { serversMissing, startServer } from '../test/providers/rfc2136/servers.js';
import { startCountingProxy } from '../test/support/proxy.js';
import { runNode } from './processes.mjs';
import { FLOOR_HEADER, floorRows } from './rfc2136-floor.js';

interface Figures {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  changes: number;
  ops: number;
  requests?: number;
  failed: string[];
}

interface Step {
  name: string;
  kind: 'plan' | 'apply';
  /** The desired state: `changed` of the zone's `count` records with other addresses. */
  changed: number;
  /** The re-plan after an apply: it must have no changes. */
  empty?: boolean;
}

const SIZES = [1_000, 10_000];
const STEPS: Step[] = [
  { name: 'plan (empty zone)', kind: 'plan', changed: 0 },
  { name: 'create (apply)', kind: 'apply', changed: 0 },
  { name: '10 % changed (apply)', kind: 'apply', changed: 0.1 },
  { name: 're-plan', kind: 'plan', changed: 0.1, empty: true },
];

const zoneOf = (count: number) => `big${count}.example`;

/** `count` A records at r00000…, the first `changed` share of them with other addresses. */
function bigZone(count: number, changed: number): string {
  const lines = Array.from({ length: count }, (_, i) => {
    const octets = `${(i >> 8) & 255}.${i & 255}`;
    const address = i < count * changed ? `10.1.${octets}` : `10.0.${octets}`;
    return `      r${String(i).padStart(5, '0')}: { a: [${address}] }`;
  });
  return `zones:\n  ${zoneOf(count)}:\n    default_ttl: 300\n    records:\n${lines.join('\n')}\n`;
}

/**
 * The least a step can send. BIND: one AXFR per zone to plan; per UPDATE message the UPDATE (the first conditional
 * on the SOA the plan's AXFR read) and an IXFR after it (what is served is compared with what was sent). PowerDNS: one GET per zone to plan; a POST creating the zone; a GET checking the zone
 * right before its PATCH, and the PATCH.
 */
function minimum(server: 'BIND' | 'PowerDNS', step: Step, figures: Figures): number {
  if (step.kind === 'plan') return 1;
  if (server === 'BIND') return 1 + 2 * figures.ops;
  return step.changed === 0 ? 2 : 3;
}

/** The process's CPU time so far (user + system), in ms; 0 where /proc is not there. */
async function cpuMsOf(pid: number | undefined): Promise<number> {
  if (pid === undefined) return 0;
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const missing = serversMissing() ?? pdnsMissing();
if (missing !== null) {
  console.log(`bench:bind skipped: ${missing}`);
  process.exit(0);
}

const problems: string[] = [];
const rows: string[] = [];
let floor: string[] = [];
const dir = await mkdtemp(join(tmpdir(), 'edgeplan-bench-bind-'));
const bind = await startServer(
  'bind',
  SIZES.map((count) => ({ zone: zoneOf(count) })),
);
const pdns = await startPdnsServer();
const proxy = await startCountingProxy(pdns.webUrl);
try {
  for (const count of SIZES)
    for (const step of STEPS)
      for (const server of ['BIND', 'PowerDNS'] as const) {
        const desired = join(dir, `zone-${count}-${step.changed}.yaml`);
        await writeFile(desired, bigZone(count, step.changed));
        const config = join(dir, 'client.json');
        const common = { paths: [desired], step: step.kind };
        await writeFile(
          config,
          JSON.stringify(
            server === 'BIND'
              ? { ...common, host: '127.0.0.1', port: bind.port, keyText: bind.keyText }
              : { ...common, url: `${proxy.url}/api/v1`, apiKey: pdns.apiKey },
          ),
        );
        const pid = server === 'BIND' ? bind.pid : pdns.pid;
        const serverBefore = await cpuMsOf(pid);
        const proxied = proxy.count();
        const client = server === 'BIND' ? 'bench/rfc2136-client.mjs' : 'bench/pdns-client.mjs';
        const figures = await runNode<Figures>(client, [config]).firstLine;
        const serverMs = (await cpuMsOf(pid)) - serverBefore;
        const requests = server === 'BIND' ? (figures.requests ?? 0) : proxy.count() - proxied;
        const least = minimum(server, step, figures);
        const writes = step.kind === 'apply' ? figures.ops : 0;
        rows.push(
          `| ${count.toLocaleString('en')} | ${step.name} | ${server} | ${requests} | ${writes} | ${figures.changes} | ${figures.wallMs} | ${figures.cpuMs} | ${serverMs} |`,
        );
        const where = `${server} ${count} ${step.name}`;
        if (requests > least) problems.push(`${where}: ${requests} requests, minimum ${least}`);
        if (figures.failed.length > 0) problems.push(`${where}: failed steps ${figures.failed.join('; ')}`);
        if (step.empty && figures.changes > 0)
          problems.push(`${where}: ${figures.changes} changes after apply`);
      }
  const measured = await floorRows(dir);
  floor = measured.rows;
  problems.push(...measured.problems);
} finally {
  await proxy.close();
  await pdns.stop();
  await bind.stop();
  await rm(dir, { recursive: true, force: true });
}

console.log(
  '| records | step | server | requests | UPDATEs / writes | changes | wall ms | client CPU ms | server CPU ms |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  '\nRFC 2136 at the message floor: each apply as `edgeplan apply` runs it (plan, UPDATEs, check plan)\n',
);
for (const row of [...FLOOR_HEADER, ...floor]) console.log(row);
if (problems.length > 0) {
  console.error(`\nbench:bind: FAILED\n- ${problems.join('\n- ')}`);
  process.exitCode = 1;
}
