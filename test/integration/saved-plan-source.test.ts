import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, quickstartSandbox, type Sandbox } from '../support/sandbox.js';
import { writeRequests } from './review-helpers.js';

// Time budget: ten times its slowest test (3.2 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * `apply --plan FILE` loads the paths the plan was made from (relative to the repository root) and is bound to the
 * account it was read from. The repository is a temp directory with `.git`, the desired state under `dns/`, and
 * other YAML at its root that is not desired state (as in any real repository).
 */

let sandbox: Sandbox;
let repo: string;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  repo = await mkdtemp(join(tmpdir(), 'edgeplan-repo-'));
  await mkdir(join(repo, '.git'));
  await cp(QUICKSTART, join(repo, 'dns'), {
    recursive: true,
    filter: (src) => !src.endsWith('sandbox-seed.yaml'),
  });
  await writeFile(join(repo, 'docker-compose.yaml'), 'services:\n  web:\n    image: nginx\n');
  await mkdir(join(repo, 'ci'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(repo, { recursive: true, force: true });
});

interface PlanFile {
  source?: { root: string; paths: string[] };
  accounts?: Record<string, Record<string, string>>;
}

async function planFile(): Promise<PlanFile> {
  return JSON.parse(await readFile(join(repo, 'plan.json'), 'utf8'));
}

describe('the paths a plan was made from', () => {
  it('are recorded relative to the repository root, and `apply --plan` without PATH loads them', async () => {
    const plan = await cli(['plan', 'dns/', '--out', 'plan.json'], sandbox.env, { cwd: repo });
    expect(plan.code).toBe(2);
    expect((await planFile()).source).toEqual({ root: 'git', paths: ['dns'] });

    // From another directory of the repository, the plan's paths are still the repository's dns/.
    const run = await cli(['apply', '--plan', '../plan.json', '--yes'], sandbox.env, {
      cwd: join(repo, 'ci'),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Converged: a new plan shows no changes.');
  });

  it('outside a repository, relative to the working directory; `plan --out` refuses a path outside it', async () => {
    await rm(join(repo, '.git'), { recursive: true });
    const elsewhere = await mkdtemp(join(tmpdir(), 'edgeplan-other-'));
    try {
      expect((await cli(['plan', 'dns', '--out', 'plan.json'], sandbox.env, { cwd: repo })).code).toBe(2);
      expect((await planFile()).source).toEqual({ root: 'cwd', paths: ['dns'] });

      await rename(join(repo, 'dns', 'new-zone.yaml'), join(elsewhere, 'new-zone.yaml'));
      sandbox.emulator.requestLog.clear();
      const args = ['plan', join(elsewhere, 'new-zone.yaml'), 'dns', '--out', 'other.json'];
      const outside = await cli(args, sandbox.env, { cwd: repo });
      expect(outside.code).toBe(1);
      expect(outside.stderr).toContain(
        `error EP5103: --out: a saved plan records its desired-state paths relative to the working directory ${repo}, ` +
          `and ${join(elsewhere, 'new-zone.yaml')} lies outside it.`,
      );
      expect(sandbox.emulator.requestLog.count()).toBe(0);
    } finally {
      await rm(elsewhere, { recursive: true });
    }
  });

  it('an explicit PATH must be the same paths (spelled any way): else refused naming both, nothing sent', async () => {
    await writeFile(join(repo, 'dns-staging.yaml'), 'zones: {}\n');
    expect((await cli(['plan', 'dns', '--out', 'plan.json'], sandbox.env, { cwd: repo })).code).toBe(2);
    sandbox.emulator.requestLog.clear();
    const other = await cli(['apply', 'dns-staging.yaml', '--plan', 'plan.json', '--yes'], sandbox.env, {
      cwd: repo,
    });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(
      `error EP5103: refusing to apply plan.json: it was made from "dns", not from "dns-staging.yaml" (paths relative to the git repository at ${repo}). Nothing was read or sent.`,
    );
    expect(sandbox.emulator.requestLog.count()).toBe(0);

    const same = await cli(['apply', './dns/', '--plan', 'plan.json', '--yes'], sandbox.env, { cwd: repo });
    expect(same.code).toBe(0);
  });

  it('a file without `source` (made before plans recorded it) is applied to PATH', async () => {
    expect((await cli(['plan', 'dns', '--out', 'plan.json'], sandbox.env, { cwd: repo })).code).toBe(2);
    const { source: _dropped, ...older } = await planFile();
    await writeFile(join(repo, 'plan.json'), JSON.stringify(older));
    const run = await cli(['apply', 'dns', '--plan', 'plan.json', '--yes'], sandbox.env, { cwd: repo });
    expect(run.code).toBe(0);
  });
});

describe('the account a plan was made against', () => {
  it('is recorded, never a secret: the DNS URL and customer', async () => {
    expect((await cli(['plan', 'dns', '--out', 'plan.json'], sandbox.env, { cwd: repo })).code).toBe(2);
    const text = await readFile(join(repo, 'plan.json'), 'utf8');
    expect(JSON.parse(text).accounts).toEqual({
      dyn: { url: sandbox.url, customer: 'acme' },
      waf: { url: sandbox.env.EDGEPLAN_WAF_URL, clientId: 'acme-ci' },
    });
    expect(text).not.toContain(sandbox.env.EDGEPLAN_DYN_PASSWORD);
    expect(text).not.toContain(sandbox.env.EDGEPLAN_WAF_CLIENT_SECRET);
    expect(text).not.toContain('ci-bot');
  });

  it('another account (customer or URL) is refused before any request, naming both', async () => {
    expect((await cli(['plan', 'dns', '--out', 'plan.json'], sandbox.env, { cwd: repo })).code).toBe(2);
    sandbox.emulator.requestLog.clear();
    const env = { ...sandbox.env, EDGEPLAN_DYN_CUSTOMER: 'acme-staging' };
    const run = await cli(['apply', '--plan', 'plan.json', '--yes'], env, { cwd: repo });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'error EP5109: refusing to apply plan.json: it was made against another account:\n' +
        `  dyn: url ${sandbox.url}, customer acme in the plan, url ${sandbox.url}, customer acme-staging now\n` +
        'Nothing was sent. Plan again against this account and review the new plan.',
    );
    expect(sandbox.emulator.requestLog.count()).toBe(0);

    const other = await quickstartSandbox();
    try {
      const moved = await cli(['apply', '--plan', 'plan.json', '--yes'], other.env, { cwd: repo });
      expect(moved.code).toBe(1);
      expect(moved.stderr).toContain(
        `  dyn: url ${sandbox.url}, customer acme in the plan, url ${other.url}`,
      );
      expect(other.emulator.requestLog.count()).toBe(0);
    } finally {
      await other.close();
    }

    const same = await cli(['apply', '--plan', 'plan.json', '--yes'], sandbox.env, { cwd: repo });
    expect(same.code).toBe(0);
  });

  it('the WAF client id is recorded for people, not compared: plan and apply may use two clients of one account', async () => {
    expect((await cli(['plan', 'dns', '--out', 'plan.json'], sandbox.env, { cwd: repo })).code).toBe(2);
    const saved = await planFile();
    expect(saved.accounts?.waf?.clientId).toBe('acme-ci');
    const waf = { ...saved.accounts?.waf, clientId: 'acme-planner' };
    await writeFile(
      join(repo, 'plan.json'),
      JSON.stringify({ ...saved, accounts: { ...saved.accounts, waf } }),
    );
    const run = await cli(['apply', '--plan', 'plan.json', '--yes'], sandbox.env, { cwd: repo });
    expect(run.stderr).not.toContain('another account');
    expect(run.code).toBe(0);
  });

  it('a file without `accounts` is refused unless --allow-unbound says to apply it anyway', async () => {
    expect((await cli(['plan', 'dns', '--out', 'plan.json'], sandbox.env, { cwd: repo })).code).toBe(2);
    const { accounts: _dropped, ...older } = await planFile();
    await writeFile(join(repo, 'plan.json'), JSON.stringify(older));
    sandbox.emulator.requestLog.clear();
    const refused = await cli(['apply', '--plan', 'plan.json', '--yes'], sandbox.env, { cwd: repo });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error EP5109: refusing to apply plan.json: it records no account it was made against, so nothing shows it was ' +
        `made against this one:\n  dyn: url ${sandbox.url}, customer acme now\n`,
    );
    expect(refused.stderr).toContain('pass --allow-unbound to apply it anyway');
    expect(writeRequests(sandbox)).toEqual([]);

    const alone = await cli(['apply', 'dns', '--yes', '--allow-unbound'], sandbox.env, { cwd: repo });
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain('error EP5102: --allow-unbound goes with --plan FILE');
    expect(writeRequests(sandbox)).toEqual([]);

    const args = ['apply', '--plan', 'plan.json', '--yes', '--allow-unbound'];
    const run = await cli(args, sandbox.env, { cwd: repo });
    expect(run.code).toBe(0);
    expect(writeRequests(sandbox).length).toBeGreaterThan(0);
  });
});
