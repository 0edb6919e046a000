/**
 * A DNS session that expires between two ops of a zone takes the zone's pending changes with it. The client logs
 * in again and repeats the refused call in the new session, where the service may refuse it for a reason that
 * only holds because the earlier changes were lost (an A record beside a CNAME whose delete was pending). Apply
 * must report the lost session, the real cause, not the service's refusal; the zone is not published and the
 * next apply converges.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPlan, planLive } from '../../src/apply/index.js';
import { loadDesiredState } from '../../src/config/index.js';
import { createEmulator } from '../../src/emulator/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import type { StepWriter } from '../../src/model/provider.js';
import { CLEAN_TIMEOUT_MS, DNS_CREDENTIALS, dnsProvider } from './profile.js';

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
  it('is reported as lost, even when the repeated call is refused; nothing is published; the next apply converges', async () => {
    let clock = 1_000_000;
    const emulator = createEmulator({
      seed: { dns: { credentials: DNS_CREDENTIALS, zones: { 'a.test': { records: [CNAME] } } } },
      sessionIdleMs: IDLE_MS,
      now: () => clock,
    });
    const { url } = await emulator.listen(0, '127.0.0.1');
    const dns = dnsProvider(url, CLEAN_TIMEOUT_MS);
    try {
      const plan = await planLive(desired, { dns });
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
          if (op.kind === 'delete-record') clock += IDLE_MS + 1;
        },
        discard: (target) => dns.discard(target),
      };
      const result = await applyPlan(plan, new Map([['dyn', expiring]]));

      expect(result.steps[0]).toMatchObject({
        status: 'failed',
        done: 1,
        failedOp: { kind: 'add-record', type: 'A' },
        error:
          "zone a.test: the DNS session was renewed after expiring; the zone's unpublished changes were lost",
        discarded: true,
      });
      expect(emulator.chaos.publishes).toEqual([]);
      expect(emulator.snapshot().dns?.zones?.['a.test']?.records).toContainEqual(
        expect.objectContaining(CNAME),
      );

      const again = await applyPlan(await planLive(desired, { dns }), new Map([['dyn', dns]]));
      expect(again.ok).toBe(true);
      expect((await planLive(desired, { dns })).steps).toEqual([]);
    } finally {
      await dns.close();
      await emulator.close();
    }
  });
});
