import { execFileSync } from 'node:child_process';
import { mkdir, realpath, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorText, findYamlFiles, isInside } from '../../../src/config/read/find-files.js';
import { tempTree } from '../helpers.js';

/**
 * Which files a path gives (src/config/read/find-files.ts), on its own: what is loaded, in which order, and what is
 * skipped with a word. The flows through `loadDesiredState` are in load.test.ts and untrusted-paths.test.ts.
 */

describe('findYamlFiles', () => {
  it('takes files in the order given and directories sorted by path, whatever the extension of a named file', async () => {
    const dir = await tempTree({
      'b/z.yml': '',
      'b/a.YAML': '',
      'b/m/x.yaml': '',
      'b/m.yaml': '',
      'named.txt': '',
    });
    expect(await findYamlFiles([`${dir}/named.txt`, `${dir}/b`])).toEqual({
      files: [
        `${dir}/named.txt`,
        `${dir}/b/a.YAML`,
        `${dir}/b/m.yaml`,
        `${dir}/b/m/x.yaml`,
        `${dir}/b/z.yml`,
      ],
      diagnostics: [],
      skipped: [],
    });
  });

  it('says nothing of a file named twice by the same path, and names the second path of one file', async () => {
    const dir = await tempTree({ 'a.yaml': '' });
    await symlink('a.yaml', `${dir}/b.yaml`);
    const a = `${dir}/a.yaml`;
    expect(await findYamlFiles([a, a, `${dir}/b.yaml`])).toEqual({
      files: [a],
      diagnostics: [],
      skipped: [{ path: `${dir}/b.yaml`, reason: `the same file as ${a}, loaded once` }],
    });
  });

  it('passes hidden files that are not YAML and other files by without a word', async () => {
    const dir = await tempTree({
      '.env': 'x',
      '.notes.txt': 'x',
      'readme.md': 'x',
      'a.yaml.orig': 'x',
      'a.yaml': '',
    });
    expect(await findYamlFiles([dir])).toEqual({ files: [`${dir}/a.yaml`], diagnostics: [], skipped: [] });
  });

  it('names hidden links and hidden directories, even without YAML in them', async () => {
    const dir = await tempTree({ 'a.yaml': '', '.cache/readme.md': 'x' });
    await symlink('a.yaml', `${dir}/.link`);
    const hidden = 'hidden (its name starts with a dot)';
    expect((await findYamlFiles([dir])).skipped).toEqual([
      { path: `${dir}/.cache`, reason: hidden },
      { path: `${dir}/.link`, reason: hidden },
    ]);
  });

  it('names a YAML name that is not a regular file, and passes other special files by', async () => {
    const dir = await tempTree({ 'a.yaml': '' });
    execFileSync('mkfifo', [`${dir}/pipe.yaml`, `${dir}/pipe`]);
    await symlink('pipe.yaml', `${dir}/via-link.yml`);
    expect(await findYamlFiles([dir])).toEqual({
      files: [`${dir}/a.yaml`],
      diagnostics: [],
      skipped: [
        { path: `${dir}/pipe.yaml`, reason: 'not a regular file' },
        { path: `${dir}/via-link.yml`, reason: 'not a regular file' },
      ],
    });
  });

  it('loads a link to a file whatever its name ends with when the link is YAML, and follows links to directories', async () => {
    const dir = await tempTree({ 'data/zone.txt': '', 'dns/own.yaml': '', 'other/x.yaml': '' });
    await symlink('../data/zone.txt', `${dir}/dns/linked.yaml`);
    await symlink('../other', `${dir}/dns/sub`);
    await symlink('../data/zone.txt', `${dir}/dns/not-yaml`);
    expect((await findYamlFiles([`${dir}/dns`])).files).toEqual([
      `${dir}/dns/linked.yaml`,
      `${dir}/dns/own.yaml`,
      `${dir}/dns/sub/x.yaml`,
    ]);
  });

  it('skips an emulator seed in a directory (either extension) but loads one named explicitly', async () => {
    const dir = await tempTree({ 'sandbox-seed.yml': '', 'sub/sandbox-seed.yaml': '', 'a.yaml': '' });
    const found = await findYamlFiles([dir, `${dir}/sub/sandbox-seed.yaml`]);
    expect(found.files).toEqual([`${dir}/a.yaml`, `${dir}/sub/sandbox-seed.yaml`]);
    expect(found.skipped).toEqual([
      {
        path: `${dir}/sandbox-seed.yml`,
        reason: 'an emulator account (sandbox-seed.yml), not desired state',
      },
      { path: `${dir}/sub`, reason: 'no *.yaml or *.yml file below it' },
      {
        path: `${dir}/sub/sandbox-seed.yaml`,
        reason: 'an emulator account (sandbox-seed.yaml), not desired state',
      },
    ]);
  });

  it('searches a directory named twice once, and names the second one', async () => {
    const dir = await tempTree({ 'dns/a.yaml': '' });
    await symlink('dns', `${dir}/again`);
    await mkdir(`${dir}/top`);
    await symlink('../dns', `${dir}/top/inner`);
    const found = await findYamlFiles([`${dir}/dns`, `${dir}/top`]);
    expect(found).toEqual({
      files: [`${dir}/dns/a.yaml`],
      diagnostics: [
        { file: `${dir}/top`, line: 1, col: 1, message: 'no *.yaml or *.yml file in this directory' },
      ],
      skipped: [{ path: `${dir}/top/inner`, reason: `the same directory as ${dir}/dns, searched once` }],
    });
  });

  it('searches a directory given twice once: silently by the same path, with a word by another', async () => {
    const dir = await tempTree({ 'dns/a.yaml': '', 'dns/.hidden.yaml': '', 'dns/sub/b.yaml': '' });
    await symlink('dns', `${dir}/again`);
    const dns = `${dir}/dns`;
    expect(await findYamlFiles([dns, dns, `${dir}/again`, `${dns}/sub`])).toEqual({
      files: [`${dns}/a.yaml`, `${dns}/sub/b.yaml`],
      diagnostics: [],
      skipped: [
        { path: `${dir}/again`, reason: `the same directory as ${dns}, searched once` },
        { path: `${dns}/.hidden.yaml`, reason: 'hidden (its name starts with a dot)' },
      ],
    });
  });

  it('names a link back to a directory being searched by the path it was reached by', async () => {
    const dir = await tempTree({ 'dns/a.yaml': '', 'dns/sub/b.yaml': '' });
    await symlink('..', `${dir}/dns/sub/up`);
    await symlink('dns', `${dir}/via`);
    expect((await findYamlFiles([`${dir}/via`])).skipped).toEqual([
      { path: `${dir}/via/sub/up`, reason: `a link back to ${dir}/via, which is searched already` },
    ]);
  });

  it('never searches node_modules, and says so', async () => {
    const dir = await tempTree({ 'node_modules/x.yaml': '', 'a.yaml': '' });
    expect(await findYamlFiles([dir])).toEqual({
      files: [`${dir}/a.yaml`],
      diagnostics: [],
      skipped: [{ path: `${dir}/node_modules`, reason: 'node_modules is never searched' }],
    });
  });

  it('reports a link it cannot follow below a directory, and goes on with the others', async () => {
    const dir = await tempTree({ 'a.yaml': '' });
    await symlink('gone.yaml', `${dir}/b.yaml`);
    await symlink('c', `${dir}/c`);
    const found = await findYamlFiles([dir]);
    expect(found.files).toEqual([`${dir}/a.yaml`]);
    expect(found.skipped).toEqual([]);
    // In the order the directory lists them.
    expect([...found.diagnostics].sort((x, y) => (x.file < y.file ? -1 : 1))).toEqual([
      {
        file: `${dir}/b.yaml`,
        line: 1,
        col: 1,
        message: 'cannot follow this symbolic link: no such file or directory',
      },
      {
        file: `${dir}/c`,
        line: 1,
        col: 1,
        message: 'cannot follow this symbolic link: too many levels of symbolic links',
      },
    ]);
  });

  it('reports every path it cannot read at file:1:1, and goes on with the others', async () => {
    const dir = await tempTree({ 'a.yaml': '' });
    expect(await findYamlFiles([`${dir}/missing`, `${dir}/a.yaml`, `${dir}/gone/b.yaml`])).toEqual({
      files: [`${dir}/a.yaml`],
      diagnostics: [
        { file: `${dir}/missing`, line: 1, col: 1, message: 'cannot read: no such file or directory' },
        { file: `${dir}/gone/b.yaml`, line: 1, col: 1, message: 'cannot read: no such file or directory' },
      ],
      skipped: [],
    });
  });

  it('sorts what it skipped by path, across directories given in any order', async () => {
    const dir = await tempTree({ 'b/.x.yaml': '', 'b/a.yaml': '', 'a/.y.yaml': '', 'a/a.yaml': '' });
    const hidden = 'hidden (its name starts with a dot)';
    expect((await findYamlFiles([`${dir}/b`, `${dir}/a`])).skipped).toEqual([
      { path: `${dir}/a/.y.yaml`, reason: hidden },
      { path: `${dir}/b/.x.yaml`, reason: hidden },
    ]);
  });
});

describe('findYamlFiles confined to a directory', () => {
  it('refuses a file whose real path lies outside, and loads the ones inside, links within included', async () => {
    const root = await realpath(await tempTree({ 'repo/a.yaml': '', 'outside/b.yaml': '' }));
    const repo = `${root}/repo`;
    await symlink('../outside/b.yaml', `${repo}/b.yaml`);
    await symlink('a.yaml', `${repo}/c.yaml`);
    const confine = { dir: repo, description: 'the repository' };
    expect(await findYamlFiles([repo, `${root}/outside/b.yaml`], confine)).toEqual({
      files: [`${repo}/a.yaml`],
      diagnostics: [
        {
          file: `${repo}/b.yaml`,
          line: 1,
          col: 1,
          message: 'lies outside the repository (through a symbolic link); it was not read',
        },
        {
          file: `${root}/outside/b.yaml`,
          line: 1,
          col: 1,
          message: 'lies outside the repository (through a symbolic link); it was not read',
        },
      ],
      skipped: [{ path: `${repo}/c.yaml`, reason: `the same file as ${repo}/a.yaml, loaded once` }],
    });
  });
});

describe('isInside', () => {
  it.each([
    ['/repo', '/repo', true],
    ['/repo/a.yaml', '/repo', true],
    ['/repo/..data/a.yaml', '/repo', true],
    ['/repo-other/a.yaml', '/repo', false],
    ['/a.yaml', '/repo', false],
    ['/', '/repo', false],
    [join('/repo', '..', 'x'), '/repo', false],
  ])('%s in %s: %s', (path, dir, inside) => {
    expect(isInside(path, dir)).toBe(inside);
  });
});

describe('errorText', () => {
  const coded = (code: string, message = `${code}: raw`) => Object.assign(new Error(message), { code });
  it.each([
    [coded('ENOENT'), 'no such file or directory'],
    [coded('EACCES'), 'permission denied'],
    [coded('ELOOP'), 'too many levels of symbolic links'],
    [coded('EISDIR', 'EISDIR: illegal operation on a directory'), 'EISDIR: illegal operation on a directory'],
    [new Error('plain'), 'plain'],
    ['a string thrown', 'a string thrown'],
    [{ code: 'ENOENT' }, '[object Object]'],
  ])('%s → %s', (error, text) => {
    expect(errorText(error)).toBe(text);
  });
});
