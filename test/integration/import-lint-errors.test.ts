/**
 * A live zone with what the zone lints call errors (two SPF policies at a name, a CNAME loop) imported from the
 * emulator: import writes the zone as it is, reports each lint error as a warning (a fact of the live zone, for the
 * user to fix) and its round trip holds (exit 0); `validate` and `plan` on the same files still refuse the errors.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_LINT_REASON } from '../../src/cli/services/import-provider.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: an import with its round-trip plan, then validate and plan, through the CLI in-process (about 1.5 s at
// load 10 on 2 cores); ten times that, rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

const ZONE = 'lint.example';

const RECORDS: { fqdn: string; type: string; ttl: number; rdata: Record<string, string> }[] = [
  { fqdn: ZONE, type: 'TXT', ttl: 300, rdata: { txtdata: 'v=spf1 -all' } },
  { fqdn: ZONE, type: 'TXT', ttl: 300, rdata: { txtdata: 'v=spf1 include:_spf.example.net ~all' } },
  { fqdn: `a.${ZONE}`, type: 'CNAME', ttl: 300, rdata: { cname: `b.${ZONE}.` } },
  { fqdn: `b.${ZONE}`, type: 'CNAME', ttl: 300, rdata: { cname: `a.${ZONE}.` } },
  { fqdn: `www.${ZONE}`, type: 'A', ttl: 300, rdata: { address: '192.0.2.10' } },
];

describe('import of a live zone with lint errors', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-lints-'));
    sandbox = await startSandbox({ dns: { zones: { [ZONE]: { records: RECORDS } } } });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the zone, prints the errors as warnings and its round trip holds', async () => {
    const run = await cli(['import', '--zones', ZONE, '--out', dir], sandbox.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`  ${ZONE}.yaml\n`);
    expect(run.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    const warnings = run.stderr.split('\n').filter((line) => line.includes(': warning: '));
    const file = join(dir, `${ZONE}.yaml`);
    // Two SPF policies (one finding at the set), and the loop at each of its aliases.
    expect(warnings.filter((line) => line.includes('v=spf1'))).toHaveLength(1);
    expect(warnings.filter((line) => /loop/i.test(line))).toHaveLength(2);
    for (const line of warnings) {
      expect(line.startsWith(`${file}:`), line).toBe(true);
      expect(line).toMatch(/^[^:]+:\d+:\d+: warning: /);
      expect(line).toContain(`(an error, ${LIVE_LINT_REASON})`);
    }
    expect(warnings).toHaveLength(3);
    expect(run.stderr).toContain(
      '3 warnings about the live zones as they are, written unchanged: validate and plan refuse the 3 that are ' +
        'errors until the files are fixed (plan then fixes them live).\n',
    );
    expect(run.stderr.split('\n').filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('leaves validate and plan refusing the same files as before (exit 1, nothing sent)', async () => {
    const file = join(dir, `${ZONE}.yaml`);
    const validate = await cli(['validate', file], sandbox.env);
    expect(validate.code).toBe(1);
    expect(validate.stderr).not.toContain(': warning: ');
    expect(validate.stderr).toContain('3 problems found; nothing was sent to any API.');
    const before = sandbox.emulator.requestLog.count();
    const plan = await cli(['plan', file], sandbox.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('3 problems found; nothing was sent to any API.');
    expect(sandbox.emulator.requestLog.count()).toBe(before);
  });
});
