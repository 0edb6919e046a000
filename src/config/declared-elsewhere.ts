import { realpath } from 'node:fs/promises';
import { normaliseName } from '../model/names.js';
import type { Target, TargetKind } from '../model/target.js';
import { type Confinement, findYamlFiles } from './find-files.js';
import { foreignFile } from './foreign-files.js';
import { isMap, nodeAt, type PNode } from './positioned.js';
import { readDesiredFiles } from './read-files.js';
import { readYamlFile } from './read-yaml.js';

/** A desired-state file outside the loaded ones that declares a target, and which. */
export interface DeclaredElsewhere {
  file: string;
  target: Target;
}

/** Where each kind of target is declared in a desired-state file, and how its name is compared. */
const SECTIONS: readonly { kind: TargetKind; path: readonly string[]; name: (key: string) => string }[] = [
  { kind: 'zone', path: ['zones'], name: normaliseName },
  { kind: 'secondary', path: ['secondary_zones'], name: normaliseName },
  { kind: 'geo', path: ['geo_services'], name: (key) => key },
  { kind: 'webapp', path: ['waf', 'webapps'], name: (key) => key },
];

/**
 * The desired-state files below `root` (found as a directory PATH would find them) other than `loaded` (real
 * paths) that declare one of `targets`: a saved plan made from only some of the files of a zone would delete what
 * the others declare. Files that are not desired-state documents, and files that cannot be read, declare nothing
 * (they are not anyone's desired state); nothing of any file is returned but its path and the target.
 */
export async function declaredElsewhere(
  root: Confinement,
  loaded: ReadonlySet<string>,
  targets: readonly Target[],
): Promise<DeclaredElsewhere[]> {
  if (targets.length === 0) return [];
  const { files } = await findYamlFiles([root.dir], root);
  const found: DeclaredElsewhere[] = [];
  for (const file of files) {
    if (loaded.has(await realpath(file))) continue;
    const [read] = await readDesiredFiles([file]);
    if (!read?.ok) continue;
    const parsed = await readYamlFile(file, read.text);
    if (parsed.root === null || foreignFile(parsed)) continue;
    for (const target of declared(parsed.root))
      if (targets.some((t) => t.kind === target.kind && t.name === target.name)) found.push({ file, target });
  }
  return found;
}

function declared(root: PNode): Target[] {
  return SECTIONS.flatMap(({ kind, path, name }) => {
    const node = nodeAt(root, path);
    return isMap(node) ? node.entries.map((entry) => ({ kind, name: name(entry.key) })) : [];
  });
}
