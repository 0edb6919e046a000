import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseNotes, releases } from '../../scripts/release-notes.mjs';

/**
 * What a user who pins a release reads: CHANGELOG.md in the form of Keep a Changelog, package.json's version its
 * newest release, and the notes of a GitHub release taken from it (scripts/release-notes.mjs, docs/releasing.md).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const HOME = 'https://github.com/edgeplan/edgeplan';
const changelog = await readFile(join(ROOT, 'CHANGELOG.md'), 'utf8');
const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  repository: { type: string; url: string };
  homepage: string;
  bugs: { url: string };
};

const semver = (v: string) => v.split('.').map(Number) as [number, number, number];
const newer = (a: string, b: string) => {
  const [x, y] = [semver(a), semver(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

describe('CHANGELOG.md', () => {
  const all = releases(changelog);

  it('opens with the Unreleased section the next changes go to, then the releases', () => {
    expect(changelog.startsWith('# Changelog\n')).toBe(true);
    const unreleased = changelog.indexOf('\n## [Unreleased]\n');
    expect(unreleased).toBeGreaterThan(0);
    expect(unreleased).toBeLessThan(changelog.indexOf(`\n## [${all[0]?.version}] - `));
    expect(changelog.match(/^## /gm)?.length).toBe(all.length + 1);
  });

  it('lists releases newest first, dated, each saying what to check in the first plan and what to change', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const [i, release] of all.entries()) {
      const older = all[i + 1];
      if (older) {
        expect(newer(release.version, older.version), release.version).toBeGreaterThan(0);
        expect(release.date >= older.date, release.version).toBe(true);
      }
      expect(Number.isNaN(Date.parse(release.date)), release.date).toBe(false);
      expect(release.body, release.version).toMatch(/^### Added$|^### Changed$|^### Fixed$/m);
      expect(release.body, release.version).toContain('\n### Check in the first plan\n');
      expect(release.body, release.version).toContain('\n### You must change\n');
    }
  });

  it("package.json's version is the newest release, and every release links its tag", () => {
    expect(all[0]?.version).toBe(pkg.version);
    expect(changelog).toContain(`[Unreleased]: ${HOME}/compare/v${pkg.version}...HEAD\n`);
    for (const { version } of all)
      expect(changelog).toContain(`[${version}]: ${HOME}/releases/tag/v${version}`);
  });

  it('gives a release its section as notes, and refuses a version it lacks or a package.json ahead of it', () => {
    const notes = releaseNotes(changelog, pkg.version, pkg.version);
    expect('notes' in notes && notes.notes).toBe(`${all[0]?.body}\n`);
    expect('notes' in notes && notes.notes).not.toContain('## [');
    expect('notes' in notes && notes.notes).not.toContain(']: https://');
    expect(releaseNotes(changelog, '99.0.0', pkg.version)).toEqual({
      problem: 'CHANGELOG.md has no section "## [99.0.0] - YYYY-MM-DD"',
    });
    expect(releaseNotes(changelog, pkg.version, '99.0.0')).toEqual({
      problem: "package.json's version 99.0.0 is not the newest release of CHANGELOG.md",
    });
  });

  it('takes a section up to the next one, Unreleased above it left out', () => {
    const text = [
      '# Changelog',
      '## [Unreleased]',
      '### Added',
      '- next',
      '## [0.2.0] - 2027-01-02',
      '### Added',
      '- two',
      '## [0.1.0] - 2026-12-07',
      '### Fixed',
      '- one',
      '[0.2.0]: x',
    ].join('\n');
    expect(releases(text)).toEqual([
      { version: '0.2.0', date: '2027-01-02', body: '### Added\n- two' },
      { version: '0.1.0', date: '2026-12-07', body: '### Fixed\n- one' },
    ]);
  });
});

describe('package.json', () => {
  it('names the project’s home: repository, homepage and where to report bugs', () => {
    expect(pkg.repository).toEqual({ type: 'git', url: `git+${HOME}.git` });
    expect(pkg.homepage).toBe(`${HOME}#readme`);
    expect(pkg.bugs).toEqual({ url: `${HOME}/issues` });
  });
});
