// `node bench/client-process.mjs CONFIG.json`: one benchmark step in its own process, so that its CPU time and peak
// memory are its own. CONFIG: `{ desiredPath, step: 'plan' | 'apply', target, rateLimit }` (`target`: what
// emulator-process printed; `rateLimit`: the DNS client's budget, false for none). A plan step reads and diffs; an
// apply step does the same, then applies (the library API: planLive, then applyPlan with writersOf the providers).
// Prints one JSON line with the figures.
import { readFile } from 'node:fs/promises';
import { applyPlan, createDynProvider, createWafProvider, planLive, writersOf } from '../dist/index.js';

const config = JSON.parse(await readFile(process.argv[2], 'utf8'));
const desired = JSON.parse(await readFile(config.desiredPath, 'utf8'));
const { target } = config;

const dns = createDynProvider({
  url: target.url,
  customerName: target.credentials.customer_name,
  userName: target.credentials.user_name,
  password: target.credentials.password,
  rateLimit: config.rateLimit,
});
const waf = desired.waf
  ? createWafProvider({
      url: target.wafUrl,
      tokenUrl: `${new URL(target.wafUrl).origin}/api/oauth/token`,
      clientId: target.wafCredentials.client_id,
      clientSecret: target.wafCredentials.client_secret,
      userAgent: 'edgeplan-bench',
    })
  : undefined;

const cpu = process.cpuUsage();
const start = performance.now();
const providers = waf ? { dns, waf } : { dns };
const plan = await planLive(desired, providers);
const result = config.step === 'apply' ? await applyPlan(plan, writersOf(providers)) : undefined;
await dns.close();
await waf?.close();
const wallMs = performance.now() - start;
const { user, system } = process.cpuUsage(cpu);
const failed = result?.steps.filter((s) => s.status !== 'applied') ?? [];
process.stdout.write(
  `${JSON.stringify({
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((user + system) / 1000),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    summary: plan.summary,
    ops: plan.steps.reduce((sum, s) => sum + s.ops.length, 0),
    failed: failed.map((s) => `${s.id}: ${s.error ?? s.status}`),
  })}\n`,
);
