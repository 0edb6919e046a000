import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSeedFile } from '../../src/emulator/index.js';
import { cli } from '../support/cli.js';
import { CREDENTIALS, PASSWORD } from './helpers.js';
import { startWafSandbox } from './waf-helpers.js';

/**
 * A spent WAF budget costs the WAF part only: a DNS-only plan or drift never reads the WAF, and a plan with a WAF
 * part still plans the DNS and says the WAF was not read (exit 1), when it resets and what to do.
 */
const QUICKSTART = 'examples/quickstart';
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
  join(QUICKSTART, 'sandbox-seed.yaml'),
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
    const seed = await loadSeedFile(join(QUICKSTART, 'sandbox-seed.yaml'));
    const sandbox = await startWafSandbox(
      { dns: { ...seed.dns, credentials: CREDENTIALS }, waf: seed.waf },
      { rateLimit: { limit: 1, windowSeconds: 3600 } },
    );
    try {
      const env = {
        ...sandbox.env,
        EDGEPLAN_DYN_URL: sandbox.wafUrl.replace('/api/v3', '/REST'),
        EDGEPLAN_DYN_CUSTOMER: CREDENTIALS.customer_name,
        EDGEPLAN_DYN_USER: CREDENTIALS.user_name,
        EDGEPLAN_DYN_PASSWORD: PASSWORD,
      };
      const run = await cli(['plan', QUICKSTART], env);
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
