import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assertInside,
  locationOf,
  shownPath,
  zoneFilePath,
  zoneOfFileName,
} from '../../../src/providers/zonefile/location.js';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'edgeplan-location-'));
  await mkdir(join(root, 'repo', '.git'), { recursive: true });
  await mkdir(join(root, 'repo', 'dns', 'zones'), { recursive: true });
  await mkdir(join(root, 'elsewhere'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('where a zonefile provider keeps its files', () => {
  it('resolves the directory against the file that declares the provider, inside its repository', async () => {
    const location = locationOf('zones', '{zone}.db', join(root, 'repo', 'dns', 'desired.yaml'));
    expect(location.directory).toBe(join(root, 'repo', 'dns', 'zones'));
    expect(location.root).toBe(join(root, 'repo'));
    const path = zoneFilePath(location, 'example.com');
    expect(shownPath(location, path)).toBe('dns/zones/example.com.db');
    await expect(assertInside(location, path)).resolves.toBeUndefined();
  });

  it('names the directory of the file as the root outside a repository, and the root itself as "."', async () => {
    const location = locationOf('zones', '{zone}.zone', join(root, 'elsewhere', 'desired.yaml'));
    expect(location.root).toBe(join(root, 'elsewhere'));
    expect(location.rootDescription).toBe(`the directory ${join(root, 'elsewhere')}`);
    expect(shownPath(location, location.root)).toBe('.');
    expect(shownPath(location, join(location.root, 'a', 'b.zone'))).toBe('a/b.zone');
  });

  it('finds the zone of a file name by the pattern, and no zone in other names', () => {
    const location = locationOf('.', 'db.{zone}.txt', undefined);
    expect(zoneOfFileName(location, 'db.example.com.txt')).toBe('example.com');
    expect(zoneOfFileName(location, 'db..txt')).toBeUndefined();
    expect(zoneOfFileName(location, 'example.com.txt')).toBeUndefined();
    expect(zoneOfFileName(location, 'db.example.com')).toBeUndefined();
  });

  it('refuses a directory outside the repository, by path or through a link, and a missing one', async () => {
    const declared = join(root, 'repo', 'desired.yaml');
    await expect(assertInside(locationOf('../elsewhere', '{zone}.zone', declared))).rejects.toThrow(
      `the zone file directory ../elsewhere lies outside the git repository at ${join(root, 'repo')}; nothing was read or written`,
    );
    const outside = locationOf('../elsewhere', '{zone}.zone', declared);
    await expect(assertInside(outside, zoneFilePath(outside, 'example.com'))).rejects.toThrow(
      /directory .* lies outside/,
    );
    await expect(assertInside(locationOf('..', '{zone}.zone', declared))).rejects.toThrow(
      `the zone file directory .. lies outside the git repository at ${join(root, 'repo')}`,
    );
    await symlink(join(root, 'elsewhere'), join(root, 'repo', 'linked'));
    await expect(assertInside(locationOf('linked', '{zone}.zone', declared))).rejects.toThrow(/lies outside/);
    await expect(assertInside(locationOf('missing', '{zone}.zone', declared))).rejects.toThrow(
      `the zone file directory missing (in the git repository at ${join(root, 'repo')}) does not exist`,
    );
  });

  it('refuses a zone file that is a link leading out of the repository', async () => {
    const location = locationOf('dns/zones', '{zone}.zone', join(root, 'repo', 'desired.yaml'));
    await writeFile(join(root, 'elsewhere', 'secret'), 'x');
    const path = zoneFilePath(location, 'example.com');
    await symlink(join(root, 'elsewhere', 'secret'), path);
    await expect(assertInside(location, path)).rejects.toThrow(
      'the zone file dns/zones/example.com.zone lies outside',
    );
  });

  it("refuses a directory or a zone file inside .git, git's own files, by path or through a link", async () => {
    const declared = join(root, 'repo', 'desired.yaml');
    const IN_GIT =
      "lies inside a .git directory, git's own files (objects, refs, hooks), where edgeplan writes nothing";
    await mkdir(join(root, 'repo', '.git', 'zones'));
    await expect(assertInside(locationOf('.git/zones', '{zone}.zone', declared))).rejects.toThrow(
      `the zone file directory .git/zones ${IN_GIT}; nothing was read or written`,
    );
    await symlink(join(root, 'repo', '.git', 'zones'), join(root, 'repo', 'linked'));
    await expect(assertInside(locationOf('linked', '{zone}.zone', declared))).rejects.toThrow(
      `the zone file directory linked ${IN_GIT}`,
    );
    const location = locationOf('dns/zones', '{zone}.zone', declared);
    await writeFile(join(root, 'repo', '.git', 'config'), '[core]\n');
    const path = zoneFilePath(location, 'example.com');
    await symlink('../../.git/config', path);
    await expect(assertInside(location, path)).rejects.toThrow(
      `the zone file dns/zones/example.com.zone ${IN_GIT}`,
    );
  });
});
