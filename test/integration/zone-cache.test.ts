import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, quickstartSandbox, type Sandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (4.6 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let sandbox: Sandbox;
let cacheDir: string;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  cacheDir = await mkdtemp(join(tmpdir(), 'edgeplan-cli-cache-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(cacheDir, { recursive: true, force: true });
});

/** The plan text without its WAF budget line (the remaining WAF requests drop by each run's reads). */
function dnsLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => !line.startsWith('WAF:'));
}

/** The `GET /REST/AllRecord/<zone>/` requests since the log was last cleared, by path, sorted. */
function allRecordReads(): string[] {
  return sandbox.emulator.requestLog.entries
    .filter((e) => e.method === 'GET' && e.path.startsWith('/REST/AllRecord/'))
    .map((e) => e.path)
    .sort();
}

describe('plan --cache DIR against the emulator', () => {
  it('skips AllRecord for unchanged serials, and re-reads exactly the zones a publish changed', async () => {
    const first = await cli(['plan', QUICKSTART, '--cache', cacheDir], sandbox.env);
    expect(first.code, first.stderr).toBe(2);
    expect(allRecordReads()).toEqual(['/REST/AllRecord/example.com/', '/REST/AllRecord/example.net/']);

    sandbox.emulator.requestLog.clear();
    const second = await cli(['plan', QUICKSTART, '--cache', cacheDir], sandbox.env);
    expect(second.code, second.stderr).toBe(2);
    expect(dnsLines(second.stdout)).toEqual(dnsLines(first.stdout));
    expect(allRecordReads()).toEqual([]);

    // Publishes example.com (changed) and example.org (created); example.net keeps its serial.
    expect((await cli(['apply', QUICKSTART, '--yes'], sandbox.env)).code).toBe(0);

    sandbox.emulator.requestLog.clear();
    const after = await cli(['plan', QUICKSTART, '--cache', cacheDir], sandbox.env);
    expect(after.code, after.stdout).toBe(0);
    expect(allRecordReads()).toEqual(['/REST/AllRecord/example.com/', '/REST/AllRecord/example.org/']);
  });

  it('apply --cache re-plans from fresh reads of the zones it published', async () => {
    expect((await cli(['plan', QUICKSTART, '--cache', cacheDir], sandbox.env)).code).toBe(2);

    sandbox.emulator.requestLog.clear();
    const apply = await cli(['apply', QUICKSTART, '--yes', '--cache', cacheDir], sandbox.env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Converged: a new plan shows no changes.');
    // The first plan is served from the cache; the re-plan reads only what the apply published (the new zone's
    // upload is checked through the session's pending changes, not by reading the zone).
    expect(allRecordReads()).toEqual(['/REST/AllRecord/example.com/', '/REST/AllRecord/example.org/']);
  });
});
