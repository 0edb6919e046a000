import { cp, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { QUICKSTART, quickstartSandbox, type Sandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (1.4 s quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

/**
 * A saved plan never chooses its own desired state: whoever can push a branch can upload a plan file, so its
 * recorded paths stay inside the repository, cover the whole desired state of what it changes, and load nothing
 * that is not desired state. Every refusal sends nothing and shows nothing of a file that is not desired state.
 */

const SECRET = 'TOP-SECRET-hunter2';
let sandbox: Sandbox;
let repo: string;
let outside: string;

beforeEach(async () => {
  sandbox = await quickstartSandbox();
  repo = await realpath(await mkdtemp(join(tmpdir(), 'edgeplan-repo-')));
  outside = await realpath(await mkdtemp(join(tmpdir(), 'edgeplan-outside-')));
  await mkdir(join(repo, '.git'));
  await cp(QUICKSTART, join(repo, 'dns'), {
    recursive: true,
    filter: (src) => !src.endsWith('sandbox-seed.yaml'),
  });
  await writeFile(join(outside, 'secret.yaml'), `${SECRET}: 1\nroot:x:0:0:${SECRET}\n`);
});
afterEach(async () => {
  await sandbox.close();
  await rm(repo, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

async function plan(...paths: string[]): Promise<void> {
  const run = await cli(['plan', ...paths, '--out', 'plan.json'], sandbox.env, { cwd: repo });
  expect(run.code).toBe(2);
}

/** Rewrites the saved plan's recorded paths (and, optionally, more of it), as someone uploading a plan could. */
async function tamper(paths: string[], more: Record<string, unknown> = {}): Promise<void> {
  const saved = JSON.parse(await readFile(join(repo, 'plan.json'), 'utf8'));
  await writeFile(
    join(repo, 'plan.json'),
    JSON.stringify({ ...saved, ...more, source: { ...saved.source, paths } }),
  );
}

async function apply(...args: string[]) {
  sandbox.emulator.requestLog.clear();
  const run = await cli(['apply', ...args, '--plan', 'plan.json', '--yes'], sandbox.env, { cwd: repo });
  return { ...run, requests: sandbox.emulator.requestLog.count() };
}

describe('a saved plan of only some of the files of a zone', () => {
  beforeEach(async () => {
    // The blog record of example.com moves to a file of its own, as teams split large zones.
    const zones = await readFile(join(repo, 'dns', 'zones.yaml'), 'utf8');
    const blog =
      '      blog: { cname: example.net., ttl: 300 }          # live and the same → nothing to do\n';
    expect(zones).toContain(blog);
    await writeFile(join(repo, 'dns', 'zones.yaml'), zones.replace(blog, ''));
    await writeFile(
      join(repo, 'dns', 'blog.yaml'),
      'zones:\n  example.com:\n    records:\n      blog: { cname: example.net., ttl: 300 }\n',
    );
  });

  it('is refused without PATH, naming the file it left out; nothing is sent', async () => {
    await plan('dns/zones.yaml');
    const run = await apply();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'error: refusing to apply plan.json: it was made from "dns/zones.yaml", which does not hold the whole ' +
        'desired state of what it changes:\n  dns/blog.yaml declares zone:example.com\n',
    );
    expect(run.stderr).toContain('Nothing was read or sent.');
    expect(run.requests).toBe(0);
  });

  it('is refused with the desired-state PATH the workflow passes; the whole directory applies', async () => {
    await plan('dns/zones.yaml');
    const subset = await apply('dns');
    expect(subset.code).toBe(1);
    expect(subset.stderr).toContain('it was made from "dns/zones.yaml", not from "dns"');
    expect(subset.requests).toBe(0);

    await plan('dns');
    const whole = await apply('dns');
    expect(whole.code).toBe(0);
    expect(whole.stdout).toContain('Converged: a new plan shows no changes.');
  });
});

describe('recorded paths that leave the repository', () => {
  it.each([
    ['../outside/secret.yaml'],
    ['/etc/passwd'],
    ['dns/../../secret.yaml'],
    ['./dns'],
    ['dns//zones.yaml'],
    ['C:/secret.yaml'],
    ['dns\\zones.yaml'],
  ])('%s is refused before any file is read', async (path) => {
    await plan('dns');
    await tamper([path]);
    const run = await apply();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `error: refusing to apply plan.json: its desired-state paths must be relative to the git repository at ${repo} and lie inside it;`,
    );
    expect(run.stderr).not.toContain(SECRET);
    expect(run.stderr).not.toContain('root:');
    expect(run.requests).toBe(0);
  });

  it('a recorded path that is a symbolic link out of the repository is refused', async () => {
    await symlink(outside, join(repo, 'linked'));
    await plan('dns');
    await tamper(['linked']);
    const run = await apply();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `"linked" leads out of the git repository at ${repo} through a symbolic link.`,
    );
    expect(run.stderr).not.toContain(SECRET);
    expect(run.requests).toBe(0);
  });

  it('a link out below a recorded directory is not read', async () => {
    await plan('dns');
    await symlink(join(outside, 'secret.yaml'), join(repo, 'dns', 'extra.yaml'));
    const run = await apply();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `dns/extra.yaml:1:1: lies outside the git repository at ${repo} (through a symbolic link); it was not read`,
    );
    expect(run.stderr).not.toContain(SECRET);
    expect(run.requests).toBe(0);
  });
});

describe('recorded paths inside the repository that are not desired state', () => {
  it('are refused with nothing of them shown', async () => {
    await writeFile(join(repo, 'credentials.yaml'), `password: ${SECRET}\n`);
    await writeFile(join(repo, 'notes.yaml'), `root:x:0:0:${SECRET}:/root\nbin: [\n`);
    await plan('dns');
    // A plan that changes nothing of the repository's desired state, so that only the loading can refuse it.
    await tamper(['credentials.yaml', 'notes.yaml'], { steps: [] });
    const run = await apply();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('credentials.yaml:1:1: not an edgeplan desired-state file');
    expect(run.stderr).toContain('notes.yaml:1:1: not an edgeplan desired-state file');
    expect(run.stderr).not.toContain(SECRET);
    expect(run.stderr).not.toContain('password');
    expect(run.requests).toBe(0);
  });
});
