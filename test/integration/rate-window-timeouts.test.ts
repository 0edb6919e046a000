import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPlan, planLive, writersOf } from '../../src/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import { createDynProvider } from '../../src/providers/dyn/index.js';
import type { ClientDecision } from '../../src/providers/http/decisions.js';
import type { RateEvent } from '../../src/providers/http/scheduler.js';
import { closeStartedEmulators, startEmulator } from '../support/emulator.js';
import { DYN, oneProviderDesired } from '../support/one-provider.js';
import { publishedRecords } from './helpers.js';

// Time budget: ten times its run (8 s of rate windows on 2 cores), rounded up.
vi.setConfig({ testTimeout: 90_000 });
afterEach(closeStartedEmulators);

/**
 * Waiting for the rate window is time, not failure, against the emulator's DNS rate limit. The window is scaled
 * down (2 s) and so is the client's attempt timeout (1 s, half the window, as the service's 60 s window is twice
 * the client's 30 s): requests wait for a window longer than an attempt may take, so an attempt timer started
 * before the request is sent fires, as it would at the service's real scale. 12 zones change at once, under a
 * run's signal, as the CLI gives one.
 */
const WINDOW_MS = 2_000;
const TIMEOUT_MS = 1_000;
const ZONES = Array.from({ length: 12 }, (_, i) => `z${String(i).padStart(2, '0')}.rate.test`);

describe('a rate window longer than the attempt timeout', () => {
  it('an apply of 12 zones: no client-side timeout, no listener warning, every zone published', async () => {
    const seed = {
      dns: {
        zones: Object.fromEntries(
          ZONES.map((zone) => [
            zone,
            {
              serial: 1,
              records: [{ fqdn: `www.${zone}`, type: 'A', ttl: 300, rdata: { address: '192.0.2.1' } }],
            },
          ]),
        ),
      },
    };
    const desired: DesiredState = oneProviderDesired({
      zones: ZONES.map((zone) => ({
        zone,
        defaultTtl: 300,
        unmanaged: [],
        records: [{ fqdn: `www.${zone}`, type: 'A', ttl: 300, values: ['192.0.2.2'] }],
      })),
    });
    const { emulator, url } = await startEmulator({ seed, dnsRateLimit: { limit: 12, windowMs: WINDOW_MS } });
    const decisions: ClientDecision[] = [];
    const waits: number[] = [];
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    const run = new AbortController();
    const dns = createDynProvider({
      url,
      customerName: emulator.credentials.customer_name,
      userName: emulator.credentials.user_name,
      password: emulator.credentials.password,
      timeoutMs: TIMEOUT_MS,
      signal: run.signal,
      onDecision: (decision) => decisions.push(decision),
      onRateEvent: (event: RateEvent) => {
        if (event.type === 'wait') waits.push(event.until - event.at);
      },
    });
    try {
      const plan = await planLive(desired, { dns: { [DYN]: dns } });
      const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }), { signal: run.signal });
      expect(result.steps.map((step) => [step.id, step.status])).toEqual(
        ZONES.map((zone) => [`zone:${zone}`, 'applied']),
      );
    } finally {
      await dns.close();
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', onWarning);
    }
    // The run waited for windows longer than an attempt may take: a timer started before sending would fire.
    expect(Math.max(...waits)).toBeGreaterThan(TIMEOUT_MS);
    expect(decisions.filter((d) => d.symptom === 'timeout')).toEqual([]);
    expect(warnings).toEqual([]);
    for (const zone of ZONES)
      expect(publishedRecords(emulator, zone)).toEqual([`www.${zone} 300 A 192.0.2.2`]);
  });
});
