/**
 * A DNS session that expires between two ops of a zone takes the zone's pending changes with it. The client logs
 * in again; the service would refuse the next op in the new session for a reason that only holds because the
 * earlier changes were lost (an A record beside a CNAME whose delete was pending). The writer sends the zone's
 * changes again, in order, in the new session, and publishes them whole: the apply converges in the same run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { applyPlan, planLive } from '../../src/engine/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import type { StepWriter } from '../../src/model/provider.js';
import { startEmulator } from '../support/emulator.js';
import { fakeClock } from '../support/fake-clock.js';
import { DYN } from '../support/one-provider.js';
import { CLEAN_TIMEOUT_MS, DNS_CREDENTIALS, dnsProvider } from './profile.js';

// Time budget: ten times its slowest test (0.8 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

const IDLE_MS = 60_000;
const CNAME = { fqdn: 'www.a.test', type: 'CNAME', ttl: 300, rdata: { cname: 'web.example.net.' } };

let dir: string;
let desired: DesiredState;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-session-lost-'));
  const file = join(dir, 'desired.yaml');
  await writeFile(file, 'zones:\n  a.test:\n    records:\n      www: { a: [192.0.2.1], ttl: 300 }\n');
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  desired = loaded.desired;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a session lost in the middle of a zone', () => {
  it('is made up for: the zone is sent again in the new session and published whole, in the same run', async () => {
    const clock = fakeClock(1_000_000);
    const { emulator, url } = await startEmulator({
      seed: { dns: { credentials: DNS_CREDENTIALS, zones: { 'a.test': { records: [CNAME] } } } },
      sessionIdleMs: IDLE_MS,
      now: clock.now,
    });
    const dns = dnsProvider(url, CLEAN_TIMEOUT_MS);
    try {
      const plan = await planLive(desired, { dns: { [DYN]: dns } });
      const ops = plan.steps[0]?.ops ?? [];
      // The CNAME goes first, then the A record is written: the node may hold one or the other, never both.
      expect(ops.map((op) => [op.kind, op.type ?? null])).toEqual([
        ['delete-record', 'CNAME'],
        ['add-record', 'A'],
        ['publish', null],
      ]);
      // The session idles out right after the CNAME's delete, before the A record is sent.
      const expiring: StepWriter = {
        async execute(op) {
          await dns.execute(op);
          if (op.kind === 'delete-record') clock.advance(IDLE_MS + 1);
        },
        discard: (target) => dns.discard(target),
      };
      const result = await applyPlan(plan, new Map([['dyn', expiring]]));

      expect(result.steps[0]).toMatchObject({ status: 'applied', done: 3 });
      // One publish, of the zone's whole change: the CNAME gone, the A record there.
      expect(emulator.chaos.publishes).toHaveLength(1);
      const records = emulator.snapshot().dns?.zones?.['a.test']?.records ?? [];
      expect(records).not.toContainEqual(expect.objectContaining(CNAME));
      expect(records).toContainEqual(expect.objectContaining({ fqdn: 'www.a.test', type: 'A' }));
      expect((await planLive(desired, { dns: { [DYN]: dns } })).steps).toEqual([]);
    } finally {
      await dns.close();
      await emulator.close();
    }
  });
});
