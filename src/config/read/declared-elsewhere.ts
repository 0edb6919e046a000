import { realpath } from 'node:fs/promises';
import { normaliseName } from '../../model/names.js';
import type { TargetKind, TargetPattern } from '../../model/target.js';
import { type Confinement, findYamlFiles } from './find-files.js';
import { foreignFile } from './foreign-files.js';
import { isMap, nodeAt, type PNode } from './positioned.js';
import { readDesiredFiles } from './read-files.js';
import { readYamlFile } from './read-yaml.js';

/**
 * The top-level sections that shape every target of the desired state they are loaded with: `settings` (which
 * changes need approval, which warnings are errors, who owns secondary zones and geo services) and `providers`
 * (where each zone is served from).
 */
export const WHOLE_STATE_SECTIONS = ['providers', 'settings'] as const;
export type WholeStateSection = (typeof WHOLE_STATE_SECTIONS)[number];

/**
 * A desired-state file outside the loaded ones that declares a target, and which; or that gives a section that
 * shapes every target (WHOLE_STATE_SECTIONS), and which.
 */
export type DeclaredElsewhere =
  | { file: string; target: TargetPattern }
  | { file: string; section: WholeStateSection };

/** Where each kind of target is declared in a desired-state file, and how its name is compared. */
const SECTIONS: readonly { kind: TargetKind; path: readonly string[]; name: (key: string) => string }[] = [
  { kind: 'zone', path: ['zones'], name: normaliseName },
  { kind: 'secondary', path: ['secondary_zones'], name: normaliseName },
  { kind: 'geo', path: ['geo_services'], name: (key) => key },
  { kind: 'webapp', path: ['waf', 'webapps'], name: (key) => key },
];

/**
 * The desired-state files below `root` (found as a directory PATH would find them) other than `loaded` (real
 * paths) that declare one of `targets`, or give a non-empty section that shapes every target: a saved plan made
 * from only some of the files of a zone would delete what the others declare, and one made without the file of
 * the settings would be applied under a safety policy (and lint strictness, ownership, providers) that the
 * repository does not have. Nothing when `targets` is empty: a plan that changes nothing needs no file. Files
 * that are not desired-state documents, and files that cannot be read, declare nothing (they are not anyone's
 * desired state); nothing of any file is returned but its path and the target or section.
 */
export async function declaredElsewhere(
  root: Confinement,
  loaded: ReadonlySet<string>,
  targets: readonly TargetPattern[],
): Promise<DeclaredElsewhere[]> {
  if (targets.length === 0) return [];
  const { files } = await findYamlFiles([root.dir], root);
  const found: DeclaredElsewhere[] = [];
  for (const file of files) {
    if (loaded.has(await realpath(file))) continue;
    const [read] = await readDesiredFiles([file]);
    // Stryker disable next-line OptionalChaining: equivalent, readDesiredFiles gives one result per file
    if (!read?.ok) continue;
    const parsed = await readYamlFile(file, read.text);
    // A file without a root is empty (nothing to find) or has YAML errors (foreignFile refuses it).
    // Stryker disable next-line ConditionalExpression: equivalent, as said above
    if (parsed.root === null || foreignFile(parsed)) continue;
    for (const target of declared(parsed.root))
      if (targets.some((t) => t.kind === target.kind && t.name === target.name)) found.push({ file, target });
    for (const section of givenSections(parsed.root)) found.push({ file, section });
  }
  return found;
}

function declared(root: PNode): TargetPattern[] {
  return SECTIONS.flatMap(({ kind, path, name }) => {
    const node = nodeAt(root, path);
    // Stryker disable next-line ArrayDeclaration: equivalent, an entry of no kind matches no target
    return isMap(node) ? node.entries.map((entry) => ({ kind, name: name(entry.key) })) : [];
  });
}

/** The whole-state sections `root` gives with at least one entry (`settings: {}` shapes nothing). */
function givenSections(root: PNode): WholeStateSection[] {
  return WHOLE_STATE_SECTIONS.filter((section) => {
    const node = nodeAt(root, [section]);
    return isMap(node) && node.entries.length > 0;
  });
}
