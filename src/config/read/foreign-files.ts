import { TOP_LEVEL_KEYS } from '../schema/schema.js';
import type { ParsedFile } from './parse-yaml.js';

const DESIRED_KEYS: ReadonlySet<string> = new Set(TOP_LEVEL_KEYS);

/**
 * A file loaded from paths that someone other than the user chose (a saved plan's) may not be desired state at all:
 * a credentials file, `/etc/passwd`. Its YAML errors and unknown keys would quote it. Such a file, one that does
 * not parse or whose top level is not a map of edgeplan's own keys, is replaced by one problem that quotes
 * nothing; null for a desired-state document (an empty file is one).
 */
export function foreignFile(parsed: ParsedFile): ParsedFile | null {
  const { root } = parsed;
  const yamlErrors = root === null && parsed.diagnostics.length > 0;
  const desired =
    !yamlErrors &&
    (root === null || (root.kind === 'map' && root.entries.every((entry) => DESIRED_KEYS.has(entry.key))));
  if (desired) return null;
  const message =
    'not an edgeplan desired-state file (not YAML, or keys at its top level that edgeplan does not have); ' +
    'it came from a saved plan, so nothing of it is shown';
  return { file: parsed.file, root: null, diagnostics: [{ file: parsed.file, line: 1, col: 1, message }] };
}
