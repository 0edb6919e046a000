/**
 * The `statePath` file: the published account in seed form (JSON, record ids and next id included, and the WAF
 * cache-purge budget's window), loaded at start when it exists and rewritten after every publish, zone create and
 * zone delete, WAF change and cache purge. Writes go to a temp file
 * that is renamed over the target, one at a time, so a reader never sees half a file and an older state never
 * overwrites a newer one. The file holds the account's credentials: it is written readable by its owner only (0600).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EmulatorSeed, ParsedSeed } from './seed.js';
import { parseSeed } from './seed.js';
import { jsonSyntaxProblem } from './syntax-error.js';

/**
 * The saved state, validated, or undefined when the file does not exist. Invalid content is an error naming the file
 * and where it is wrong, never quoting it.
 */
export async function readStateFile(path: string): Promise<ParsedSeed | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message quotes the file, which holds the account's credentials: only where it is wrong.
    throw new Error(`Cannot parse emulator state ${path}: ${jsonSyntaxProblem(text)}`);
  }
  return parseSeed(value, path);
}

export class StateWriter {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  /** Queues a write of `state`; resolves when it (and every earlier one) is on disk. */
  write(state: EmulatorSeed): Promise<void> {
    const text = `${JSON.stringify(state, null, 2)}\n`;
    const next = this.queue.then(() => this.writeNow(text));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Resolves when every queued write has finished. */
  flush(): Promise<void> {
    return this.queue;
  }

  private async writeNow(text: string): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, text, { encoding: 'utf8', mode: 0o600 });
      await rename(temp, this.path);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }
}
