import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, QUICKSTART_SEED, type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (7.1 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** `--dns-rate-limit` / `--waf-rate-limit` and their variables, through the CLI against the emulator. */

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-rate-'));
});
afterEach(() => rm(dir, { recursive: true }));

const sandboxFlags = () => [
  '--sandbox',
  '--sandbox-state',
  join(dir, 'state.json'),
  '--seed',
  QUICKSTART_SEED,
];
const SHARE_USED =
  "error EP2005: WAF rate limit: this client's share (1) is used; the next request may go in 3600 s, longer than the 120 s " +
  'edgeplan waits; run again after ';

describe('the WAF share', () => {
  it('--waf-rate-limit 1: the token uses the hour, the next request stops the run, saying when to run again', async () => {
    const run = await cli(['plan', join(QUICKSTART, 'waf.yaml'), ...sandboxFlags(), '--waf-rate-limit', '1']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(SHARE_USED);
  });

  it('EDGEPLAN_WAF_RATE_LIMIT=1 does the same', async () => {
    const run = await cli(['plan', join(QUICKSTART, 'waf.yaml'), ...sandboxFlags()], {
      EDGEPLAN_WAF_RATE_LIMIT: '1',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(SHARE_USED);
  });
});

describe('bad values', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  afterEach(() => sandbox.close());

  it('a bad EDGEPLAN_DYN_RATE_LIMIT is exit 1 naming it, before any request, even beside the flag', async () => {
    const env = { ...sandbox.env, EDGEPLAN_DYN_RATE_LIMIT: 'fast' };
    const run = await cli(['plan', join(QUICKSTART, 'zones.yaml'), '--dns-rate-limit', '100'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'not usable: EDGEPLAN_DYN_RATE_LIMIT (a whole number of requests per minute, at least 1)',
    );
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });

  it('--dns-rate-limit and --waf-rate-limit take a positive whole number', async () => {
    for (const flag of ['--dns-rate-limit', '--waf-rate-limit']) {
      const run = await cli(['plan', QUICKSTART, flag, '0'], sandbox.env);
      expect(run.code).toBe(64);
      expect(run.stderr).toContain(
        `option '${flag} <n>' argument '0' is invalid. expected a positive integer`,
      );
    }
    expect(sandbox.emulator.requestLog.count()).toBe(0);
  });
});

describe('--sandbox', () => {
  it('paces nothing: more than the documented 300 DNS requests a minute go without a wait', async () => {
    const zones = Array.from({ length: 320 }, (_, i) => `z${i}.example`);
    const seed = {
      dns: {
        credentials: { customer_name: 'demo', user_name: 'demo', password: 'demo' },
        zones: Object.fromEntries(
          zones.map((z) => [
            z,
            { records: [{ fqdn: z, type: 'A', ttl: 300, rdata: { address: '192.0.2.1' } }] },
          ]),
        ),
      },
    };
    const desired = `zones:\n${zones.map((z) => `  ${z}:\n    records:\n      "@": { a: [192.0.2.1], ttl: 300 }\n`).join('')}`;
    await writeFile(join(dir, 'seed.json'), JSON.stringify(seed));
    await writeFile(join(dir, 'zones.yaml'), desired);
    const state = ['--sandbox', '--sandbox-state', join(dir, 'state.json')];
    const run = await cli(['plan', join(dir, 'zones.yaml'), ...state, '--seed', join(dir, 'seed.json')]);
    expect(run.stderr).not.toContain('rate limit');
    expect(run.code).toBe(0);
  });
});
