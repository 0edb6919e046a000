import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importDocuments } from '../../src/import/documents.js';
import type { DnsInventory } from '../../src/model/inventory.js';
import { writeFileAtomic } from '../../src/providers/write-atomic.js';
import { cli } from '../support/cli.js';
import { startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (1.3 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

/** Zone names a hostile server may list (`/REST/Zone/..%2F..%2Fx/` decodes to `../x`): none may become a path. */
const HOSTILE_ZONES = [
  '../../../../tmp/x',
  'a/b.example',
  '..',
  '.hidden.example',
  'x\u001b]0;t\u0007.example',
];

const inventory = (zones: readonly string[]): DnsInventory => ({
  zones: zones.map((zone) => ({
    zone,
    records: [{ fqdn: `www.${zone}`, type: 'A', records: [{ value: '192.0.2.1', ttl: 300, ref: '1' }] }],
    unsupported: [],
  })),
  secondaryZones: [],
  geoServices: [],
});

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'edgeplan-import-safety-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('import writes only inside --out', () => {
  it('leaves out, and lists, a zone whose name cannot be a file name', () => {
    const { files, notImported } = importDocuments(
      inventory([...HOSTILE_ZONES, 'example.com']),
      undefined,
      false,
    );
    expect(files.map((f) => f.name)).toEqual(['example.com.yaml']);
    expect(notImported).toHaveLength(HOSTILE_ZONES.length);
    expect(notImported[0]).toMatch(
      /^zone \.\.\/\.\.\/\.\.\/\.\.\/tmp\/x: not imported \(its name cannot be a file name\)$/,
    );
    expect(notImported.join('\n')).not.toContain('\u001b');
    expect(notImported.at(-1)).toContain('x\\x1b]0;t\\x07.example');
  });

  it('replaces a symlink planted at the target instead of writing through it', async () => {
    const victim = join(root, 'victim');
    await writeFile(victim, 'keep\n');
    const out = join(root, 'out');
    await mkdir(out);
    await symlink(victim, join(out, 'a.yaml'));
    await writeFileAtomic(join(out, 'a.yaml'), 'new\n');
    expect(await readFile(victim, 'utf8')).toBe('keep\n');
    expect((await lstat(join(out, 'a.yaml'))).isFile()).toBe(true);
    expect(await readFile(join(out, 'a.yaml'), 'utf8')).toBe('new\n');
    expect(await readdir(out)).toEqual(['a.yaml']);
  });

  it('refuses a dangling symlink in --out without --force, and never creates its target with it', async () => {
    const sandbox = await startSandbox({
      dns: {
        zones: {
          'example.com': {
            records: [{ fqdn: 'www.example.com', type: 'A', ttl: 300, rdata: { address: '192.0.2.1' } }],
          },
        },
      },
    });
    try {
      const out = join(root, 'out');
      await mkdir(out);
      const victim = join(root, 'outside.yaml');
      await symlink(victim, join(out, 'example.com.yaml'));
      const refused = await cli(['import', '--zones', 'example.com', '--out', out], sandbox.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('refusing to overwrite existing files (use --force)');
      const forced = await cli(['import', '--zones', 'example.com', '--out', out, '--force'], sandbox.env);
      expect(forced.code, forced.stderr).toBe(0);
      await expect(lstat(victim)).rejects.toThrow(/ENOENT/);
      expect((await lstat(join(out, 'example.com.yaml'))).isFile()).toBe(true);
      expect(await readdir(out)).toEqual(['example.com.yaml']);
    } finally {
      await sandbox.close();
    }
  });
});
