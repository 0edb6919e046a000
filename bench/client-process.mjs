// `node bench/client-process.mjs CONFIG.json`: one benchmark step in its own process, so that its CPU time and peak
// memory are its own. CONFIG: `{ desiredPath, step: 'plan' | 'apply', target, rateLimit, watch? }` (`target`: what
// emulator-process printed; `rateLimit`: the DNS client's budget, false for none, absent for the documented one). A
// plan step reads and diffs; an apply step does the same, then applies (the library API: planLive, then applyPlan
// with writersOf the providers). With `watch`, the rate-limit scheduler's waits are recorded, and they and the apply
// are shown as the CLI shows them in a CI log (dist/cli/output/progress.js: waitNotices while planning, then applyProgress),
// its lines recorded with their times. Every run counts the client's decisions (http/decisions.ts: each repeat, and
// why) and Node's process warnings, and runs under one signal as the CLI does (its interrupt), so that what a signal
// costs is in the figures.
// Prints one JSON line with the figures.
import { readFile } from 'node:fs/promises';
import { applyProgress, waitNotices } from '../dist/cli/output/progress.js';
import { applyPlan, IMPLICIT_PROVIDER, planLive, writersOf } from '../dist/index.js';
import { createDynProvider } from '../dist/providers/dyn/index.js';
import { createWafProvider } from '../dist/providers/waf/index.js';

const config = JSON.parse(await readFile(process.argv[2], 'utf8'));
const desired = JSON.parse(await readFile(config.desiredPath, 'utf8'));
const { target } = config;
/** Waits of the scheduler (`at`, `until`, ms since the epoch), and the progress lines with the time each was written. */
const waits = [];
const lines = [];
const logIo = { stderrIsTTY: false, stderr: (text) => lines.push({ at: Date.now(), text: text.trimEnd() }) };
const notices = waitNotices(logIo);
let progress;
const onRateEvent = config.watch
  ? (event) => {
      if (event.type === 'wait') waits.push({ at: event.at, until: event.until });
      (progress?.rate ?? notices)(event);
    }
  : undefined;

/** `symptom/decision` → how many: `timeout/repeated` is a client-side timeout that was sent again. */
const decisions = {};
const onDecision = ({ symptom, decision }) => {
  const key = `${symptom}/${decision}`;
  decisions[key] = (decisions[key] ?? 0) + 1;
};
const warnings = [];
process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`));
const run = new AbortController();

const dns = createDynProvider({
  url: target.url,
  customerName: target.credentials.customer_name,
  userName: target.credentials.user_name,
  password: target.credentials.password,
  ...(config.rateLimit === undefined ? {} : { rateLimit: config.rateLimit }),
  onRateEvent,
  onDecision,
  signal: run.signal,
});
const waf = desired.waf
  ? createWafProvider({
      url: target.wafUrl,
      tokenUrl: `${new URL(target.wafUrl).origin}/api/oauth/token`,
      clientId: target.wafCredentials.client_id,
      clientSecret: target.wafCredentials.client_secret,
      userAgent: 'edgeplan-bench',
      onDecision,
      signal: run.signal,
    })
  : undefined;

const cpu = process.cpuUsage();
const start = performance.now();
const named = { [IMPLICIT_PROVIDER.name]: dns };
const providers = waf ? { dns: named, waf } : { dns: named };
const plan = await planLive(desired, providers);
const totalCalls = plan.steps.reduce((sum, s) => sum + s.ops.length, 0);
if (config.watch && config.step === 'apply') progress = applyProgress(logIo, { totalCalls });
const result =
  config.step === 'apply'
    ? await applyPlan(plan, writersOf(providers), { onEvent: progress?.apply, signal: run.signal })
    : undefined;
progress?.stop();
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
    ops: totalCalls,
    waits,
    lines,
    failed: failed.map((s) => `${s.id}: ${s.error ?? s.status}`),
    decisions,
    warnings,
  })}\n`,
);
