import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleCli, bundleOptions } from '../../scripts/bundle-cli.mjs';

// Time budget: two esbuild bundles of the CLI, about 2 s each on a quiet machine; ten times that.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

/**
 * The shipped bundle is ASCII (scripts/bundle-cli.mjs, `asciiOnly`): V8 holds a script with one character beyond
 * Latin-1 as two bytes a character, so a `—` left in one comment doubled the heap its chunk's source takes. Each
 * replaced character keeps its UTF-16 length, so the source maps' columns stay true.
 */
let dir: string;
let written: Map<string, string>;
let bundled: Map<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-bundle-ascii-'));
  await bundleCli(dir);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  written = new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)),
  );
  const result = await build({ ...bundleOptions(dir), write: false });
  bundled = new Map(
    result.outputFiles
      .filter((file) => file.path.endsWith('.js'))
      .map((file) => [basename(file.path), file.text]),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** True when `text` has a UTF-16 unit beyond ASCII. */
const notAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
};

describe('the bundled CLI', () => {
  it('is ASCII in every chunk, where esbuild alone leaves characters beyond it in comments', () => {
    expect([...written.keys()].sort()).toEqual([...bundled.keys()].sort());
    expect([...bundled.values()].some((text) => notAscii(text))).toBe(true);
    expect([...written].filter(([, text]) => notAscii(text)).map(([name]) => name)).toEqual([]);
  });

  it('keeps every line and column: only those characters differ, each a ? as long as it was', () => {
    for (const [name, text] of written) {
      const original = bundled.get(name) ?? '';
      expect(text.length, name).toBe(original.length);
      for (let i = 0; i < text.length; i++) {
        if (text[i] === original[i]) continue;
        expect([name, i, original.charCodeAt(i) > 0x7f, text[i]]).toEqual([name, i, true, '?']);
      }
    }
  });
});
