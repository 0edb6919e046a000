// `npm run bench`: plan and apply against the emulator, printing requests by endpoint, wall and CPU time and peak
// memory per scenario. Figures, not assertions: timed tests are flaky on shared machines.
// The emulator runs in this process here (so its request log can be read directly); the heavier harness of
// issue 7 moves it to its own process.
import { routeWriter } from '../dist/apply/index.js';
import { loadDesiredState } from '../dist/config/index.js';
import { applyPlan, createDynProvider, createEmulator, loadSeedFile, planLive } from '../dist/index.js';
import { createWafProvider } from '../dist/providers/waf/index.js';
import { generatedScenario } from './scenarios.mjs';

async function measure(name, seed, desired) {
  const emulator = createEmulator({ seed });
  const { url, wafUrl } = await emulator.listen(0, '127.0.0.1');
  const { credentials } = emulator;
  const dnsProvider = () =>
    createDynProvider({
      url,
      customerName: credentials.customer_name,
      userName: credentials.user_name,
      password: credentials.password,
    });
  const wafProvider = () =>
    createWafProvider({
      url: wafUrl,
      tokenUrl: `${new URL(wafUrl).origin}/api/oauth/token`,
      clientId: emulator.waf.credentials.client_id,
      clientSecret: emulator.waf.credentials.client_secret,
      userAgent: 'edgeplan-bench',
    });
  const rows = [];
  for (const step of ['plan', 'apply']) {
    emulator.requestLog.clear();
    const dns = dnsProvider();
    const waf = desired.waf ? wafProvider() : undefined;
    const cpu = process.cpuUsage();
    const start = performance.now();
    const plan = await planLive(desired, { dns, waf });
    if (step === 'apply') await applyPlan(plan, routeWriter({ dns, waf }));
    await dns.close();
    await waf?.close();
    const wallMs = performance.now() - start;
    const { user, system } = process.cpuUsage(cpu);
    rows.push({
      scenario: name,
      step,
      requests: emulator.requestLog.count(),
      wafRequests: emulator.requestLog.count({ path: /^\/api\// }),
      byEndpoint: emulator.requestLog.byEndpoint(),
      wallMs: Math.round(wallMs),
      cpuMs: Math.round((user + system) / 1000),
      changes: plan.summary,
    });
  }
  await emulator.close();
  return rows;
}

const rows = [];
const quickstart = await loadDesiredState(['examples/quickstart']);
rows.push(
  ...(await measure(
    'quickstart',
    await loadSeedFile('examples/quickstart/sandbox-seed.yaml'),
    quickstart.desired,
  )),
);
for (const [zones, records] of [
  [10, 100],
  [100, 100],
]) {
  const { seed, desired } = generatedScenario({ zones, records, changeShare: 0.1 });
  rows.push(...(await measure(`${zones} zones × ${records} records, 10% changed`, seed, desired)));
}

console.log(
  '| scenario | step | requests (WAF) | by endpoint | wall ms | CPU ms | creates/updates/deletes |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  const endpoints = Object.entries(r.byEndpoint)
    .map(([k, v]) => `${k.replace('/REST/', '')} ${v}`)
    .join(', ');
  const c = r.changes;
  console.log(
    `| ${r.scenario} | ${r.step} | ${r.requests} (${r.wafRequests}) | ${endpoints} | ${r.wallMs} | ${r.cpuMs} | ${c.create}/${c.update}/${c.delete} |`,
  );
}
console.log(
  `\npeak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (whole run, emulator included)`,
);
