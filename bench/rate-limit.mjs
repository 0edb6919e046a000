// `npm run bench:rate [-- --window=SECONDS]`: the work that a rate limit makes slow, against an emulator limited to
// 300 DNS requests per window (emulator-process.mjs), each client in its own process (client-process.mjs, the
// documented budget, which the emulator's X-RateLimit-* headers confirm): a new zone of 1,000 A records, and 100 of
// 1,000 records changed, each from a fresh window and again right after another client has spent the window. The
// window is 6 s by default, the service's 60 s scaled down with the same 300 requests per window (`--window=60` for
// the real one). Prints per scenario the requests, wall time, 429s, waits and the share of the allowed rate used,
// then its goals with pass or fail; exit 1 when one fails. Figures, not timed tests.
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, runNode } from './processes.mjs';
import { generateScenario } from './scenarios.mjs';

const LIMIT = 300;
const windowArg = process.argv.find((a) => a.startsWith('--window='))?.slice('--window='.length);
const WINDOW_MS = Math.round(Number(windowArg ?? 6) * 1000);
if (!(WINDOW_MS > 0)) throw new Error(`--window=${windowArg}: seconds > 0`);
/** The work, as the issue measured it: one zone of 1,000 A records, one address to a node. */
const SHAPE = { zones: 1, records: 1000, perNode: 1 };

function newZone() {
  const { desired } = generateScenario({ ...SHAPE, changeShare: 0 });
  return { seed: { dns: { zones: {} } }, desired };
}

function update() {
  const { seed, desired, minimum, counts } = generateScenario({ ...SHAPE, changeShare: 0.1 });
  return { seed, desired, minimum: minimum.apply, changedNodes: counts.changedRecordSets };
}

/**
 * Another client of the account: logs in, then reads, 20 at a time, until the service answers 429, so the window it
 * began is spent, its most part still to run.
 */
async function spendWindow(target) {
  const { customer_name, user_name, password } = target.credentials;
  const login = await fetch(`${target.url}/Session/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ customer_name, user_name, password }),
  });
  const token = (await login.json()).data?.token ?? '';
  let refused = false;
  const reader = async () => {
    while (!refused) {
      const res = await fetch(`${target.url}/Zone/`, { headers: { 'Auth-Token': token } });
      await res.arrayBuffer();
      if (res.status === 429) refused = true;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: 20 }, reader));
  return Date.now() - started;
}

async function measure(name, work, dir, { spent }) {
  const seedPath = join(dir, 'seed.json');
  const desiredPath = join(dir, 'desired.json');
  await writeFile(seedPath, JSON.stringify(work.seed));
  await writeFile(desiredPath, JSON.stringify(work.desired));
  const emulatorConfig = join(dir, 'emulator.json');
  const dnsRateLimit = { limit: LIMIT, windowMs: WINDOW_MS };
  await writeFile(emulatorConfig, JSON.stringify({ seedPath, dnsRateLimit }));
  const emulator = runNode('bench/emulator-process.mjs', [emulatorConfig]);
  const target = await emulator.firstLine;
  const origin = new URL(target.url).origin;
  try {
    const spentMs = spent ? await spendWindow(target) : undefined;
    await admin(origin, 'requests', 'DELETE');
    const clientConfig = join(dir, 'client.json');
    await writeFile(clientConfig, JSON.stringify({ desiredPath, step: 'apply', target, watch: true }));
    const figures = await runNode('bench/client-process.mjs', [clientConfig]).firstLine;
    const requests = await admin(origin, 'requests');
    return { name, work, spent, spentMs, ...figures, requests };
  } finally {
    emulator.child.kill('SIGTERM');
    await once(emulator.child, 'exit');
  }
}

/** The longest time without a line on stderr during a wait, and how many waits over 10 s went unannounced. */
function silences(run) {
  let longest = 0;
  let unannounced = 0;
  for (const wait of run.waits.filter((w) => w.until - w.at > 10_000)) {
    const times = run.lines.map((l) => l.at).filter((t) => t >= wait.at && t <= wait.until);
    if (!times.some((t) => t - wait.at < 1000)) unannounced += 1;
    const points = [wait.at, ...times, wait.until];
    for (let i = 1; i < points.length; i++) longest = Math.max(longest, points[i] - points[i - 1]);
  }
  return { longest, unannounced };
}

const dir = await mkdtemp(join(tmpdir(), 'edgeplan-bench-rate-'));
const runs = {};
try {
  const fresh = { spent: false };
  const spent = { spent: true };
  runs.newZone = await measure('new zone of 1,000 A records', newZone(), dir, fresh);
  runs.update = await measure('100 of 1,000 records changed', update(), dir, fresh);
  runs.newZoneSpent = await measure('new zone, window spent by another client', newZone(), dir, spent);
  runs.updateSpent = await measure('100 changed, window spent by another client', update(), dir, spent);
} finally {
  await rm(dir, { recursive: true, force: true });
}

const windowText = WINDOW_MS === 60_000 ? 'the service’s 60 s' : `${WINDOW_MS / 1000} s (60 s scaled down)`;
console.log(`DNS rate limit ${LIMIT} requests per window of ${windowText}; each run plans and applies.\n`);
console.log('| scenario | requests | wall ms | 429s | waits (longest ms) | share of the allowed rate used |');
console.log('|---|---|---|---|---|---|');
for (const r of Object.values(runs)) {
  const refused = r.requests.byStatus['429'] ?? 0;
  const windows = Math.max(1, Math.ceil(r.wallMs / WINDOW_MS));
  const used = r.requests.total / (LIMIT * windows);
  const longest = Math.max(0, ...r.waits.map((w) => w.until - w.at));
  console.log(
    `| ${r.name} | ${r.requests.total} | ${r.wallMs} | ${refused} | ${r.waits.length} (${longest}) | ${(100 * used).toFixed(1)} % (${windows} window${windows === 1 ? '' : 's'}) |`,
  );
  if (r.spentMs !== undefined) console.log(`  (the other client spent the window in ${r.spentMs} ms)`);
  if (r.failed.length > 0) console.log(`  failed steps: ${r.failed.join('; ')}`);
}

const goals = [];
const goal = (ok, text) => goals.push(`${ok ? 'pass' : 'FAIL'}: ${text}`);
const { newZone: nz, update: up, newZoneSpent: nzs, updateSpent: ups } = runs;
goal(
  nz.requests.total <= 5 && nz.wallMs < 5_000,
  `new zone of 1,000 records in at most 5 requests, under 5 s: ${nz.requests.total} requests ` +
    `(${Object.entries(nz.requests.byEndpoint)
      .map(([k, v]) => `${k.replace('/REST/', '')}${v > 1 ? ` ×${v}` : ''}`)
      .join(', ')}), ${nz.wallMs} ms`,
);
goal(
  up.requests.total === up.work.minimum && up.waits.length === 0,
  `10 % update: requests = changed nodes + publishes + reads (${up.work.changedNodes} + 1 + ` +
    `${up.work.minimum - up.work.changedNodes - 1} = ${up.work.minimum}): ${up.requests.total}, ` +
    `within the rate (no wait): ${up.waits.length} waits`,
);
for (const [fresh, after] of [
  [nz, nzs],
  [up, ups],
]) {
  const refused = after.requests.byStatus['429'] ?? 0;
  goal(
    after.wallMs - fresh.wallMs <= WINDOW_MS,
    `${after.name}: at most one window (${WINDOW_MS} ms) more than from a fresh window: ` +
      `${after.wallMs - fresh.wallMs} ms more`,
  );
  goal(
    refused / after.requests.total < 0.01,
    `${after.name}: under 1 % of requests answered 429: ${refused} of ${after.requests.total} ` +
      `(${((100 * refused) / after.requests.total).toFixed(1)} %)`,
  );
}
const all = Object.values(runs);
const long = all.flatMap((r) => r.waits.filter((w) => w.until - w.at > 10_000));
const quiet = all.map(silences);
goal(
  quiet.every((q) => q.unannounced === 0 && q.longest <= 10_000),
  `every wait longer than 10 s announced: ${long.length} such waits` +
    (long.length > 0
      ? `, ${quiet.reduce((n, q) => n + q.unannounced, 0)} not announced, longest silence while ` +
        `waiting ${Math.max(...quiet.map((q) => q.longest))} ms`
      : ` at this window (run with --window=60 to see them)`),
);
console.log(`\nGoals:\n${goals.map((g) => `- ${g}`).join('\n')}`);
if (goals.some((g) => g.startsWith('FAIL')) || all.some((r) => r.failed.length > 0)) process.exitCode = 1;
