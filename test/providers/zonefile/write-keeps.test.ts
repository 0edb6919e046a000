/**
 * What a zone file's write keeps and leaves behind: the file's mode exactly (the umask does not cut it), its owner
 * and group (where permitted: root here; otherwise a warning says which could not be kept), a symbolic link (the
 * new text goes to its target, the link stays), no temporary file of its own or of a killed earlier run, and every
 * byte on disk (the file and then its directory are flushed before and after the rename).
 */
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { applyPlan, planReviewed, writersOf } from '../../../src/engine/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import type { DnsProvider } from '../../../src/model/dns.js';
import type { Logger } from '../../../src/model/logger.js';
import { claimTempPath } from '../../../src/providers/stale-temps.js';
import {
  createZonefileProvider,
  locationOf,
  ZONEFILE_CAPABILITIES,
} from '../../../src/providers/zonefile/index.js';
import { createZoneFileStore, type ZoneFileStore } from '../../../src/providers/zonefile/store.js';
import { providerLike } from '../../support/load-options.js';
import { DYN } from '../../support/one-provider.js';
import { checkZone, checkzoneMissing } from './checkzone.js';

// Time budget: applies to real files, with child processes where a test needs another user; its slowest test took
// 5 s on the shared 2-core machine at load 18.
vi.setConfig({ testTimeout: 60_000 });

const ZONE = [
  '$ORIGIN example.com.',
  '$TTL 300',
  '@ IN SOA ns1.example.net. hostmaster ( 2026010102 1h 10m 2w 5m )',
  '  NS ns1.example.net.',
  'www A 192.0.2.1',
  '',
].join('\n');
const ROOT = process.getuid?.() === 0;
const require = createRequire(import.meta.url);

let dir = '';
let warnings: string[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-keeps-'));
  warnings = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function provider(store: ZoneFileStore = createZoneFileStore(), maxFileBytes?: number): DnsProvider {
  const logger: Logger = { debug() {}, info() {}, warn: (line) => warnings.push(line) };
  const location = locationOf('zones', '{zone}.zone', join(dir, 'desired.yaml'));
  return createZonefileProvider({
    name: 'files',
    location,
    nameservers: ['ns1.example.net.'],
    ...(maxFileBytes ? { maxFileBytes } : {}),
    store,
    logger,
  });
}

/** Plans `www` with a second address against the zone's file, and applies the plan. */
async function applyChange(dns: DnsProvider = provider()) {
  return (await appliedSteps(dns)).map((step) => (step.status === 'failed' ? step.error : step.status));
}

/** The steps of applying a change of www.example.com's A set. */
async function appliedSteps(dns: DnsProvider) {
  const file = join(dir, 'desired.yaml');
  await writeFile(file, 'zones:\n  example.com:\n    records: { www: { a: [192.0.2.1, 192.0.2.7] } }\n');
  const loaded = await loadDesiredState([file], providerLike('files', ZONEFILE_CAPABILITIES));
  if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
  const result = await applyPlan(
    await planReviewed(loaded.desired, { dns: { [DYN]: dns } }),
    writersOf({ dns: { [DYN]: dns } }),
  );
  return result.steps;
}

const zones = () => join(dir, 'zones');
const zoneFile = () => join(zones(), 'example.com.zone');
const written = async (path = zoneFile()) => (await readFile(path, 'utf8')).includes('192.0.2.7');

describe('a zone file written keeps what the file was', () => {
  // A new file's mode is cut by the umask (022 for most users, 002 in some groups' setups): 0664 and 0666 lose
  // their group or others' write under 022, 0666 under 002. Kept, they are not cut.
  it.each([0o664, 0o666, 0o640])('keeps mode %o exactly, not cut by the umask', async (mode) => {
    await mkdir(zones());
    await writeFile(zoneFile(), ZONE);
    await chmod(zoneFile(), mode);
    expect(await applyChange()).toEqual(['applied']);
    expect(await written()).toBe(true);
    expect((await stat(zoneFile())).mode & 0o7777).toBe(mode);
  });

  it.runIf(ROOT)('keeps another owner and group (as root, which may give files away)', async () => {
    await mkdir(zones());
    await writeFile(zoneFile(), ZONE);
    await chown(zoneFile(), 4321, 1234);
    await chmod(zoneFile(), 0o664);
    expect(await applyChange()).toEqual(['applied']);
    const info = await stat(zoneFile());
    expect([info.uid, info.gid, info.mode & 0o777]).toEqual([4321, 1234, 0o664]);
    expect(warnings).toEqual([]);
  });

  it.runIf(ROOT)(
    'says what it could not keep when not permitted (neither owner nor in the group)',
    async () => {
      // The write itself, as the user nobody, of a file root:1234 (mode 0666) in a directory nobody may write to. The
      // modules are copied where nobody may read them (a mutation-testing sandbox is its owner's only).
      const loader = join(dirname(realpathSync(require.resolve('tsx/package.json'))), 'dist/loader.mjs');
      const modules = join(dir, 'modules');
      await mkdir(modules);
      await writeFile(join(modules, 'package.json'), '{ "type": "module" }\n');
      for (const name of ['write-atomic.ts', 'stale-temps.ts', 'system-error.ts'])
        await cp(resolve(import.meta.dirname, '../../../src/providers', name), join(modules, name));
      const script = `
      import { writeFileAtomic } from ${JSON.stringify(join(modules, 'write-atomic.ts'))};
      const result = await writeFileAtomic(process.argv[1], 'new\\n', { like: { mode: 0o666, uid: 0, gid: 1234 } });
      process.stdout.write(JSON.stringify(result));
    `;
      await chmod(dir, 0o777);
      await chmod(modules, 0o755);
      const path = join(dir, 'example.com.zone');
      await writeFile(path, 'old\n');
      await chown(path, 0, 1234);
      const run = spawnSync(
        process.execPath,
        ['--import', loader, '--input-type=module', '-e', script, path],
        {
          uid: 65534,
          gid: 65534,
          encoding: 'utf8',
          cwd: dir,
        },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ notKept: ['owner 0', 'group 1234'] });
      const info = await stat(path);
      expect([info.uid, info.gid, info.mode & 0o777]).toEqual([65534, 65534, 0o666]);
      expect(await readFile(path, 'utf8')).toBe('new\n');
    },
  );

  it('warns, naming the file, when the owner or group could not be kept', async () => {
    await mkdir(zones());
    await writeFile(zoneFile(), ZONE);
    const files = createZoneFileStore();
    const store: ZoneFileStore = {
      ...files,
      replace: async (path, text, beforeRename) => {
        await files.replace(path, text, beforeRename);
        return { notKept: ['owner 0', 'group 27'] };
      },
    };
    expect(await applyChange(provider(store))).toEqual(['applied']);
    expect(warnings).toEqual([
      'zones/example.com.zone was written but could not keep its owner 0 and group 27 (only root may give a file ' +
        'to another user, or to a group it is not in): the server that loads the zone may no longer read it; run ' +
        'apply as that user, or set the owner again',
    ]);
  });
});

describe('a zone file that would outgrow max_file_mb', () => {
  it('is written up to the limit exactly', async () => {
    // Serial 7 counts up (no date in it): the file written is the same bytes each time.
    const zone = ZONE.replace('2026010102', '7');
    await mkdir(zones());
    await writeFile(zoneFile(), zone);
    expect(await applyChange()).toEqual(['applied']);
    const size = (await stat(zoneFile())).size;
    await writeFile(zoneFile(), zone);
    expect(await applyChange(provider(createZoneFileStore(), size))).toEqual(['applied']);
    expect((await stat(zoneFile())).size).toBe(size);
    await writeFile(zoneFile(), zone);
    const [error] = await applyChange(provider(createZoneFileStore(), size - 1));
    expect(error).toContain(`the file edgeplan would write is ${size} bytes, more than max_file_mb allows`);
  });

  it('is not written: no plan could read it again', async () => {
    await mkdir(zones());
    await writeFile(zoneFile(), ZONE);
    const [error] = await applyChange(provider(createZoneFileStore(), ZONE.length + 10));
    expect(error).toMatch(
      /^zone example\.com: the file edgeplan would write is \d+ bytes, more than max_file_mb allows, so no plan could read it again; zones\/example\.com\.zone was not changed \(raise max_file_mb\)$/,
    );
    expect(await readFile(zoneFile(), 'utf8')).toBe(ZONE);
    expect(await readdir(zones())).toEqual(['example.com.zone']);
  });
});

describe('a zone file that is a symbolic link', () => {
  it('is written through: the target gets the new text, the link stays a link', async () => {
    await mkdir(join(dir, 'shared'));
    await mkdir(zones());
    const target = join(dir, 'shared', 'db.example.com');
    await writeFile(target, ZONE);
    await chmod(target, 0o664);
    await symlink('../shared/db.example.com', zoneFile());
    expect(await applyChange()).toEqual(['applied']);
    expect((await lstat(zoneFile())).isSymbolicLink()).toBe(true);
    expect(await readlink(zoneFile())).toBe('../shared/db.example.com');
    expect(await written(target)).toBe(true);
    expect((await stat(target)).mode & 0o777).toBe(0o664);
    expect(await readdir(zones())).toEqual(['example.com.zone']);
    expect(await readdir(join(dir, 'shared'))).toEqual(['db.example.com']);
    if (checkzoneMissing() === null) expect((await checkZone('example.com', zoneFile())).ok).toBe(true);
  });

  it('is refused, before anything is planned, when it leads nowhere', async () => {
    await mkdir(zones());
    await symlink('missing.zone', zoneFile());
    await expect(applyChange()).rejects.toThrow(
      'zones/example.com.zone:1:1: EP2501 the file is a symbolic link to a file that does not exist; make it a file or point it at one',
    );
    expect((await lstat(zoneFile())).isSymbolicLink()).toBe(true);
    expect(await readdir(zones())).toEqual(['example.com.zone']);
  });

  it('is not replaced when the link is made to lead elsewhere while the new file is written', async () => {
    await mkdir(zones());
    await writeFile(join(zones(), 'a.db'), ZONE);
    await writeFile(join(zones(), 'b.db'), ZONE);
    await symlink('a.db', zoneFile());
    const files = createZoneFileStore();
    const store: ZoneFileStore = {
      ...files,
      replace: (path, text, beforeRename) =>
        files.replace(path, text, async () => {
          await rm(zoneFile());
          await symlink('b.db', zoneFile());
          await beforeRename();
        }),
    };
    const [step] = await appliedSteps(provider(store));
    expect(step).toMatchObject({ status: 'failed', code: 'EP3005' });
    expect(step?.status === 'failed' && step.error).toBe(
      'zones/example.com.zone was made to lead elsewhere while it was written; nothing was replaced, plan again',
    );
    expect(await readFile(join(zones(), 'a.db'), 'utf8')).toBe(ZONE);
    expect(await readFile(join(zones(), 'b.db'), 'utf8')).toBe(ZONE);
    expect(await readdir(zones())).toEqual(['a.db', 'b.db', 'example.com.zone']);
  });
});

describe('temporary files', () => {
  it("removes a killed run's temporary file on the next write, and leaves every other file alone", async () => {
    await mkdir(zones());
    await writeFile(zoneFile(), ZONE);
    // The name a run of this machine with a PID no process has would have given it.
    const { temp, done } = claimTempPath(zoneFile());
    done();
    const stale = temp.replace(`-${process.pid}-`, '-2147483646-');
    const foreignHost = stale.replace(/edgeplan-[0-9a-f]{8}-/, 'edgeplan-00000000-');
    const live = temp.replace(`-${process.pid}-`, `-${process.ppid}-`);
    const others = ['.example.com.zone.0123456789ab.tmp', 'notes.tmp'].map((name) => join(zones(), name));
    for (const path of [stale, foreignHost, live, ...others]) await writeFile(path, 'half a zone');
    const planted = stale.replace('-2147483646-', '-2147483645-');
    await symlink(join(dir, 'desired.yaml'), planted);
    expect(await applyChange()).toEqual(['applied']);
    expect(await written()).toBe(true);
    const left = await readdir(zones());
    expect(left).not.toContain(stale.split('/').at(-1));
    expect(left.sort()).toEqual(
      [foreignHost, live, planted, ...others, zoneFile()].map((path) => path.split('/').at(-1)).sort(),
    );
  });

  it('flushes the new file before the rename, and the directory after it', async () => {
    await mkdir(zones());
    await writeFile(zoneFile(), ZONE);
    const probe = await open(zoneFile(), 'r');
    const prototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const original = prototype.sync;
    const seen: boolean[] = [];
    const sync = vi.spyOn(prototype, 'sync').mockImplementation(async function (this: unknown) {
      seen.push(await written());
      return original.call(this);
    });
    try {
      expect(await applyChange()).toEqual(['applied']);
    } finally {
      sync.mockRestore();
    }
    // The file's sync while the old text is still in place, the directory's once the new text is.
    expect(seen).toEqual([false, true]);
  });
});
