import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../exit-codes.js';

/**
 * Paths given to flags, checked before anything is loaded, read or sent: a wrong one fails at once (exit 1) saying
 * what the flag wants, instead of as a system error (ENOENT, ENOTDIR) once the reads are done. Paths are relative
 * to the working directory and shown as given.
 *
 * - `read`: a file edgeplan reads (`--ack`, `--seed`, `apply --plan`): it must exist and be a file;
 * - `write`: a file edgeplan writes (`plan --out`): its directory must exist, it is not created;
 * - `dir`: a directory edgeplan keeps files in and creates when missing (`--cache`, `import --out`): anything there
 *   that is not a directory is refused.
 */
export type PathKind = 'read' | 'write' | 'dir';

/** What each `read` flag wants, for its message. */
const READ_HINTS: Readonly<Record<string, string>> = {
  ack: 'the acknowledged drift: a YAML file with a list under `acknowledged:`; `drift` prints an entry to copy into it',
  seed: 'an emulator account in YAML or JSON, such as examples/quickstart/sandbox-seed.yaml',
  plan: 'a plan written by `edgeplan plan --out FILE`',
};

/** A `preAction` hook checking the command's path flags, by option name (`out`, `cache`, …); only those given. */
export function checkPathFlags(kinds: Readonly<Record<string, PathKind>>, cwd: string) {
  return async (_command: Command, action: Command): Promise<void> => {
    const options = action.opts();
    for (const [name, kind] of Object.entries(kinds)) {
      const given: unknown = options[name];
      if (typeof given === 'string') await checkPath(name, given, kind, cwd);
    }
  };
}

async function checkPath(name: string, given: string, kind: PathKind, cwd: string): Promise<void> {
  const flag = `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const path = resolve(cwd, given);
  if (kind === 'read') {
    const found = await stat(path).catch(() => null);
    const hint = READ_HINTS[name] ?? 'a file';
    if (found === null) throw new CliError(`${flag} ${given}: no such file (expected ${hint})`);
    if (!found.isFile()) throw new CliError(`${flag} ${given}: not a file (expected ${hint})`);
    return;
  }
  if (kind === 'write') {
    const dir = dirname(path);
    const found = await stat(dir).catch(() => null);
    if (found?.isDirectory()) return;
    throw new CliError(
      `${flag} ${given}: the directory ${dirname(given)} does not exist; create it first or write elsewhere`,
    );
  }
  const found = await stat(path).catch(() => null);
  if (found !== null && !found.isDirectory())
    throw new CliError(
      `${flag} ${given}: that is a file; it takes a directory, which edgeplan creates when it is missing`,
    );
}
