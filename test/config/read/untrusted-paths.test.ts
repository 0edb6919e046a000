import { mkdir, mkdtemp, realpath, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { declaredElsewhere, loadDesiredState } from '../../../src/config/index.js';
import { MAX_FILE_BYTES } from '../../../src/config/read/read-files.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';

/**
 * Paths a saved plan chose (`untrustedPaths`): files stay inside the repository, and a file that is not desired
 * state is refused with nothing of it shown; `declaredElsewhere` finds the files a plan of a subset left out.
 */

const SECRET = 'hunter2-do-not-print';
let repo: string;
let outside: string;
beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'edgeplan-untrusted-')));
  outside = await realpath(await mkdtemp(join(tmpdir(), 'edgeplan-outside-')));
  await mkdir(join(repo, 'dns'));
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const confine = () => ({ dir: repo, description: `the git repository at ${repo}` });

async function problems(paths: string[]): Promise<string[]> {
  const result = await loadDesiredState(paths, { untrustedPaths: confine() });
  return result.ok ? [] : result.diagnostics.map(formatDiagnostic);
}

describe('loadDesiredState with untrustedPaths', () => {
  it('loads desired state as usual, an empty file included', async () => {
    await writeFile(
      join(repo, 'dns', 'a.yaml'),
      'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n',
    );
    await writeFile(join(repo, 'dns', 'empty.yaml'), '');
    const result = await loadDesiredState([join(repo, 'dns')], { untrustedPaths: confine() });
    expect(result.ok && result.desired.zones.map((zone) => zone.zone)).toEqual(['example.com']);
  });

  it('refuses a file whose top level is not desired state, quoting none of it', async () => {
    const file = join(repo, 'secrets.yaml');
    await writeFile(file, `zones: {}\npassword: ${SECRET}\n`);
    expect(await problems([file])).toEqual([
      `${file}:1:1: not an edgeplan desired-state file (not YAML, or keys at its top level that edgeplan does not ` +
        'have); it came from a saved plan, so nothing of it is shown',
    ]);
    // Without untrustedPaths the same file is reported key by key, as a user's own file is.
    const own = await loadDesiredState([file]);
    expect(own.ok ? [] : own.diagnostics.map(formatDiagnostic).join('\n')).toContain('password');
  });

  it('refuses a file that is not YAML, or whose top level is a list or a scalar, quoting none of it', async () => {
    const passwd = join(repo, 'passwd.yaml');
    await writeFile(passwd, `root:x:0:0:${SECRET}:/root:/bin/bash\nbin: [\n`);
    const list = join(repo, 'list.yaml');
    await writeFile(list, `- ${SECRET}\n`);
    const scalar = join(repo, 'scalar.yaml');
    await writeFile(scalar, `${SECRET}\n`);
    const found = await problems([passwd, list, scalar]);
    expect(found).toHaveLength(3);
    for (const line of found) {
      expect(line).toContain('not an edgeplan desired-state file');
      expect(line).not.toContain(SECRET);
    }
  });

  it('says why a file was not read, among desired state and a foreign file, each in its own words', async () => {
    const big = join(repo, 'dns', 'big.yaml');
    await writeFile(big, '');
    await truncate(big, MAX_FILE_BYTES + 1);
    await writeFile(join(repo, 'dns', 'a.yaml'), 'zones: {}\n');
    await writeFile(join(repo, 'dns', 'c.yaml'), `token: ${SECRET}\n`);
    expect(await problems([join(repo, 'dns')])).toEqual([
      `${big}:1:1: file is 4 MB; the limit is 4 MB per file (split a large zone across files)`,
      `${join(repo, 'dns', 'c.yaml')}:1:1: not an edgeplan desired-state file (not YAML, or keys at its top level ` +
        'that edgeplan does not have); it came from a saved plan, so nothing of it is shown',
    ]);
  });

  it('does not read a file below a directory that a symbolic link takes out of the repository', async () => {
    await writeFile(join(outside, 'leak.yaml'), `${SECRET}: 1\n`);
    await symlink(join(outside, 'leak.yaml'), join(repo, 'dns', 'leak.yaml'));
    await writeFile(join(repo, 'dns', 'a.yaml'), 'zones: {}\n');
    expect(await problems([join(repo, 'dns')])).toEqual([
      `${join(repo, 'dns', 'leak.yaml')}:1:1: lies outside the git repository at ${repo} (through a symbolic link); it was not read`,
    ]);
    // The user's own PATH follows the link, as it always did.
    const own = await loadDesiredState([join(repo, 'dns')]);
    expect(own.ok ? [] : own.diagnostics.map(formatDiagnostic).join('\n')).toContain(SECRET);
  });
});

describe('loadDesiredState with confinedTo', () => {
  it('reads no file a link takes out, saying why, and reports a file of other keys as usual', async () => {
    await writeFile(join(outside, 'leak.yaml'), `${SECRET}: 1\n`);
    await symlink(join(outside, 'leak.yaml'), join(repo, 'dns', 'leak.yaml'));
    await writeFile(join(repo, 'dns', 'a.yaml'), `zones: {}\nnotes: ${SECRET}\n`);
    const why = 'a saved plan is made from files inside it alone.';
    const result = await loadDesiredState([join(repo, 'dns')], { confinedTo: { ...confine(), why } });
    const shown = result.ok ? [] : result.diagnostics.map(formatDiagnostic);
    expect(shown).toContain(
      `${join(repo, 'dns', 'leak.yaml')}:1:1: lies outside the git repository at ${repo} (through a symbolic link); it was not read: ${why}`,
    );
    // The user named the paths: their own file's unknown key is quoted, not hidden as a saved plan's would be.
    expect(shown.join('\n')).toContain('notes');
  });
});

describe('declaredElsewhere', () => {
  const zone = { kind: 'zone', name: 'example.com' } as const;

  it('names the desired-state files outside the loaded ones that declare a target, and nothing else', async () => {
    const loaded = join(repo, 'dns', 'a.yaml');
    await writeFile(loaded, 'zones:\n  example.com:\n    records: {}\n');
    await writeFile(join(repo, 'dns', 'b.yaml'), 'zones:\n  Example.COM.:\n    records: {}\n');
    await writeFile(join(repo, 'dns', 'c.yaml'), 'zones:\n  example.net:\n    records: {}\n');
    await writeFile(
      join(repo, 'geo.yaml'),
      'geo_services:\n  Global Web: {}\nwaf:\n  webapps:\n    shop: {}\n',
    );
    await writeFile(join(repo, 'compose.yaml'), 'zones:\n  example.com: {}\nservices: {}\n');
    await writeFile(join(repo, 'broken.yaml'), 'zones: [\n');
    // A secondary zone of the same name as a zone is another target; an empty file and one too big to read
    // declare nothing.
    await writeFile(join(repo, 'copies.yaml'), 'secondary_zones:\n  example.com: {}\n  copy.example: {}\n');
    await writeFile(join(repo, 'empty.yaml'), '');
    await writeFile(join(repo, 'huge.yaml'), '');
    await truncate(join(repo, 'huge.yaml'), MAX_FILE_BYTES + 1);
    const targets = [
      zone,
      { kind: 'secondary', name: 'copy.example' } as const,
      { kind: 'geo', name: 'Global Web' } as const,
      { kind: 'webapp', name: 'shop' } as const,
    ];
    const found = await declaredElsewhere(confine(), new Set([loaded]), targets);
    expect(found).toEqual([
      { file: join(repo, 'copies.yaml'), target: targets[1] },
      { file: join(repo, 'dns', 'b.yaml'), target: zone },
      { file: join(repo, 'geo.yaml'), target: targets[2] },
      { file: join(repo, 'geo.yaml'), target: targets[3] },
    ]);
  });

  it('finds nothing when the plan changes nothing, and follows no link out of the repository', async () => {
    await writeFile(join(outside, 'b.yaml'), 'zones:\n  example.com: {}\n');
    await symlink(outside, join(repo, 'elsewhere'));
    await writeFile(join(repo, 'dns', 'b.yaml'), 'zones:\n  example.com: {}\n');
    expect(await declaredElsewhere(confine(), new Set(), [])).toEqual([]);
    expect(await declaredElsewhere(confine(), new Set(), [zone])).toEqual([
      { file: join(repo, 'dns', 'b.yaml'), target: zone },
    ]);
  });

  it('names the files that give settings or providers, which shape every target, and not empty ones', async () => {
    const loaded = join(repo, 'dns', 'a.yaml');
    await writeFile(loaded, 'zones:\n  example.com:\n    records: {}\n');
    await writeFile(join(repo, 'dns', 'safety.yaml'), 'settings:\n  safety: { zone_last_records: true }\n');
    await writeFile(join(repo, 'providers.yaml'), 'providers:\n  files: { type: zonefile }\nsettings: {}\n');
    await writeFile(join(repo, 'empty.yaml'), 'settings: {}\nproviders: {}\n');
    await writeFile(join(repo, 'notes.yaml'), 'settings:\n  safety: {}\nother: 1\n');
    expect(await declaredElsewhere(confine(), new Set([loaded]), [zone])).toEqual([
      { file: join(repo, 'dns', 'safety.yaml'), section: 'settings' },
      { file: join(repo, 'providers.yaml'), section: 'providers' },
    ]);
    // A plan that changes nothing is applied under no setting: no file is needed.
    expect(await declaredElsewhere(confine(), new Set([loaded]), [])).toEqual([]);
  });
});
