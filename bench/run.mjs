// `npm run bench [-- --quick] [-- --only=TEXT]`: plans and applies generated accounts (scenarios.mjs) against the
// emulator running in its own process, and prints per scenario and step the requests (total, of which WAF, 429s),
// the theoretical minimum, wall time, the client's CPU time and peak memory, and the emulator's CPU time; then the
// pure diff of 100,000 records. Figures, not timed tests. It fails (exit 1) when a step sends more requests than its
// minimum (the one allowance: a WAF change may need more than one status poll, each counted and shown), when a
// re-plan after apply is not empty, or when the rate-limit scenario misses its targets (≥ 90 % of the allowed rate
// used, < 1 % of requests answered 429).
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, runNode } from './processes.mjs';
import { generateScenario } from './scenarios.mjs';

const quick = process.argv.includes('--quick');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const SERVICES = { secondaries: 200, geoServices: 50, webapps: 100 };
/** Zones of every common type, changed in every way a set can change (scenarios.mjs, `mixed`). */
const MIXED_TYPES = { shape: 'mixed' };
const SCENARIOS = quick
  ? [
      { name: '10 zones × 10 records, 30 % changed', zones: 10, records: 10, changeShare: 0.3 },
      {
        name: 'mixed types: 10 zones × 66 records, 50 % changed',
        zones: 10,
        records: 66,
        changeShare: 0.5,
        ...MIXED_TYPES,
      },
      {
        name: '20 zones × 100 records + services',
        zones: 20,
        records: 100,
        changeShare: 0.1,
        secondaries: 20,
        geoServices: 10,
        webapps: 10,
      },
      {
        name: 'same, 20 ms latency',
        zones: 20,
        records: 100,
        changeShare: 0.1,
        secondaries: 20,
        geoServices: 10,
        webapps: 10,
        latencyMs: 20,
      },
      { name: 'rate limit 50/s: 30 zones × 40 records', zones: 30, records: 40, changeShare: 0.3, rate: 50 },
    ]
  : [
      { name: '10 zones × 10 records, 30 % changed', zones: 10, records: 10, changeShare: 0.3 },
      { name: '100 zones × 100 records + services', zones: 100, records: 100, changeShare: 0.1, ...SERVICES },
      { name: 'same, 20 ms latency', zones: 100, records: 100, changeShare: 0.1, ...SERVICES, latencyMs: 20 },
      { name: '10 zones × 1,000 records', zones: 10, records: 1000, changeShare: 0.1 },
      { name: '1,000 zones × 100 records', zones: 1000, records: 100, changeShare: 0.1 },
      {
        name: 'mixed types: 100 zones × 106 records',
        zones: 100,
        records: 106,
        changeShare: 0.3,
        ...MIXED_TYPES,
      },
      {
        name: 'mixed types: 10 zones × 1,002 records',
        zones: 10,
        records: 1002,
        changeShare: 0.1,
        ...MIXED_TYPES,
      },
      { name: 'rate limit 20/s: 60 zones × 40 records', zones: 60, records: 40, changeShare: 0.3, rate: 20 },
    ];

async function measure(scenario, dir) {
  const { seed, desired, minimum, counts } = generateScenario(scenario);
  const seedPath = join(dir, 'seed.json');
  const desiredPath = join(dir, 'desired.json');
  await writeFile(seedPath, JSON.stringify(seed));
  await writeFile(desiredPath, JSON.stringify(desired));
  const emulatorConfig = join(dir, 'emulator.json');
  const budget = scenario.rate ? { limit: scenario.rate, windowMs: 1000 } : undefined;
  await writeFile(
    emulatorConfig,
    JSON.stringify({ seedPath, latencyMs: scenario.latencyMs, dnsRateLimit: budget }),
  );
  const emulator = runNode('bench/emulator-process.mjs', [emulatorConfig]);
  const target = await emulator.firstLine;
  const origin = new URL(target.url).origin;
  const rows = [];
  try {
    for (const step of ['plan', 'apply', 're-plan']) {
      // Each step is a new client whose scheduler starts with a full budget: let the last step's window pass.
      if (budget) await new Promise((resolve) => setTimeout(resolve, budget.windowMs));
      await admin(origin, 'requests', 'DELETE');
      const before = await admin(origin, 'process');
      const clientConfig = join(dir, `client-${step}.json`);
      const config = {
        desiredPath,
        step: step === 'apply' ? 'apply' : 'plan',
        target,
        rateLimit: budget ?? false,
      };
      await writeFile(clientConfig, JSON.stringify(config));
      const client = runNode('bench/client-process.mjs', [clientConfig]);
      const figures = await client.firstLine;
      const requests = await admin(origin, 'requests');
      const after = await admin(origin, 'process');
      const count = (match) =>
        Object.entries(requests.byEndpoint)
          .filter(([key]) => match(key))
          .reduce((sum, [, n]) => sum + n, 0);
      const wafRequests = count((key) => key.includes(' /api/'));
      const changePolls = count((key) => key.startsWith('GET ') && key.includes('/changes/'));
      rows.push({
        scenario,
        step,
        counts,
        extraPolls: Math.max(0, changePolls - (step === 'apply' ? counts.changedWebapps : 0)),
        ...figures,
        requests,
        wafRequests,
        minimum: minimum[step === 're-plan' ? 'replan' : step],
        emulatorCpuMs: after.cpuMs - before.cpuMs,
        emulatorRssMb: after.maxRssMb,
      });
    }
  } finally {
    emulator.child.kill('SIGTERM');
    await once(emulator.child, 'exit');
  }
  return rows;
}

function diffCpu(zones, records) {
  return runNode('bench/diff-cpu.mjs', [String(zones), String(records)]).firstLine;
}

const problems = [];
const rows = [];
const dir = await mkdtemp(join(tmpdir(), 'edgeplan-bench-'));
try {
  for (const scenario of SCENARIOS.filter((s) => !only || s.name.includes(only)))
    rows.push(...(await measure(scenario, dir)));
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.log(
  '| scenario | step | requests (WAF) | minimum | wall ms | client CPU ms | client peak MB | emulator CPU ms |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const tooMany = r.requests.byStatus['429'] ?? 0;
  const polls = r.extraPolls > 0 ? `, ${r.extraPolls} more change polls` : '';
  const extra = `${tooMany > 0 ? `, ${tooMany} × 429` : ''}${polls}`;
  console.log(
    `| ${r.scenario.name} | ${r.step} | ${r.requests.total} (${r.wafRequests})${extra} | ${r.minimum} | ${r.wallMs} | ${r.cpuMs} | ${r.maxRssMb} | ${r.emulatorCpuMs} |`,
  );
  if (r.requests.total > r.minimum + r.extraPolls)
    problems.push(`${r.scenario.name} ${r.step}: ${r.requests.total} requests, minimum ${r.minimum}`);
  if (r.failed.length > 0) problems.push(`${r.scenario.name} ${r.step}: failed steps ${r.failed.join('; ')}`);
  if (r.step === 're-plan' && r.ops > 0)
    problems.push(`${r.scenario.name}: re-plan after apply has ${r.ops} ops`);
}

console.log('\nRequests by endpoint (apply steps):');
for (const r of rows.filter((row) => row.step === 'apply')) {
  const endpoints = Object.entries(r.requests.byEndpoint).map(([k, v]) => `${k.replace('/REST/', '')} ${v}`);
  const { changedRecordSets, touchedZones } = r.counts;
  console.log(
    `- ${r.scenario.name} (${changedRecordSets} record sets changed in ${touchedZones} zones): ${endpoints.join(', ')}`,
  );
}

for (const r of rows.filter((row) => row.scenario.rate && row.step !== 're-plan')) {
  const tooMany = r.requests.byStatus['429'] ?? 0;
  const windows = Math.max(1, Math.ceil(r.wallMs / 1000));
  const used = r.requests.total / (r.scenario.rate * windows);
  const share429 = tooMany / r.requests.total;
  console.log(
    `\nRate limit ${r.scenario.rate}/s, ${r.step}: ${r.requests.total} requests in ${r.wallMs} ms = ${(100 * used).toFixed(1)} % of the allowed rate (${windows} windows), ${tooMany} answered 429 (${(100 * share429).toFixed(2)} %)`,
  );
  if (r.requests.total >= 4 * r.scenario.rate && used < 0.9)
    problems.push(`rate limit ${r.step}: ${(100 * used).toFixed(1)} % used`);
  if (share429 >= 0.01) problems.push(`rate limit ${r.step}: ${(100 * share429).toFixed(2)} % answered 429`);
}

console.log(
  '\nPure diff of 100,000 desired against 100,000 live A records (10 % changed), one cold computePlan:',
);
for (const [zones, records] of [
  [100, 1000],
  [1, 100_000],
]) {
  const d = await diffCpu(zones, records);
  console.log(
    `- ${d.shape}: ${d.cpuMs} ms CPU, ${d.wallMs} ms wall, ${d.updates} updates, peak ${d.maxRssMb} MB`,
  );
}

if (problems.length > 0) {
  console.error(`\nbench: FAILED\n- ${problems.join('\n- ')}`);
  process.exitCode = 1;
}
