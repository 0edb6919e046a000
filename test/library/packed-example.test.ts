import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PackedProject, packedProject, ROOT, run, TSC } from './packed-project.js';

// Time budget: ten times its slowest test (1.0 s, the compile aside, which has its own quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

/**
 * The library example of docs/library.md, compiled under `tsc --strict` in a project of its own against the package
 * as `npm pack` makes it, installed as the README says (packed-project.ts): what a user gets, the bundled CLI too.
 */

let project: PackedProject;
let app: string;
let packed: string[];

/** The first ```ts block of docs/library.md. */
async function libraryExample(): Promise<string> {
  const page = await readFile(join(ROOT, 'docs/library.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(page);
  if (!block?.[1]) throw new Error('docs/library.md: no ```ts block');
  return block[1];
}

beforeAll(async () => {
  project = await packedProject();
  ({ app, packed } = project);
  await writeFile(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
      },
      files: ['example.ts'],
    }),
  );
  await writeFile(join(app, 'example.ts'), await libraryExample());
}, 300_000);

afterAll(() => (project ? rm(project.tmp, { recursive: true, force: true }) : undefined));

describe('the packed package', () => {
  it('holds the built library with its types and the JSON Schema, and no sources or tests', () => {
    expect(packed).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/bin/edgeplan.js',
        // The bundle's chunks are CommonJS modules in an ES module package: this file says so.
        'dist/bin/package.json',
        'dist/bin/THIRD-PARTY-LICENSES.txt',
        'schemas/edgeplan.schema.json',
      ]),
    );
    expect(packed.filter((path) => /^(src|test)\//.test(path))).toEqual([]);
    // The unbundled CLI modules tsc also builds are not what `bin` runs: not shipped.
    expect(packed.filter((path) => path.startsWith('dist/cli/'))).toEqual([]);
  });

  it('runs the bundled CLI from the installed package, its chunks loaded as each command needs them', async () => {
    const bin = join(app, 'node_modules/edgeplan/dist/bin/edgeplan.js');
    const version = await run(process.execPath, [bin, '--version'], { cwd: app });
    expect(version.stdout.trim()).toBe(
      JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).version,
    );
    const valid = await run(process.execPath, [
      bin,
      'validate',
      join(ROOT, 'examples/quickstart/dns/zones.yaml'),
    ]);
    expect(valid.stdout).toBe('Valid: 2 zones, 8 record sets.\n');
  });

  it("ships source maps only with the files they map, edgeplan's own sources inside them", async () => {
    const installed = join(app, 'node_modules/edgeplan');
    const maps = packed.filter((path) => path.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    expect(maps.filter((path) => !path.startsWith('dist/bin/'))).toEqual([]);
    for (const path of maps) {
      const map = JSON.parse(await readFile(join(installed, path), 'utf8')) as {
        sources: string[];
        sourcesContent: (string | null)[];
      };
      const ownWithoutText = map.sources.filter(
        (source, i) => !source.includes('node_modules/') && typeof map.sourcesContent[i] !== 'string',
      );
      expect(ownWithoutText, path).toEqual([]);
    }
    for (const path of packed.filter((p) => p.endsWith('.js'))) {
      const linked = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(
        await readFile(join(installed, path), 'utf8'),
      )?.[1];
      if (linked) expect(packed, `${path} links ${linked}`).toContain(join(dirname(path), linked));
    }
  });

  it('compiles the library example under tsc --strict in a separate project', async () => {
    const result = await run(process.execPath, [TSC, '-p', join(app, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result, 'tsc --strict on the library example').toBe('');
  }, 300_000);

  it('exports at run time every value the example imports', async () => {
    const example = await libraryExample();
    const imports = /import \{([^}]*)\} from 'edgeplan'/.exec(example)?.[1] ?? '';
    const values = imports
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type '));
    expect(values.length).toBeGreaterThan(20);
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', "console.log(JSON.stringify(Object.keys(await import('edgeplan'))))"],
      { cwd: app },
    );
    expect(JSON.parse(stdout)).toEqual(expect.arrayContaining(values));
  });
});
