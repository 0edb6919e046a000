import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { SourceMap, type SourceMapping } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleCli } from '../../scripts/bundle-cli.mjs';

// Time budget: one esbuild bundle of the CLI, about 2 s on a quiet machine; ten times that.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

/**
 * The text of the shipped bundle (scripts/bundle-cli.mjs): V8 holds every loaded chunk's source for the whole run,
 * so the chunks are written without comments and indentation, and in ASCII (a script with one character beyond
 * Latin-1 is held as two bytes a character: a `—` left in one comment once doubled the heap its chunk's source
 * took). Names are kept and the source maps stay true, so that a stack trace still leads to the TypeScript line.
 */
let dir: string;
let chunks: Map<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-bundle-text-'));
  await bundleCli(dir);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  chunks = new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

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
    const source = (await readFile(join(__dirname, '../../src/cli/run.ts'), 'utf8')).split('\n');
    expect(source[entry.originalLine]).toContain('export async function runCli(');
  });
});
