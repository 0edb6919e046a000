import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

/**
 * The warnings path (docs/lints.md): lint warnings are printed by validate, plan, apply and drift, never block and
 * never change the exit code; `--strict` or `settings.lint.strict` makes them errors: exit 1, no request sent.
 */

/** One warning: `www` points at `web`, which the zone does not have. */
const WARNED = 'zones:\n  example.com:\n    records:\n      www: { cname: web }\n';
const WARNING =
  'warning: EP1404 record "www" CNAME: web.example.com. is inside zone "example.com" but has no records';

let dir: string;
let sandbox: Sandbox;
let warned: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-lints-'));
  warned = join(dir, 'warned.yaml');
  await writeFile(warned, WARNED);
  sandbox = await startSandbox({ dns: { zones: { 'example.com': {} } } });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('lint warnings', () => {
  it('are printed at their place by validate, which stays valid (exit 0)', async () => {
    const run = await cli(['validate', warned]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `${warned}:4:21: ${WARNING} in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone's unmanaged)\n` +
        '1 warning, not blocking (--strict makes warnings errors).\n',
    );
    expect(run.stdout).toBe('Valid: 1 zone, 1 record set.\n');
  });

  it('never change the exit codes of plan, apply and drift', async () => {
    const plan = await cli(['plan', warned], sandbox.env);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stderr).toContain(`${warned}:4:21: ${WARNING}`);
    const drift = await cli(['drift', warned], sandbox.env);
    expect(drift.code, drift.stderr).toBe(2);
    expect(drift.stderr).toContain(WARNING);
    const apply = await cli(['apply', warned, '--yes'], sandbox.env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stderr).toContain(WARNING);
    const again = await cli(['plan', warned], sandbox.env);
    expect(again.code, again.stderr).toBe(0);
  });

  it('are errors with --strict: exit 1 and no request, for every command', async () => {
    for (const command of [['validate'], ['plan'], ['apply', '--yes'], ['drift']]) {
      sandbox.emulator.requestLog.clear();
      const run = await cli([...command, warned, '--strict'], sandbox.env);
      expect(run.code, command.join(' ')).toBe(1);
      expect(run.stderr).toBe(
        `${warned}:4:21: EP1404 record "www" CNAME: web.example.com. is inside zone "example.com" but has no records in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone's unmanaged) (a warning, made an error by --strict)\n` +
          '1 problem found; nothing was sent to any API.\n',
      );
      expect(sandbox.emulator.requestLog.count(), command.join(' ')).toBe(0);
    }
  });

  it('are errors when the YAML says settings.lint.strict: true, which names its place', async () => {
    const strict = join(dir, 'strict.yaml');
    await writeFile(strict, `${WARNED}settings:\n  lint: { strict: true }\n`);
    sandbox.emulator.requestLog.clear();
    const run = await cli(['plan', strict], sandbox.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`(a warning, made an error by settings.lint.strict at ${strict}:6:11)\n`);
    expect(sandbox.emulator.requestLog.count()).toBe(0);
    const off = join(dir, 'off.yaml');
    await writeFile(off, `${WARNED}settings:\n  lint: { strict: false }\n`);
    expect((await cli(['validate', off])).code).toBe(0);
  });

  it('are listed with their severity in JSON, and as ::warning annotations on GitHub Actions', async () => {
    const json = await cli(['validate', warned, '--format', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).warnings).toEqual([
      {
        file: warned,
        line: 4,
        col: 21,
        severity: 'warning',
        code: 'EP1404',
        message: expect.stringContaining('web.example.com.'),
      },
    ]);
    const bad = join(dir, 'bad.yaml');
    await writeFile(bad, `${WARNED}      ftp: { a: [192.0.2.300] }\n`);
    const problems = await cli(['validate', bad, '--format', 'json']);
    expect(problems.code).toBe(1);
    const doc = JSON.parse(problems.stdout);
    expect(doc.summary).toBe('1 problem found (and 1 warning); nothing was sent to any API.');
    expect(doc.problems.map((p: { severity: string }) => p.severity)).toEqual(['warning', 'error']);
    const env = { ...sandbox.env, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir };
    const annotated = await cli(['plan', warned], env);
    expect(annotated.stdout).toContain('::warning file=warned.yaml,line=4,col=21::EP1404 record "www" CNAME');
  });

  it('are in the markdown plan, and in the job summary, at their place', async () => {
    const summary = join(dir, 'summary.md');
    await writeFile(summary, '');
    const run = await cli(['plan', warned, '--format', 'markdown'], {
      ...sandbox.env,
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(run.code, run.stderr).toBeLessThan(3);
    const section =
      '### Warnings\n\n' +
      `- \`${warned}:4:21\` EP1404 record "www" CNAME: web.example.com. is inside zone "example.com" but has no records ` +
      "in the desired state; nothing will answer for it unless another tool creates it (then list it under the zone's " +
      'unmanaged)\n\n1 warning, not blocking (`--strict` makes warnings errors).';
    expect(run.stdout).toContain(section);
    expect(run.stdout.indexOf('### Warnings')).toBeGreaterThan(run.stdout.indexOf('## edgeplan plan'));
    expect(await readFile(summary, 'utf8')).toContain(section);
    const clean = join(dir, 'clean.yaml');
    await writeFile(clean, 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n');
    const quiet = await cli(['plan', clean, '--format', 'markdown'], sandbox.env);
    expect(quiet.stdout).not.toContain('Warnings');
  });
});
