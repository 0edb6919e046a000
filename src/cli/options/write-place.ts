import { mkdir, mkdtemp, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { printable } from '../../model/text.js';
import { CliError } from '../exit-codes.js';

/**
 * The places a command writes to (`--cache DIR`, `--sandbox-state FILE`, `import --out DIR`, `plan --out FILE`,
 * `emulator --state FILE`), checked before any work. Node's `mkdir(path, { recursive: true })` loops forever where
 * a parent exists but creating in it answers ENOENT (anywhere under /proc), and its synchronous form blocks the
 * signals that would end it; a FIFO or a device given as a file is read or written forever. So a directory is made
 * one level at a time, then proven writable by creating and removing an entry in it, and a file given must be a
 * regular file (or not exist yet, in such a directory). Each refusal names the option and the place, and why.
 */

/**
 * Makes `dir` if missing (and its missing parents) and checks that entries can be created in it; a refusal names
 * `given`, the option's value.
 */
export async function prepareDirectory(option: string, dir: string, given = dir): Promise<void> {
  const refuse = (why: string) => new CliError(`${option} ${printable(given)}: ${why}`);
  const missing: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    const found = await stat(at).catch(() => undefined);
    if (found) {
      if (!found.isDirectory()) throw refuse(`${printable(at)} is not a directory`);
      break;
    }
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const level of missing) {
    await mkdir(level).catch((error: unknown) => {
      throw refuse(`cannot create directory ${printable(level)} (${codeOf(error)})`);
    });
  }
  // mkdtemp names the probe uniquely (and keeps node:crypto out of a `validate`'s start-up).
  const probe = await mkdtemp(join(dir, '.edgeplan-probe-')).catch((error: unknown) => {
    throw refuse(`cannot write in it (${codeOf(error)})`);
  });
  await rmdir(probe);
}

/** Checks a file the command will write (and may read first): a regular file or none yet, in a usable directory. */
export async function prepareFile(option: string, file: string): Promise<void> {
  await prepareDirectory(option, dirname(file), file);
  const found = await stat(file).catch(() => undefined);
  if (found && !found.isFile())
    throw new CliError(
      `${option} ${printable(file)}: not a regular file (a directory, FIFO, socket or device)`,
    );
}

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : String(error);
}
