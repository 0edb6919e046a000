import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, BUILD_RECORD, build, buildIfStale, staleness } from '../../scripts/build.mjs';

/**
 * `npm run demo` builds dist/ only when it was not built from the sources as they are (scripts/build.mjs), so
 * `npm ci && npm run demo` builds once. The build's steps are stood in for by a counter that writes the file `bin`
 * runs: what is decided here is whether to build, and when a build may be trusted later.
 */

const ROOT = resolve(import.meta.dirname, '../..');
let root: string;
let builds: number;

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

async function steps(at: string): Promise<void> {
  builds += 1;
  await write('dist/bin/edgeplan.js', `// build ${builds} of ${at}\n`);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'edgeplan-build-'));
  builds = 0;
  for (const file of ['src/cli/main.ts', 'src/model/dns.ts', 'tsconfig.json', 'package-lock.json'])
    await write(file, `// ${file}\n`);
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('npm run demo builds only a stale dist/', () => {
  it('builds when no build was recorded, then not again while nothing changed', async () => {
    expect(await buildIfStale(root, steps)).toBe('no record of a build: built');
    expect(await buildIfStale(root, steps)).toBe(
      'dist/ is current (built from these sources): not built again',
    );
    expect(builds).toBe(1);
  });

  it('after `npm run build` (what npm ci runs), the demo does not build again', async () => {
    expect(await build(root, steps)).toBe('built');
    expect(await staleness(root)).toBeNull();
    await buildIfStale(root, steps);
    expect(builds).toBe(1);
  });

  it.each([
    ['a source edited', () => write('src/model/dns.ts', '// edited\n')],
    ['a source added', () => write('src/model/new.ts', '// new\n')],
    ['a source removed', () => rm(join(root, 'src/model/dns.ts'))],
    ['the lockfile changed (other packages bundled)', () => write('package-lock.json', '{}\n')],
    ['the bundle script changed', () => write('scripts/bundle-cli.mjs', '// other\n')],
    ['the built CLI removed', () => rm(join(root, 'dist/bin/edgeplan.js'))],
  ])('builds again when %s', async (_, change) => {
    await build(root, steps);
    await change();
    expect(await staleness(root)).not.toBeNull();
    await buildIfStale(root, steps);
    expect(builds).toBe(2);
    expect(await staleness(root)).toBeNull();
  });

  it('a source edited with its old time stamp back is still seen: contents count, not times', async () => {
    await build(root, steps);
    const before = await stat(join(root, 'src/model/dns.ts'));
    await write('src/model/dns.ts', '// edited, same time\n');
    await utimes(join(root, 'src/model/dns.ts'), before.atime, before.mtime);
    expect(await staleness(root)).toBe('the sources changed since the last build');
  });

  it('a build that fails leaves no record: the next run builds', async () => {
    await build(root, steps);
    await write('src/model/dns.ts', '// edited\n');
    const failing = async () => {
      throw new Error('tsc failed');
    };
    await expect(build(root, failing)).rejects.toThrow('tsc failed');
    expect(await staleness(root)).toBe('no record of a build');
  });

  it('a source edited while the build runs: built, but not recorded as current', async () => {
    const editing = async (at: string) => {
      await steps(at);
      await write('src/model/dns.ts', '// edited mid-build\n');
    };
    expect(await build(root, editing)).toBe('built, but the sources changed meanwhile: not recorded');
    expect(await staleness(root)).toBe('no record of a build');
  });

  it('keeps its record outside dist/, which the package ships', () => {
    expect(BUILD_RECORD.startsWith('dist/')).toBe(false);
    expect(BUILD_INPUTS).toEqual(
      expect.arrayContaining(['src', 'package-lock.json', 'scripts/bundle-cli.mjs']),
    );
  });

  it('package.json: build records its inputs, npm ci builds (prepare), the demo builds only when stale', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.build).toBe('node scripts/build.mjs');
    expect(scripts.prepare).toBe('npm run build');
    expect(scripts.demo).toBe('node scripts/build.mjs --if-stale && node scripts/demo.mjs');
  });
});
