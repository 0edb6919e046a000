// `node bench/pdns-client.mjs CONFIG.json`: one PowerDNS benchmark step in its own process, so that its CPU time and
// peak memory are its own. CONFIG: `{ paths, step: 'plan' | 'apply', url, apiKey }` (`url`: the API base). It loads
// the desired state (checked against PowerDNS's capabilities), plans against the server (planLive), and for an
// apply step applies the plan (applyPlan with writersOf the provider). Prints one JSON line with the figures.
import { readFile } from 'node:fs/promises';
import { loadDesiredState, pdnsCapabilities } from '../dist/index.js';
import { createPdnsProvider } from '../dist/providers/pdns/index.js';
import { runMeasuredStep } from './provider-step.mjs';

const config = JSON.parse(await readFile(process.argv[2], 'utf8'));
const loaded = await loadDesiredState(config.paths, { capabilities: pdnsCapabilities(), provider: 'pdns' });
if (!loaded.ok) throw new Error(`desired state: ${JSON.stringify(loaded.diagnostics)}`);

const dns = createPdnsProvider({ name: 'pdns', url: config.url, apiKey: config.apiKey });
await runMeasuredStep(loaded.desired, dns, config.step);
