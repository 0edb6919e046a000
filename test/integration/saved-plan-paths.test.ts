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
/** Why a saved plan reads no file a link takes out of the repository, as `plan --out` and `apply --plan` say it. */
const WHY =
  'a saved plan is made and applied from files inside it alone, and a link out leads elsewhere on the machine ' +
  'that applies.';
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
      'error EP5103: refusing to apply plan.json: it was made from "dns/zones.yaml", which does not hold the whole ' +
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

describe('a saved plan made without the file of the settings', () => {
  // One delete in example.com (old.example.com): under the default policy it needs no approval; this
  // repository's own policy, in a file of its own, asks for approval of any delete.
  const SAFETY = 'settings:\n  safety:\n    zone_delete_share: { max_percent: 1, min_records: 1 }\n';
  beforeEach(() => writeFile(join(repo, 'dns', 'safety.yaml'), SAFETY));
  const live = () =>
    (sandbox.emulator.snapshot().dns?.zones?.['example.com']?.records ?? []).map((r) => r.fqdn);

  it('is refused without PATH, naming the file and why; nothing is sent or deleted', async () => {
    await plan('dns/zones.yaml');
    const run = await apply();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'error EP5103: refusing to apply plan.json: it was made from "dns/zones.yaml", which does not hold the whole ' +
        'desired state of what it changes:\n  dns/safety.yaml declares settings:, which shape every target ' +
        '(the changes that need approval, the warnings that are errors, ownership)\n' +
        "Applying it would go by other settings than the repository's, without the approvals they ask for. " +
        'Nothing was read or sent.',
    );
    expect(run.requests).toBe(0);
    expect(live()).toContain('old.example.com');
  });

  it('made from the whole directory, it asks for the approval and notices a change to the settings', async () => {
    await plan('dns');
    const unapproved = await apply();
    expect(unapproved.code).toBe(1);
    expect(unapproved.stdout).toContain('zone:example.com: deletes 1 of');
    expect(live()).toContain('old.example.com');

    await writeFile(join(repo, 'dns', 'safety.yaml'), SAFETY.replace('max_percent: 1', 'max_percent: 2'));
    const changed = await apply('--allow-unsafe');
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('the desired state is not the one it was made from');
    expect(changed.requests).toBe(0);
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
      `error EP5103: refusing to apply plan.json: its desired-state paths must be relative to the git repository at ${repo} and lie inside it;`,
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
      `"linked" leads out of the git repository at ${repo} through a symbolic link: ${WHY}`,
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
      `dns/extra.yaml:1:1: EP1003 lies outside the git repository at ${repo} (through a symbolic link); it was not read`,
    );
    expect(run.stderr).not.toContain(SECRET);
    expect(run.requests).toBe(0);
  });
});

describe('a desired-state file reached through a symbolic link out of the repository', () => {
  // Valid desired state that changes nothing: only where it lies can refuse it.
  beforeEach(() => writeFile(join(outside, 'lint.yaml'), 'settings:\n  lint: { strict: false }\n'));

  it('is refused by plan --out, with the words apply --plan refuses it in; plan alone follows it', async () => {
    await plan('dns');
    await symlink(join(outside, 'lint.yaml'), join(repo, 'dns', 'lint.yaml'));
    const problem = `dns/lint.yaml:1:1: EP1003 lies outside the git repository at ${repo} (through a symbolic link); it was not read: ${WHY}`;
    const applied = await apply();
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain(problem);
    expect(applied.requests).toBe(0);
    // With the PATH the plan was made from, as the shipped workflow passes it, too.
    const given = await apply('dns');
    expect(given.code).toBe(1);
    expect(given.stderr).toContain(problem);

    await rm(join(repo, 'plan.json'));
    const saved = await cli(['plan', 'dns', '--out', 'plan.json'], sandbox.env, { cwd: repo });
    expect(saved.code).toBe(1);
    expect(saved.stderr).toContain(problem);
    await expect(readFile(join(repo, 'plan.json'))).rejects.toThrow(/ENOENT/);
    // Without --out nothing is saved to be applied elsewhere: the user's own PATH follows the link.
    expect((await cli(['plan', 'dns'], sandbox.env, { cwd: repo })).code).toBe(2);
  });

  // apply --plan's refusal of such a recorded path: "a recorded path that is a symbolic link …" above.
  it('a PATH that is itself a link out is refused by plan --out as apply --plan refuses it', async () => {
    await symlink(outside, join(repo, 'linked'));
    const saved = await cli(['plan', 'dns', 'linked', '--out', 'plan.json'], sandbox.env, { cwd: repo });
    expect(saved.code).toBe(1);
    expect(saved.stderr).toContain(
      `error EP5103: --out: "linked" leads out of the git repository at ${repo} through a symbolic link: ${WHY} ` +
        'Nothing was read or sent.',
    );
    await expect(readFile(join(repo, 'plan.json'))).rejects.toThrow(/ENOENT/);
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
    expect(run.stderr).toContain('credentials.yaml:1:1: EP1015 not an edgeplan desired-state file');
    expect(run.stderr).toContain('notes.yaml:1:1: EP1015 not an edgeplan desired-state file');
    expect(run.stderr).not.toContain(SECRET);
    expect(run.stderr).not.toContain('password');
    expect(run.requests).toBe(0);
  });
});
