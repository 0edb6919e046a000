import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * What `npm pack` would put in the package, asked of this checkout as it is (test/ and its fixtures present): the
 * real-zones corpus is third-party test data under its own licences (GPL-2.0 among them, test/fixtures/zones/
 * LICENSE.md) and must never be shipped in the MIT package. `--ignore-scripts`: `prepare` would build.
 */

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'test/fixtures/zones');

// npm starts, loads its own code and walks the checkout: a few seconds, ten times that as the budget.
const NPM_BUDGET_MS = 60_000;

describe('the files npm pack takes', () => {
  it(
    'hold the package and nothing under test/ (the corpus fixtures stay out)',
    async () => {
      const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT });
      const [{ files }] = JSON.parse(stdout) as [{ files: { path: string }[] }];
      const paths = files.map((file) => file.path);
      expect(paths).toEqual(
        expect.arrayContaining(['package.json', 'LICENSE', 'schemas/edgeplan.schema.json']),
      );
      expect(paths.filter((path) => path.startsWith('test/'))).toEqual([]);
      expect(paths.filter((path) => /\.zone$|GPL/.test(path))).toEqual([]);
    },
    NPM_BUDGET_MS,
  );
});

describe('the licences of the corpus fixtures', () => {
  it('name every zone file in the README table and in LICENSE.md', async () => {
    const zones = (await readdir(FIXTURES)).filter((name) => name.endsWith('.zone'));
    expect(zones.length).toBeGreaterThan(0);
    const readme = await readFile(join(FIXTURES, 'README.md'), 'utf8');
    const licence = await readFile(join(FIXTURES, 'LICENSE.md'), 'utf8');
    expect(zones.filter((name) => !readme.includes(`| \`${name}\` |`))).toEqual([]);
    expect(zones.filter((name) => !licence.includes(`\`${name}\``))).toEqual([]);
  });

  it('ship the GPL text beside the GPL-2.0 files', async () => {
    const readme = await readFile(join(FIXTURES, 'README.md'), 'utf8');
    const gpl = readme.split('\n').filter((line) => line.startsWith('| `') && line.includes('GPL-2.0'));
    expect(gpl.length).toBeGreaterThan(0);
    const text = await readFile(join(FIXTURES, 'GPL-2.0.txt'), 'utf8');
    expect(text).toContain('GNU GENERAL PUBLIC LICENSE');
    expect(text).toContain('Version 2, June 1991');
  });
});
