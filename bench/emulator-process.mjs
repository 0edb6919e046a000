// `node bench/emulator-process.mjs CONFIG.json`: the emulator in its own process, as the benchmark needs it (so the
// client's CPU and memory are measured alone). CONFIG: `{ seedPath, latencyMs?, dnsRateLimit? }`. Prints one JSON
// line `{ url, wafUrl, credentials, wafCredentials }` once listening; serves the admin endpoint (request counts,
// its own CPU and memory) and stops on SIGTERM.
import { readFile } from 'node:fs/promises';
import { createEmulator } from '../dist/emulator/index.js';

const config = JSON.parse(await readFile(process.argv[2], 'utf8'));
const seed = JSON.parse(await readFile(config.seedPath, 'utf8'));
const emulator = createEmulator({
  seed,
  admin: true,
  ...(config.latencyMs ? { chaos: { latencyMs: config.latencyMs } } : {}),
  ...(config.dnsRateLimit ? { dnsRateLimit: config.dnsRateLimit } : {}),
});
const { url, wafUrl } = await emulator.listen(0, '127.0.0.1');
process.stdout.write(
  `${JSON.stringify({ url, wafUrl, credentials: emulator.credentials, wafCredentials: emulator.waf.credentials })}\n`,
);
process.once('SIGTERM', () => {
  void emulator.close().then(() => process.exit(0));
});
