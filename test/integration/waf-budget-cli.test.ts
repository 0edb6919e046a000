import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSeedFile } from '../../src/emulator/index.js';
import { cli } from '../support/cli.js';
import { fakeClock } from '../support/fake-clock.js';
import { QUICKSTART, QUICKSTART_SEED, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (1.8 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

/**
 * A spent WAF budget costs the WAF part only: a DNS-only plan or drift never reads the WAF, and a plan with a WAF
 * part still plans the DNS and says the WAF was not read (exit 1), when it resets and what to do.
 */
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-waf-budget-'));
});
afterEach(() => rm(dir, { recursive: true }));

/** The quickstart sandbox with this client's WAF share at 1 request an hour: the token request spends it. */
const spent = () => [
  '--sandbox',
  '--sandbox-state',
  join(dir, 'state.json'),
  '--seed',
  QUICKSTART_SEED,
  '--waf-rate-limit',
  '1',
];
const NOT_READ =
  /error: WAF not read: this client's share \(--waf-rate-limit\) of the hourly budget is spent; it resets in (59 min \d+ s|60 min), at \d\d:\d\d UTC\. The DNS part is planned above; the webapps are not\. Run again after the reset for the whole plan, or leave the WAF out with --target \(e\.g\. --target 'zone:\*'\)\./;

describe('a spent WAF budget', () => {
  it('plan: the DNS part is planned and shown, the WAF named as not read, no plan file, exit 1', async () => {
    const out = join(dir, 'plan.json');
    const run = await cli(['plan', QUICKSTART, ...spent(), '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(NOT_READ);
    expect(run.stderr).toContain(`${out} was not written.`);
    expect(run.stdout).toContain('example.com (serial 41, 6 API calls)');
    expect(run.stdout).not.toContain('shop-production');
    expect(await readdir(dir)).not.toContain('plan.json');
  });

  it('drift: the DNS drift is reported, the WAF named as not read, exit 1', async () => {
    const run = await cli(['drift', QUICKSTART, ...spent()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(NOT_READ);
    expect(run.stdout).toContain('zone:example.com');
    // A nightly job that reads the JSON learns it too: the report covers the DNS part only.
    const json = await cli(['drift', QUICKSTART, ...spent(), '--format', 'json']);
    expect(json.code).toBe(1);
    const doc = JSON.parse(json.stdout);
    expect(`error: ${doc.wafNotRead}`).toMatch(NOT_READ);
    expect(doc.inSync).toBe(false);
    expect(doc.targets.map((t: { target: { kind: string } }) => t.target.kind)).not.toContain('webapp');
  });

  it('a plan without a WAF part in scope never reads the WAF: no error', async () => {
    const dnsOnly = await cli(['plan', join(QUICKSTART, 'zones.yaml'), ...spent()]);
    expect(dnsOnly.code).toBe(2);
    expect(dnsOnly.stderr).not.toContain('WAF');
    const scoped = await cli(['plan', QUICKSTART, ...spent(), '--target', 'zone:*']);
    expect(scoped.code).toBe(2);
    expect(scoped.stderr).not.toContain('WAF');
  });

  it("the service's own window spent: said with its limit and reset, the DNS part still planned", async () => {
    const sandbox = await startSandbox(await loadSeedFile(QUICKSTART_SEED), {
      waf: { rateLimit: { limit: 1, windowSeconds: 3600 } },
      clock: fakeClock(Date.now()),
    });
    try {
      const run = await cli(['plan', QUICKSTART], sandbox.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /error: WAF not read: its hourly request budget \(1 requests per hour\) is spent; it resets in (59 min \d+ s|60 min), at \d\d:\d\d UTC\./,
      );
      expect(run.stdout).toContain('example.com (serial 41, 6 API calls)');
    } finally {
      await sandbox.close();
    }
  });
});
