/** Helpers for tests of the whole flow: an emulator on 127.0.0.1 and a provider for it. */

import { createEmulator, type Emulator, type EmulatorSeed } from '../../src/emulator/index.js';
import { recordType } from '../../src/model/record-types/index.js';
import { createDynProvider } from '../../src/providers/dyn/index.js';
import { createWafProvider, type WafProvider, wafConfigFromEnv } from '../../src/providers/waf/index.js';

/** For property tests against the emulator: each run starts one and sends dozens of requests. */
export const PROPERTY_TIMEOUT = 300_000;

export const PASSWORD = 'pw-Very-S3cret-42';
export const CREDENTIALS = { customer_name: 'acme', user_name: 'ci-bot', password: PASSWORD };
export const WAF_CLIENT = { client_id: 'acme-ci', client_secret: 'waf-Very-S3cret-43' };

export interface Sandbox {
  emulator: Emulator;
  url: string;
  env: Record<string, string>;
  provider(): ReturnType<typeof createDynProvider>;
  /** A WAF provider for `env`; it polls changes without waiting (the sandbox's changes end at once). */
  wafProvider(): WafProvider;
  close(): Promise<void>;
}

/**
 * `waf`: the WAF account (webapps, catalogue); its API is served too, and `env` names it, with changes that end at
 * once. `services`: the account's secondary zones and geo services.
 */
export async function startSandbox(
  zones: NonNullable<EmulatorSeed['dns']>['zones'] = {},
  waf: EmulatorSeed['waf'] = {},
  services: Pick<NonNullable<EmulatorSeed['dns']>, 'secondary_zones' | 'geo_services'> = {},
): Promise<Sandbox> {
  const emulator = createEmulator({
    seed: { dns: { ...services, credentials: CREDENTIALS, zones }, waf: { ...waf, client: WAF_CLIENT } },
    waf: { changes: { pendingMs: 0, runMs: 0 } },
  });
  const { url, wafUrl } = await emulator.listen(0, '127.0.0.1');
  const providers: { close(): Promise<void> }[] = [];
  const env = {
    EDGEPLAN_DYN_URL: url,
    EDGEPLAN_DYN_CUSTOMER: CREDENTIALS.customer_name,
    EDGEPLAN_DYN_USER: CREDENTIALS.user_name,
    EDGEPLAN_DYN_PASSWORD: PASSWORD,
    EDGEPLAN_WAF_URL: wafUrl,
    EDGEPLAN_WAF_CLIENT_ID: WAF_CLIENT.client_id,
    EDGEPLAN_WAF_CLIENT_SECRET: WAF_CLIENT.client_secret,
  };
  return {
    emulator,
    url,
    env,
    provider() {
      const provider = createDynProvider({
        url,
        customerName: CREDENTIALS.customer_name,
        userName: CREDENTIALS.user_name,
        password: PASSWORD,
        retry: { retries: 0 },
      });
      providers.push(provider);
      return provider;
    },
    wafProvider() {
      const config = wafConfigFromEnv(env, 'edgeplan-it/1');
      const provider = createWafProvider({ ...config, retry: { retries: 0 }, sleep: async () => {} });
      providers.push(provider);
      return provider;
    },
    async close() {
      await Promise.all(providers.map((p) => p.close()));
      await emulator.close();
    },
  };
}

/**
 * Every record of a published zone as `fqdn ttl TYPE value` lines, sorted, the value canonical (read back through
 * the record-type registry, as the provider reads it); the service's own records (SOA, the apex NS set) left out.
 */
export function publishedRecords(emulator: Emulator, zone: string): string[] {
  return recordLines(zone, emulator.snapshot().dns?.zones?.[zone]?.records ?? []);
}

/** Records of `zone` as the emulator holds them (a snapshot, a publish) → lines as `publishedRecords` gives. */
export function recordLines(
  zone: string,
  records: readonly { fqdn: string; type: string; ttl?: number | string; rdata: Record<string, unknown> }[],
): string[] {
  return records
    .filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.fqdn === zone))
    .map((r) => `${r.fqdn} ${r.ttl} ${r.type} ${canonicalOf(r.type, r.rdata)}`)
    .sort();
}

/** A registered type's canonical value; the rdata as JSON for a type edgeplan does not manage (RP, DNAME). */
function canonicalOf(type: string, rdata: Record<string, unknown>): string {
  const registered = recordType(type);
  if (!registered) return JSON.stringify(rdata);
  const parsed = registered.dyn.fromRdata(rdata);
  if (!parsed.ok)
    throw new Error(`published ${type} record with rdata ${JSON.stringify(rdata)} is not valid`);
  return parsed.value;
}

export function publishedSerial(emulator: Emulator, zone: string): number | undefined {
  return emulator.snapshot().dns?.zones?.[zone]?.serial;
}
