import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SourceMap, type SourceMapping } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { compileFunction } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleCli } from '../../scripts/bundle-cli.mjs';

// Time budget: one esbuild bundle of the CLI, about 2 s on a quiet machine; ten times that.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

/**
 * The text of the shipped bundle (scripts/bundle-cli.mjs): V8 holds every loaded chunk's source for the whole run,
 * so the chunks are written without comments and indentation, and in ASCII (a script with one character beyond
 * Latin-1 is held as two bytes a character: a `—` left in one comment once doubled the heap its chunk's source
 * took). Names are kept and the source maps stay true, so that a stack trace still leads to the TypeScript line.
 * The chunks are CommonJS modules (Node's ES module loader costs memory and CPU per file), each still loaded only
 * when a run needs it.
 */
const REPOSITORY = resolve(__dirname, '../..');
let root: string;
let dir: string;
let chunks: Map<string, string>;

beforeAll(async () => {
  // Laid out as the package is: the bundle in dist/bin, two levels below package.json (its version).
  root = await mkdtemp(join(tmpdir(), 'edgeplan-bundle-text-'));
  dir = join(root, 'dist/bin');
  await bundleCli(dir);
  await copyFile(join(REPOSITORY, 'package.json'), join(root, 'package.json'));
  const names = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  chunks = new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)),
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** True when `text` has a UTF-16 unit beyond ASCII. */
const notAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
};

describe('the bundled CLI', () => {
  it('is ASCII in every chunk', () => {
    expect(chunks.size).toBeGreaterThan(10);
    expect([...chunks].filter(([, text]) => notAscii(text)).map(([name]) => name)).toEqual([]);
  });

  it('holds no comments and no indentation: a line of code, not of text, per module at most', () => {
    let lines = 0;
    let characters = 0;
    for (const [name, text] of chunks) {
      // esbuild heads each module's code with `// src/…` and keeps JSDoc comments unless it minifies.
      expect(text, name).not.toMatch(/^\/\/ (src|node_modules)\//m);
      expect(text, name).not.toMatch(/^\s*\/\*\*/m);
      lines += text.split('\n').length;
      characters += text.length;
    }
    // Only template literals and the banner break lines: whole chunks of indented code have one every 30 characters.
    expect(characters / lines).toBeGreaterThan(1000);
  });

  it('keeps the names and maps them to the TypeScript lines', async () => {
    const [name, text] = [...chunks].find(([, text]) => text.includes('function runCli(')) ?? ['', ''];
    const map = new SourceMap(JSON.parse(await readFile(join(dir, `${name}.map`), 'utf8')));
    const before = text.slice(0, text.indexOf('function runCli('));
    const line = before.split('\n').length - 1;
    const column = before.length - before.lastIndexOf('\n') - 1;
    const entry = map.findEntry(line, column) as SourceMapping;
    expect(entry.originalSource).toMatch(/src\/cli\/run\.ts$/);
    const source = (await readFile(join(REPOSITORY, 'src/cli/run.ts'), 'utf8')).split('\n');
    expect(source[entry.originalLine]).toContain('export async function runCli(');
  });

  it('is CommonJS: every chunk compiles as a function body, and loads another only by require', () => {
    for (const [name, text] of chunks) {
      // An `import` or `export` declaration, or `import.meta`, is a syntax error in a function body.
      const body = text.replace(/^#!.*/, '');
      expect(
        () => compileFunction(body, ['exports', 'require', 'module', '__filename', '__dirname']),
        name,
      ).not.toThrow();
      expect(text, name).not.toMatch(/(^|[^\w$.])import\s*\(\s*["'`]/);
    }
  });

  it('loads a chunk only when a run needs it: --version reads no schema, YAML reader, configuration or plan code', async () => {
    expect(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    const listing = join(root, 'list-loaded.cjs');
    await writeFile(
      listing,
      "process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache))));\n",
    );
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '-r',
      listing,
      join(dir, 'edgeplan.js'),
      '--version',
    ]);
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    expect(stdout.trim()).toBe(version);
    const loaded = (JSON.parse(stderr) as string[]).filter((path) => path.startsWith(dir));
    expect(loaded).toContain(join(dir, 'edgeplan.js'));
    const sources = new Set<string>();
    for (const path of loaded) {
      const map = JSON.parse(await readFile(`${path}.map`, 'utf8')) as { sources: string[] };
      for (const source of map.sources) sources.add(relative(REPOSITORY, resolve(dir, source)));
    }
    expect(sources).toContain('src/cli/main.ts');
    const unwanted = [
      'node_modules/zod/',
      'node_modules/yaml/',
      'node_modules/js-yaml/',
      'src/config/',
      'src/plan/',
      'src/emulator/',
    ];
    expect([...sources].filter((source) => unwanted.some((part) => source.includes(part)))).toEqual([]);
    expect(loaded.length).toBeLessThan(chunks.size / 4);
  });
});
