import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Target, targetText } from '../../src/model/target.js';
import { cli } from '../support/cli.js';
import { quickstartSandbox, type Sandbox } from '../support/sandbox.js';
import { workDir } from './review-helpers.js';

// Time budget: ten times its slowest test (0.9 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

describe('--target', () => {
  it('plans only the targeted zones and reads only them: no other zone, list or service', async () => {
    const log = sandbox.emulator.requestLog;
    const run = await cli(['plan', work.config, '--target', 'zone:example.com'], sandbox.env);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('example.com (serial 41');
    expect(run.stdout).not.toContain('example.org');
    expect(run.stdout).not.toContain('webapp');
    const reads = log.entries.map((e) => `${e.method} ${e.path}`);
    expect(reads.filter((r) => r.includes('/AllRecord/'))).toEqual(['GET /REST/AllRecord/example.com/']);
    // The geo-service list is read once: a record the plan writes must not stand at a node a service answers for.
    expect(reads.filter((r) => /Secondary|Geo|\/api\//.test(r))).toEqual(['GET /REST/Geo/']);
  });

  it('globs, several patterns, and every command; a pattern matching nothing is an error', async () => {
    const log = sandbox.emulator.requestLog;
    const json = await cli(
      ['plan', work.config, '--target', 'zone:*.org', '--target', 'webapp:shop-*', '--format', 'json'],
      sandbox.env,
    );
    const plan = JSON.parse(json.stdout);
    expect(plan.scope).toEqual(['webapp:shop-*', 'zone:*.org']);
    expect(plan.steps.map((s: { target: Target }) => targetText(s.target))).toEqual([
      'webapp:shop-production',
      'zone:example.org',
    ]);
    expect(log.count({ path: /AllRecord\/example\.com/ })).toBe(0);
    log.clear();
    const apply = await cli(['apply', work.config, '--target', 'secondary:partner.*', '--yes'], sandbox.env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(log.count({ path: /AllRecord|\/api\// })).toBe(0);
    expect((await cli(['drift', work.config, '--target', 'secondary:*'], sandbox.env)).code).toBe(0);
    expect((await cli(['drift', work.config, '--target', 'geo:*'], sandbox.env)).code).toBe(2);
    const typo = await cli(['plan', work.config, '--target', 'zone:exmaple.com'], sandbox.env);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      '--target zone:exmaple.com: matches nothing in the desired state; did you mean zone:example.com or ' +
        'zone:example.net or zone:example.org?\n',
    );
    const far = await cli(['plan', work.config, '--target', 'geo:nothing-like-it'], sandbox.env);
    expect(far.stderr).toContain('--target geo:nothing-like-it: matches nothing in the desired state\n');
  });

  it('without providers:, the one provider is named dyn: zone:example.com@dyn names its zone, shown without it', async () => {
    const named = await cli(
      ['plan', work.config, '--target', 'zone:example.com@dyn', '--format', 'json'],
      sandbox.env,
    );
    const plain = await cli(
      ['plan', work.config, '--target', 'zone:example.com', '--format', 'json'],
      sandbox.env,
    );
    expect(named.code, named.stderr).toBe(2);
    const steps = (run: { stdout: string }) =>
      JSON.parse(run.stdout).steps.map((s: { target: Target }) => targetText(s.target));
    expect(steps(named)).toEqual(['zone:example.com']);
    expect(steps(named)).toEqual(steps(plain));
    const other = await cli(['plan', work.config, '--target', 'zone:example.com@pdns'], sandbox.env);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('--target zone:example.com@pdns: matches nothing in the desired state');
  });
});
