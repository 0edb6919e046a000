import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The error classes a library call can throw: every `export class …Error` under src/ outside the CLI (its own
 * errors become messages and exit codes) and the emulator (a server, not reached through the library's calls).
 * Each is an EdgeplanError with its code; the library exports those a caller acts on
 * (test/library/error-classes.test.ts), and docs/troubleshooting.md explains each.
 */
export async function libraryErrorClasses(): Promise<string[]> {
  const files = (await readdir('src', { recursive: true, encoding: 'utf8' })).filter(
    (file) => file.endsWith('.ts') && !/^(cli|emulator)\//.test(file),
  );
  const names: string[] = [];
  for (const file of files) {
    const text = await readFile(join('src', file), 'utf8');
    for (const match of text.matchAll(/^export class (\w+Error)\b/gm)) names.push(match[1] ?? '');
  }
  return names.sort();
}
