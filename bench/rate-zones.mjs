// `npm run bench:rate-zones [-- --zones=N]`: an apply of many zones at once under the DNS service's real rate limit,
// 300 requests per 60 s window, not time-scaled: the emulator (emulator-process.mjs) limited so, the client in its
// own process (client-process.mjs) with the documented budget, planning then applying, under one signal as the CLI
// runs. 500 zones by default, each with one of its 10 A records changed (one address per node): a plan of about 500
// reads and an apply of 1,500 requests (the change, the serial read of compare-and-publish, the publish), so most
// requests wait in the client's queue for a window, many of them for longer than the 30 s attempt timeout. It takes
// about 7 minutes. Prints the requests the emulator answered, the client-side timeouts (attempts timed out, sent
// again or failed), the other repeats and waits, the wall time and the steps that failed; exit 1 unless there are no
// client-side timeouts, no failed step and no process warning. Figures, not a timed test.
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, runNode } from './processes.mjs';
import { generateScenario } from './scenarios.mjs';

const LIMIT = 300;
const WINDOW_MS = 60_000;
const zonesArg = process.argv.find((a) => a.startsWith('--zones='))?.slice('--zones='.length);
const ZONES = Number(zonesArg ?? 500);
if (!(Number.isInteger(ZONES) && ZONES > 0)) throw new Error(`--zones=${zonesArg}: a whole number > 0`);

const { seed, desired, minimum, counts } = generateScenario({
  zones: ZONES,
  records: 10,
  perNode: 1,
  changeShare: 0.1,
});

const dir = await mkdtemp(join(tmpdir(), 'edgeplan-bench-rate-zones-'));
let figures;
let requests;
try {
  const seedPath = join(dir, 'seed.json');
  const desiredPath = join(dir, 'desired.json');
  const emulatorConfig = join(dir, 'emulator.json');
  await writeFile(seedPath, JSON.stringify(seed));
  await writeFile(desiredPath, JSON.stringify(desired));
  await writeFile(
    emulatorConfig,
    JSON.stringify({ seedPath, dnsRateLimit: { limit: LIMIT, windowMs: WINDOW_MS } }),
  );
  const emulator = runNode('bench/emulator-process.mjs', [emulatorConfig]);
  const target = await emulator.firstLine;
  try {
    const clientConfig = join(dir, 'client.json');
    await writeFile(clientConfig, JSON.stringify({ desiredPath, step: 'apply', target, watch: true }));
    figures = await runNode('bench/client-process.mjs', [clientConfig]).firstLine;
    requests = await admin(new URL(target.url).origin, 'requests');
  } finally {
    emulator.child.kill('SIGTERM');
    await once(emulator.child, 'exit');
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const decided = (match) =>
  Object.entries(figures.decisions)
    .filter(([key]) => match(key))
    .reduce((sum, [, n]) => sum + n, 0);
// A timed-out attempt is either repeated (a decision) or, on its last attempt, the step's error.
const timedOutLast = figures.failed.filter((f) => /timed out after/.test(f)).length;
const timeouts = decided((key) => key.startsWith('timeout/')) + timedOutLast;
const repeats = decided((key) => !key.startsWith('timeout/'));
const longest = Math.max(0, ...figures.waits.map((w) => w.until - w.at));
const windows = Math.ceil(figures.wallMs / WINDOW_MS);

console.log(
  `DNS rate limit ${LIMIT} requests per 60 s (the service's window, not scaled); ${ZONES} zones, ` +
    `${counts.touchedZones} changed (${counts.changedRecordSets} record sets); plan and apply.\n`,
);
console.log('| figure | value |');
console.log('|---|---|');
console.log(`| requests answered | ${requests.total} (the fewest possible: ${minimum.apply}) |`);
console.log(`| answered 429 | ${requests.byStatus['429'] ?? 0} |`);
console.log(`| client-side timeouts | ${timeouts} |`);
console.log(`| other repeats and waits (by symptom) | ${repeats} ${JSON.stringify(figures.decisions)} |`);
console.log(`| rate-window waits (longest) | ${figures.waits.length} (${(longest / 1000).toFixed(1)} s) |`);
console.log(
  `| wall time | ${(figures.wallMs / 1000).toFixed(1)} s (${windows} windows; the budget allows ` +
    `${requests.total} requests in ${Math.ceil(requests.total / LIMIT)}) |`,
);
console.log(`| client CPU, peak RSS | ${(figures.cpuMs / 1000).toFixed(1)} s, ${figures.maxRssMb} MB |`);
console.log(`| failed steps | ${figures.failed.length} |`);
console.log(`| process warnings | ${figures.warnings.length} |`);
for (const failed of figures.failed.slice(0, 10)) console.log(`  failed: ${failed}`);
for (const warning of figures.warnings) console.log(`  warning: ${warning}`);
if (timeouts > 0 || figures.failed.length > 0 || figures.warnings.length > 0) process.exitCode = 1;
