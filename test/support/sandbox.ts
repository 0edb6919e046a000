/**
 * A sandbox: the emulator (support/emulator.ts) with an account whose credentials are distinctive (the secrets
 * scans look for them), the environment for `edgeplan`, and providers on it for tests that drive the library.
 * `quickstartSandbox()` is the account of examples/quickstart, seeded as `--sandbox --seed` seeds it.
 */
import { type EmulatorSeed, loadSeedFile, type WafEmulatorOptions } from '../../src/emulator/index.js';
import { createDynProvider } from '../../src/providers/dyn/index.js';
import { createWafProvider, type WafProvider, wafConfigFromEnv } from '../../src/providers/waf/index.js';
import { type RunningEmulator, startEmulator } from './emulator.js';
import type { FakeClock } from './fake-clock.js';

export const PASSWORD = 'pw-Very-S3cret-42';
export const CREDENTIALS = { customer_name: 'acme', user_name: 'ci-bot', password: PASSWORD };
export const WAF_CLIENT = { client_id: 'acme-ci', client_secret: 'waf-Very-S3cret-43' };

/** The quickstart's desired state; its sandbox seed sits beside it, outside the folder that is loaded. */
export const QUICKSTART = 'examples/quickstart/dns';
export const QUICKSTART_SEED = 'examples/quickstart/sandbox-seed.yaml';

export interface Sandbox extends RunningEmulator {
  provider(): ReturnType<typeof createDynProvider>;
  /** A WAF provider for `env`; its waits pass at once (on the clock, when the sandbox has one). */
  wafProvider(): WafProvider;
}

export interface SandboxOptions {
  /** The WAF API's change timing and limits; default: changes end at once. */
  waf?: WafEmulatorOptions;
  /** The emulator's clock, which the WAF providers' waits then move on. */
  clock?: FakeClock;
}

/** `seed` is the account; its credentials are always CREDENTIALS and WAF_CLIENT. */
export async function startSandbox(seed: EmulatorSeed = {}, options: SandboxOptions = {}): Promise<Sandbox> {
  const { clock } = options;
  const running = await startEmulator({
    seed: {
      ...seed,
      dns: { ...seed.dns, credentials: CREDENTIALS },
      waf: { ...seed.waf, client: WAF_CLIENT },
    },
    waf: options.waf ?? { changes: { pendingMs: 0, runMs: 0 } },
    ...(clock ? { now: clock.now } : {}),
  });
  const providers: { close(): Promise<void> }[] = [];
  return {
    ...running,
    provider() {
      const provider = createDynProvider({
        url: running.url,
        customerName: CREDENTIALS.customer_name,
        userName: CREDENTIALS.user_name,
        password: PASSWORD,
        retry: { retries: 0 },
      });
      providers.push(provider);
      return provider;
    },
    wafProvider() {
      const config = wafConfigFromEnv(running.env, 'edgeplan-it/1');
      const provider = createWafProvider({
        ...config,
        retry: { retries: 0 },
        random: () => 0,
        ...(clock ? { now: clock.now, sleep: clock.elapse } : { sleep: async () => {} }),
      });
      providers.push(provider);
      return provider;
    },
    async close() {
      await Promise.all(providers.map((p) => p.close()));
      await running.close();
    },
  };
}

/** The quickstart's account (zones, secondary zones, geo services, webapps) as its sandbox seed has it. */
export async function quickstartSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox(await loadSeedFile(QUICKSTART_SEED), options);
}
