import { readFile } from 'node:fs/promises';
import { type Diagnostic, formatDiagnostic, sortDiagnostics } from '../model/diagnostic.js';
import type { DesiredState } from '../model/dns.js';
import { errorText, findYamlFiles } from './find-files.js';
import { mergeDocuments, toPlainDocument } from './merge.js';
import { type ParsedFile, parseYamlFile } from './parse-yaml.js';
import { ruleDiagnostics } from './rules.js';
import { DesiredStateSchema } from './schema.js';
import { schemaDiagnostics } from './schema-issues.js';
import { toDesiredState } from './to-desired-state.js';
import { loadWafSections } from './waf-desired.js';

/**
 * The outcome of loading desired state. `files` are the loaded files in load order, as diagnostics name them.
 * On failure `diagnostics` holds every problem found, sorted, each once.
 */
export type LoadResult =
  | { ok: true; desired: DesiredState; files: string[] }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Loads YAML files and directories (see `findYamlFiles`), validates each file against the schema, merges them
 * (see `mergeDocuments`), checks the rules, and returns the desired state or every problem at once.
 * Never throws for a problem in the input; performs no network I/O.
 */
export async function loadDesiredState(paths: readonly string[]): Promise<LoadResult> {
  const found = await findYamlFiles(paths);
  const parsed = await Promise.all(found.files.map(readAndParse));
  const roots = parsed.flatMap((file) => (file.root ? [file.root] : []));

  const merge = mergeDocuments(roots);
  const waf = loadWafSections(roots);
  const diagnostics = [
    ...found.diagnostics,
    ...parsed.flatMap((file) => file.diagnostics),
    ...roots.flatMap((root) => schemaDiagnostics(root)),
    ...merge.diagnostics,
    ...ruleDiagnostics(merge.merged),
    ...waf.diagnostics,
  ];
  if (diagnostics.length > 0) return { ok: false, diagnostics: unique(sortDiagnostics(diagnostics)) };

  const document = DesiredStateSchema.parse(toPlainDocument(merge.merged));
  const desired = { ...toDesiredState(document), ...(waf.desired ? { waf: waf.desired } : {}) };
  return { ok: true, desired, files: parsed.map((file) => file.file) };
}

async function readAndParse(path: string): Promise<ParsedFile> {
  try {
    return parseYamlFile(path, await readFile(path, 'utf8'));
  } catch (error) {
    return {
      file: path,
      root: null,
      diagnostics: [{ file: path, line: 1, col: 1, message: `cannot read: ${errorText(error)}` }],
    };
  }
}

/** Some problems are found twice (zod reports an out-of-range huge number as two issues). */
function unique(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((diagnostic) => {
    const text = formatDiagnostic(diagnostic);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
