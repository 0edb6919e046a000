import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXIT_USAGE } from '../../src/cli/exit-codes.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (about 2 s alone on 2 cores), rounded up.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/**
 * `plan --changed-since REF` against the emulator: a git repository whose dns/ holds 50 zones, one file each, all
 * live as the files say, plus `old.z03.example`, live only (a full plan deletes it). Requests are counted from the
 * emulator's request log.
 */

const ZONES = 50;
const zone = (i: number) => `z${String(i).padStart(2, '0')}.example`;
const zoneYaml = (i: number, address = '192.0.2.1') =>
  `# zone ${i}\nzones:\n  ${zone(i)}:\n    records:\n      www: { a: [${address}], ttl: 300 }\n`;
const A = (fqdn: string, address: string) => ({ fqdn, type: 'A', ttl: 300, rdata: { address } });

let sandbox: Sandbox;
let repo: string;

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.net', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
const plan = (...args: string[]) => cli(['plan', 'dns/', ...args], sandbox.env, { cwd: repo });
const zoneReads = () =>
  sandbox.emulator.requestLog.entries.filter((e) => e.path.startsWith('/REST/AllRecord/')).map((e) => e.path);

beforeEach(async () => {
  const zones = Object.fromEntries(
    Array.from({ length: ZONES }, (_, i) => [
      zone(i),
      {
        serial: 1,
        records: [A(`www.${zone(i)}`, '192.0.2.1'), ...(i === 3 ? [A(`old.${zone(i)}`, '192.0.2.9')] : [])],
      },
    ]),
  );
  sandbox = await startSandbox({ dns: { zones } });
  repo = await mkdtemp(join(tmpdir(), 'edgeplan-changed-'));
  await mkdir(join(repo, 'dns'));
  for (let i = 0; i < ZONES; i++) await writeFile(join(repo, 'dns', `${zone(i)}.yaml`), zoneYaml(i));
  await writeFile(join(repo, 'README.md'), 'not desired state\n');
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  sandbox.emulator.requestLog.clear();
});
afterEach(async () => {
  await sandbox.close();
  await rm(repo, { recursive: true, force: true });
});

describe('plan --changed-since', () => {
  it('over 50 zones with one changed reads that zone only, and says which it left out', async () => {
    await writeFile(join(repo, 'dns', 'z07.example.yaml'), zoneYaml(7, '192.0.2.7'));
    const run = await plan('--changed-since', 'main');
    expect(run.code, run.stderr).toBe(2);
    const scoped = sandbox.emulator.requestLog.entries.length;
    expect(zoneReads()).toEqual(['/REST/AllRecord/z07.example/']);
    expect(run.stdout).toMatch(/^Changed since main \([0-9a-f]{12}\): 49 targets left out, not read/);
    expect(run.stdout).toContain('zone:z00.example, zone:z01.example,');
    expect(run.stdout).toContain('… and 39 more.');
    expect(run.stdout).toContain('~ www.z07.example A +192.0.2.7, −192.0.2.1');

    sandbox.emulator.requestLog.clear();
    const full = await plan();
    expect(full.code).toBe(2);
    expect(zoneReads()).toHaveLength(ZONES);
    // The counts docs/benchmarks.md gives: the session and zone list are the same, the zone reads are not.
    expect({ scoped, full: sandbox.emulator.requestLog.entries.length }).toEqual({ scoped: 5, full: 54 });
  });

  it('markdown and JSON carry what was left out; a saved plan keeps to its zones on apply', async () => {
    await writeFile(join(repo, 'dns', 'z07.example.yaml'), zoneYaml(7, '192.0.2.7'));
    const md = await plan('--changed-since', 'HEAD', '--format', 'markdown');
    expect(md.stdout).toMatch(
      /^## edgeplan plan\n\n\*\*1 target changes\*\*.*\n\n> Changed since HEAD \([0-9a-f]{12}\): 49 targets left out/,
    );
    const json = await plan('--changed-since', 'HEAD', '--format', 'json', '--out', 'plan.json');
    const doc = JSON.parse(json.stdout);
    expect(doc.scope).toEqual(['zone:z07.example']);
    expect(doc.changedSince.ref).toBe('HEAD');
    expect(doc.changedSince.commit).toBe(git('rev-parse', 'HEAD').trim());
    expect(doc.changedSince.leftOut).toHaveLength(49);
    expect(doc.changedSince.leftOut).toContain('zone:z03.example');

    // z03 is out of the plan: the apply of the saved plan must not delete its live-only record.
    const apply = await cli(['apply', '--plan', 'plan.json', '--yes'], sandbox.env, { cwd: repo });
    expect(apply.code, apply.stderr).toBe(0);
    expect(sandbox.emulator.requestLog.count({ path: /AllRecord\/z03/ })).toBe(0);
    const live = await cli(['plan', 'dns/z03.example.yaml'], sandbox.env, { cwd: repo });
    expect(live.stdout).toContain('- old.z03.example A ttl 300 192.0.2.9');
  });

  it('a changed template plans the zones that list it and their mirrors, no other zone', async () => {
    const web = (address: string) => `templates:\n  web:\n    www: { a: [${address}], ttl: 300 }\n`;
    await writeFile(join(repo, 'dns', 'templates.yaml'), web('192.0.2.1'));
    for (const i of [1, 2])
      await writeFile(join(repo, 'dns', `${zone(i)}.yaml`), `zones:\n  ${zone(i)}:\n    templates: [web]\n`);
    await writeFile(join(repo, 'dns', `${zone(4)}.yaml`), `zones:\n  ${zone(4)}:\n    same_as: ${zone(1)}\n`);
    git('add', '.');
    git('commit', '-q', '-m', 'templates');
    expect((await plan('--changed-since', 'main')).code).toBe(0);
    expect(zoneReads()).toEqual([]);

    await writeFile(join(repo, 'dns', 'templates.yaml'), web('192.0.2.8'));
    const run = await plan('--changed-since', 'main', '--format', 'json');
    expect(run.code, run.stderr).toBe(2);
    expect(JSON.parse(run.stdout).scope).toEqual([`zone:${zone(1)}`, `zone:${zone(2)}`, `zone:${zone(4)}`]);
    expect(zoneReads().sort()).toEqual([1, 2, 4].map((i) => `/REST/AllRecord/${zone(i)}/`));
  });

  it('a file every zone depends on changed: every zone is planned, and the header says why', async () => {
    await writeFile(join(repo, 'dns', 'settings.yaml'), 'settings:\n  safety:\n    zone_create: false\n');
    const run = await plan('--changed-since', 'main');
    expect(run.stdout).toMatch(
      /^Changed since main \([0-9a-f]{12}\): every target planned, dns\/settings\.yaml changes `settings`/,
    );
    expect(zoneReads()).toHaveLength(ZONES);
  });

  it('a renamed file with the same zones plans nothing; a new untracked file and a deletion are planned', async () => {
    git('mv', 'dns/z01.example.yaml', 'dns/first.yaml');
    const renamed = await plan('--changed-since', 'main');
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(zoneReads()).toEqual([]);
    expect(sandbox.emulator.requestLog.entries).toEqual([]);
    expect(renamed.stdout).toContain('50 targets left out');

    // z03's file removed (untracked z05 file added): z03 leaves the desired state, nothing of it is read; z05 is.
    await rename(join(repo, 'dns', 'z03.example.yaml'), join(repo, 'z03-kept-aside.txt'));
    await writeFile(join(repo, 'dns', 'new.yaml'), 'zones:\n  z05.example:\n    default_ttl: 300\n');
    const changed = await plan('--changed-since', 'main', '--format', 'json');
    const doc = JSON.parse(changed.stdout);
    expect(doc.scope).toEqual(['zone:z03.example', 'zone:z05.example']);
    expect(zoneReads()).toEqual(['/REST/AllRecord/z05.example/']);
  });

  it('refuses what it cannot compare: an unknown revision, no repository (exit 64, nothing read)', async () => {
    const unknown = await plan('--changed-since', 'no-such-branch');
    expect(unknown.code).toBe(EXIT_USAGE);
    expect(unknown.stderr).toContain('--changed-since no-such-branch: no such commit in this repository');
    const option = await plan('--changed-since=--output=x');
    expect(option.code).toBe(EXIT_USAGE);
    await rm(join(repo, '.git'), { recursive: true, force: true });
    const noRepo = await plan('--changed-since', 'main');
    expect(noRepo.code).toBe(EXIT_USAGE);
    expect(noRepo.stderr).toContain('--changed-since needs a git repository');
    expect(sandbox.emulator.requestLog.entries).toEqual([]);
    expect(await readFile(join(repo, 'README.md'), 'utf8')).toBe('not desired state\n');
  });
});
