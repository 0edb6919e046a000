// `node bench/rfc2136-client.mjs CONFIG.json`: one RFC 2136 benchmark step in its own process, so that its CPU time
// and peak memory are its own (the counterpart of pdns-client.mjs). CONFIG: `{ paths, step: 'plan' | 'apply', host,
// port, keyText, check? }` (`keyText` as `tsig_env` holds it). It loads the desired state (checked against the
// provider's capabilities), plans against the server (planLive: one zone transfer per zone), and for an apply step
// applies the plan (with `check`, then plans again, as `edgeplan apply` does). Prints one JSON line with the
// figures, `requests` the DNS messages the provider sent.
import { readFile } from 'node:fs/promises';
import { loadDesiredState } from '../dist/index.js';
import { rfc2136Capabilities } from '../dist/providers/rfc2136/capabilities.js';
import { createRfc2136Provider, parseTsigKey } from '../dist/providers/rfc2136/index.js';
import { runMeasuredStep } from './provider-step.mjs';

const config = JSON.parse(await readFile(process.argv[2], 'utf8'));
const loaded = await loadDesiredState(config.paths, {
  capabilities: rfc2136Capabilities(),
  provider: 'bind',
});
if (!loaded.ok) throw new Error(`desired state: ${JSON.stringify(loaded.diagnostics)}`);
const key = parseTsigKey(config.keyText);
if (key === null) throw new Error('the TSIG key does not parse');

const dns = createRfc2136Provider({ name: 'bind', server: { host: config.host, port: config.port }, key });
await runMeasuredStep(
  loaded.desired,
  dns,
  config.step,
  () => ({ requests: dns.requests() }),
  config.check === true,
);
