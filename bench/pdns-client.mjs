// `node bench/pdns-client.mjs CONFIG.json`: one PowerDNS benchmark step in its own process, so that its CPU time and
// peak memory are its own. CONFIG: `{ paths, step: 'plan' | 'apply', url, apiKey }` (`url`: the API base). It loads
// the desired state (checked against PowerDNS's capabilities), plans against the server (planLive), and for an
// apply step applies the plan (applyPlan with writersOf the provider). Prints one JSON line with the figures.
import { readFile } from 'node:fs/promises';
import {
  applyPlan,
  createPdnsProvider,
  loadDesiredState,
  pdnsCapabilities,
  planLive,
  writersOf,
} from '../dist/index.js';

const config = JSON.parse(await readFile(process.argv[2], 'utf8'));
const loaded = await loadDesiredState(config.paths, { capabilities: pdnsCapabilities(), provider: 'pdns' });
if (!loaded.ok) throw new Error(`desired state: ${JSON.stringify(loaded.diagnostics)}`);

const cpu = process.cpuUsage();
const start = performance.now();
const dns = createPdnsProvider({ name: 'pdns', url: config.url, apiKey: config.apiKey });
const providers = { dns };
const plan = await planLive(loaded.desired, providers);
const result = config.step === 'apply' ? await applyPlan(plan, writersOf(providers)) : undefined;
await dns.close();
const wallMs = performance.now() - start;
const { user, system } = process.cpuUsage(cpu);
const failed = result?.steps.filter((s) => s.status !== 'applied') ?? [];
process.stdout.write(
  `${JSON.stringify({
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((user + system) / 1000),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    changes: plan.changes.length,
    ops: plan.steps.reduce((sum, s) => sum + s.ops.length, 0),
    failed: failed.map((s) => `${s.id}: ${s.error ?? s.status}`),
  })}\n`,
);
