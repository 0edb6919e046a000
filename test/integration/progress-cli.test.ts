import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type RunningEmulator, startEmulator } from '../support/emulator.js';
import { CREDENTIALS, QUICKSTART } from '../support/sandbox.js';

// Time budget: ten times its slowest test (3.2 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * Where a run is, through the CLI against an emulator whose DNS limit is on (it then announces it in
 * `X-RateLimit-*`): the plan's expected duration at the announced budget, and the apply report's request counts.
 */

const NEW_ZONE = join(QUICKSTART, 'new-zone.yaml');
let running: RunningEmulator | undefined;
afterEach(async () => running?.close());

async function limited(limit: number): Promise<Record<string, string>> {
  running = await startEmulator({
    seed: { dns: { credentials: CREDENTIALS, zones: {} } },
    dnsRateLimit: { limit },
  });
  return running.env;
}

describe('a run that says where it is', () => {
  it('the plan states its apply at the limit the service announced; the report counts requests, 429s, waits', async () => {
    const env = await limited(250);
    const plan = await cli(['plan', NEW_ZONE], env);
    expect(plan.code).toBe(2);
    // The zone-file upload and the publish, then the check after them: the zone's records. 3 requests, about 1 s
    // at 250 a minute.
    expect(plan.stdout).toContain('\nApply: 3 DNS requests, ≈ 1 s at 250 requests/min.\n');

    const apply = await cli(['apply', NEW_ZONE, '--yes'], env);
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('\nDNS: 3 requests, 0 answered 429, no wait for the rate window.\n');
    expect(apply.stderr).toContain('zone:example.org: done (2 API calls)\n');
    // Two zones this account does not have: creating them needs approval (settings.safety.zone_create).
    const again = await cli(
      ['apply', join(QUICKSTART, 'zones.yaml'), '--yes', '--allow-unsafe', '--format', 'json'],
      env,
    );
    expect(JSON.parse(again.stdout).requests).toEqual({
      // Two new zones, each an upload and a publish; the check reads each zone's records.
      DNS: { requests: 6, refused: 0, waits: 0, waitedMs: 0 },
    });
  });

  it('a share set by --dns-rate-limit is the budget; the sandbox, not paced, states the requests alone', async () => {
    running = await startEmulator({ seed: { dns: { credentials: CREDENTIALS, zones: {} } } });
    const { env } = running;
    const documented = await cli(['plan', NEW_ZONE, '--dns-rate-limit', '120'], env);
    expect(documented.stdout).toContain('\nApply: 3 DNS requests, ≈ 2 s at 120 requests/min.\n');
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-progress-'));
    try {
      const sandbox = await cli(['plan', NEW_ZONE, '--sandbox', '--sandbox-state', join(dir, 'state.json')]);
      expect(sandbox.code).toBe(2);
      expect(sandbox.stdout).toContain('\nApply: 3 DNS requests.\n');
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
