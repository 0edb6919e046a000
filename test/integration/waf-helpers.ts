/** The whole WAF flow on 127.0.0.1: an emulator on a shared fake clock, and providers whose waits advance it. */
import {
  createEmulator,
  type Emulator,
  type EmulatorSeed,
  type WafEmulatorOptions,
} from '../../src/emulator/index.js';
import { createWafProvider, type WafProvider } from '../../src/providers/waf/index.js';
import { type FakeClock, fakeClock } from '../support/fake-clock.js';

export const CLIENT = { client_id: 'ci-app', client_secret: 'waf-S3cret-Value-77' };

export interface WafSandbox {
  emulator: Emulator;
  wafUrl: string;
  env: Record<string, string>;
  clock: FakeClock;
  /** A provider on the emulator; every wait it makes advances the shared clock instead of sleeping. */
  provider(): WafProvider;
  close(): Promise<void>;
}

export async function startWafSandbox(seed: EmulatorSeed, waf: WafEmulatorOptions = {}): Promise<WafSandbox> {
  // Starts at the real time: the DNS side's session sweeper compares with it.
  const clock = fakeClock(Date.now());
  const emulator = createEmulator({
    seed: { ...seed, waf: { ...seed.waf, client: CLIENT } },
    waf,
    now: clock.now,
  });
  const { wafUrl } = await emulator.listen(0, '127.0.0.1');
  const providers: WafProvider[] = [];
  return {
    emulator,
    wafUrl,
    clock,
    env: {
      EDGEPLAN_WAF_URL: wafUrl,
      EDGEPLAN_WAF_CLIENT_ID: CLIENT.client_id,
      EDGEPLAN_WAF_CLIENT_SECRET: CLIENT.client_secret,
    },
    provider() {
      const provider = createWafProvider({
        url: wafUrl,
        tokenUrl: `${new URL(wafUrl).origin}/api/oauth/token`,
        clientId: CLIENT.client_id,
        clientSecret: CLIENT.client_secret,
        userAgent: 'edgeplan-it/1',
        retry: { retries: 0 },
        now: clock.now,
        random: () => 0,
        sleep: clock.elapse,
      });
      providers.push(provider);
      return provider;
    },
    async close() {
      await Promise.all(providers.map((p) => p.close()));
      await emulator.close();
    },
  };
}

/** Names of the bots a webapp has enabled, as the emulator's published state says. */
export function enabledBots(emulator: Emulator, webapp: string): string[] {
  const app = emulator.snapshot().waf?.webapps?.find((w) => w.name === webapp);
  return [...(app?.enabled_bots ?? [])].sort();
}
