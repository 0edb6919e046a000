import { type Diagnostic, formatDiagnostic, sortDiagnostics } from '../model/diagnostic.js';
import type { DesiredState } from '../model/dns.js';
import type { DnsCapabilities } from '../model/provider.js';
import { type Confinement, findYamlFiles, type SkippedPath } from './find-files.js';
import { foreignFile } from './foreign-files.js';
import { mergeDocuments } from './merge.js';
import { type ParsedFile, parseYamlFile } from './parse-yaml.js';
import type { CapabilitiesOf } from './provider-lists.js';
import { providerDiagnostics } from './provider-rules.js';
import { type ReadResult, readDesiredFiles } from './read-files.js';
import { readRecords } from './read-records.js';
import { ruleDiagnostics } from './rules.js';
import { schemaDiagnostics } from './schema-issues.js';
import { withProviders } from './to-desired-providers.js';
import { toDesiredState } from './to-desired-state.js';
import { loadWafSections } from './waf-desired.js';

/**
 * The outcome of loading desired state. `files` are the loaded files in load order, as diagnostics name them.
 * On failure `diagnostics` holds every problem found, sorted, each once. `skipped`, either way: what below a
 * directory was not loaded, and why (find-files.ts).
 */
export type LoadResult =
  | { ok: true; desired: DesiredState; files: string[]; skipped: SkippedPath[] }
  | { ok: false; diagnostics: Diagnostic[]; skipped: SkippedPath[] };

export interface LoadOptions {
  /**
   * What the DNS provider supports (`DnsProvider.capabilities`): a record type it lacks, more records of a type
   * at one name than it allows, geo services or secondary zones when it has none, are then problems at their
   * `file:line:col`. Absent: every registered type, geo services and secondary zones, no per-name limit.
   */
  capabilities?: DnsCapabilities;
  /** The provider's name in those messages (`DnsProvider.name`: `dyn`). */
  provider?: string;
  /**
   * With `providers:` in the desired state: what each provider supports, by its entry (the CLI knows the types).
   * Each zone is then checked against each of its providers, and `capabilities` is not used.
   */
  capabilitiesOf?: CapabilitiesOf;
  /**
   * The paths come from a file that is not the user's command line (a saved plan): every file loaded must lie in
   * this directory (links followed), and a file that is not an edgeplan desired-state document (not YAML, or a
   * top level with keys edgeplan does not have) is refused as a whole with nothing of its content shown.
   */
  untrustedPaths?: Confinement;
}

/**
 * Loads YAML files and directories (see `findYamlFiles`), validates each file against the schema, merges them
 * (see `mergeDocuments`), parses every record value through its type (`readRecords`), checks the rules, and
 * returns the desired state or every problem at once. Never throws for a problem in the input; performs no
 * network I/O.
 */
export async function loadDesiredState(
  paths: readonly string[],
  options: LoadOptions = {},
): Promise<LoadResult> {
  const found = await findYamlFiles(paths, options.untrustedPaths);
  const read = await readDesiredFiles(found.files);
  const parsed = found.files.map((file, i) => {
    const one = parsedFile(file, read[i]);
    return options.untrustedPaths && read[i]?.ok ? (foreignFile(one) ?? one) : one;
  });
  const roots = parsed.flatMap((file) => (file.root ? [file.root] : []));

  const merge = mergeDocuments(roots);
  const records = readRecords(merge.merged);
  const waf = loadWafSections(roots);
  const { capabilities, provider, capabilitiesOf } = options;
  const single = merge.merged.services.providers.length === 0 ? capabilities : undefined;
  const diagnostics = [
    ...found.diagnostics,
    ...parsed.flatMap((file) => file.diagnostics),
    ...roots.flatMap((root) => schemaDiagnostics(root)),
    ...merge.diagnostics,
    ...records.diagnostics,
    ...ruleDiagnostics(merge.merged, records, single && { capabilities: single, name: provider }),
    ...providerDiagnostics(merge.merged, records, capabilitiesOf),
    ...waf.diagnostics,
  ];
  const { skipped } = found;
  if (diagnostics.length > 0)
    return { ok: false, diagnostics: unique(sortDiagnostics(diagnostics)), skipped };

  const desired = {
    ...withProviders(toDesiredState(merge.merged, records), merge.merged, capabilitiesOf),
    ...(waf.desired ? { waf: waf.desired } : {}),
  };
  return { ok: true, desired, files: parsed.map((file) => file.file), skipped };
}

function parsedFile(path: string, read: ReadResult | undefined): ParsedFile {
  if (read?.ok) return parseYamlFile(path, read.text);
  return { file: path, root: null, diagnostics: read ? [read.diagnostic] : [] };
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
