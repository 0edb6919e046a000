import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, quickstartSandbox, type Sandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (0.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

/**
 * `--format json` on a validation or live-state problem: stdout is one JSON document of the problems (for bots),
 * stderr keeps the lines for people, exit 1, nothing sent. docs/plan-format.md, "Problems".
 */

let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-problems-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const INVALID =
  'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.300] }\n      ftp: { cname: [a.example.net.] }\n';
const TYPOS = 'waf:\n  webapps:\n    shop-prod:\n      good_bots: { allow: [Googlebot] }\n';

describe('--format json on problems', () => {
  it('validation: the problems as JSON on stdout, the lines on stderr, exit 1, no request (plan, apply, drift, validate)', async () => {
    const file = join(dir, 'zones.yaml');
    await writeFile(file, INVALID);
    const human = await cli(['validate', file]);
    expect(human.code).toBe(1);
    for (const command of ['plan', 'apply', 'drift', 'validate']) {
      sandbox.emulator.requestLog.clear();
      const run = await cli([command, file, '--format', 'json'], sandbox.env);
      expect(run.code, command).toBe(1);
      expect(run.stderr, command).toBe(human.stderr);
      const doc = JSON.parse(run.stdout);
      expect(doc, command).toEqual({
        formatVersion: 2,
        error: 'validation',
        summary: '2 problems found; nothing was sent to any API.',
        problems: [
          {
            file,
            line: 4,
            col: expect.any(Number),
            severity: 'error',
            code: 'EP1104',
            message: expect.stringContaining('192.0.2.300'),
          },
          {
            file,
            line: 5,
            col: expect.any(Number),
            severity: 'error',
            code: 'EP1103',
            message: expect.any(String),
          },
        ],
      });
      for (const problem of doc.problems)
        expect(human.stderr).toContain(
          `${problem.file}:${problem.line}:${problem.col}: ${problem.code} ${problem.message}\n`,
        );
      expect(sandbox.emulator.requestLog.count(), command).toBe(0);
    }
  });

  it('live state: `error: live-state`, each problem at its place', async () => {
    const file = join(dir, 'waf.yaml');
    await writeFile(file, TYPOS);
    const run = await cli(['plan', file, '--format', 'json'], sandbox.env);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      formatVersion: 2,
      error: 'live-state',
      summary: '1 problem found against live state; nothing was changed.',
      problems: [
        {
          file,
          line: 3,
          col: 5,
          severity: 'error',
          code: 'EP1607',
          message: 'webapp "shop-prod" does not exist in the WAF account; closest: shop-production',
        },
      ],
    });
    expect(run.stderr).toContain(`${file}:3:5: EP1607 webapp "shop-prod" does not exist`);
  });

  it('on GitHub Actions, stdout stays JSON: the ::error annotations go to stderr', async () => {
    const file = join(dir, 'zones.yaml');
    await writeFile(file, INVALID);
    const env = { ...sandbox.env, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir };
    const json = await cli(['plan', file, '--format', 'json'], env);
    expect(JSON.parse(json.stdout).problems).toHaveLength(2);
    expect(json.stderr).toContain('::error file=zones.yaml,line=4,');
    const text = await cli(['plan', file], env);
    expect(text.stdout).toContain('::error file=zones.yaml,line=4,');
  });

  it('without problems, validate --format json gives the counts', async () => {
    const run = await cli(['validate', QUICKSTART, '--format', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      formatVersion: 2,
      valid: true,
      zones: 3,
      recordSets: expect.any(Number),
      webapps: 2,
      warnings: [],
    });
  });
});
