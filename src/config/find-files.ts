import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';

export interface FoundFiles {
  /** Paths as diagnostics show them: the caller's path, joined with the path below it for a directory. */
  files: string[];
  diagnostics: Diagnostic[];
}

const YAML_FILE = /\.ya?ml$/i;

/**
 * Emulator seed files live beside the desired state in examples (`examples/quickstart/sandbox-seed.yaml`) but are
 * not desired state: directory loading skips them. Naming such a file explicitly still loads it.
 */
const NOT_DESIRED_STATE = new Set(['sandbox-seed.yaml', 'sandbox-seed.yml']);

/**
 * Expands paths in the given order: a file is taken as is (any extension); a directory gives every `*.yaml` and
 * `*.yml` file below it, sorted by relative path, skipping `node_modules` and names starting with a dot. A file
 * reached twice is loaded once. A missing path, or a directory with no YAML file, is a diagnostic.
 */
export async function findYamlFiles(paths: readonly string[]): Promise<FoundFiles> {
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const add = async (path: string) => {
    const real = await realpath(path);
    if (seen.has(real)) return;
    seen.add(real);
    files.push(path);
  };

  for (const path of paths) {
    try {
      if (!(await stat(path)).isDirectory()) {
        await add(path);
        continue;
      }
      const below = (await walk(path, '')).sort(compare);
      if (below.length === 0) {
        diagnostics.push({
          file: path,
          line: 1,
          col: 1,
          message: 'no *.yaml or *.yml file in this directory',
        });
      }
      for (const file of below) await add(join(path, file));
    } catch (error) {
      diagnostics.push({ file: path, line: 1, col: 1, message: `cannot read: ${errorText(error)}` });
    }
  }
  return { files, diagnostics };
}

/** Relative paths of the YAML files below `root/under`. */
async function walk(root: string, under: string): Promise<string[]> {
  const entries = await readdir(join(root, under), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await walk(root, path)));
    else if (entry.isFile() && YAML_FILE.test(entry.name) && !NOT_DESIRED_STATE.has(entry.name))
      found.push(path);
  }
  return found;
}

export function errorText(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
