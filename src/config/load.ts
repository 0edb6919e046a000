import { type Diagnostic, formatDiagnostic, isWarning, sortDiagnostics } from '../model/diagnostic.js';
import type { DesiredState } from '../model/dns.js';
import {
  type DnsProviderSpec,
  IMPLICIT_PROVIDER,
  type ProviderCatalogue,
} from '../model/dns-provider-spec.js';
import { readRecords } from './desired/read-records.js';
import { withProviders } from './desired/to-desired-providers.js';
import { toDesiredState } from './desired/to-desired-state.js';
import { loadWafSections } from './desired/waf-desired.js';
import type { LintFinding, ZoneFinding } from './lints/lint-allowances.js';
import { asWarnings, strictCause, weighed } from './lints/lint-strictness.js';
import { lintDiagnostics } from './lints/lints.js';
import { type Confinement, findYamlFiles, type SkippedPath } from './read/find-files.js';
import { foreignFile } from './read/foreign-files.js';
import { mergeDocuments } from './read/merge.js';
import type { ParsedFile } from './read/parse-yaml.js';
import { type ReadResult, readDesiredFiles } from './read/read-files.js';
import { readYamlFile } from './read/read-yaml.js';
import { expandZones } from './reuse/expand-zones.js';
import { readTemplates } from './reuse/read-templates.js';
import { capabilitiesOf } from './rules/provider-lists.js';
import { providerDiagnostics } from './rules/provider-rules.js';
import { ruleDiagnostics } from './rules/rules.js';
import { desiredStateSchema } from './schema/schema.js';
import { schemaDiagnostics } from './schema/schema-issues.js';

/**
 * The outcome of loading desired state. `files` are the loaded files in load order, as diagnostics name them.
 * On failure `diagnostics` holds every problem found (at least one error, and the warnings), sorted, each once;
 * on success `warnings` holds the warnings (zone lints, docs/lints.md), sorted, each once: they never block.
 * `skipped`, either way: what below a directory was not loaded, and why (find-files.ts).
 */
export type LoadResult =
  | {
      ok: true;
      desired: DesiredState;
      files: string[];
      warnings: Diagnostic[];
      skipped: SkippedPath[];
      /** With `lintErrorsAsWarnings`: the lint errors so made warnings, by set (import allows them). */
      lintErrors?: LintFinding[];
    }
  | { ok: false; diagnostics: Diagnostic[]; skipped: SkippedPath[] };

export interface LoadOptions {
  /**
   * The DNS provider types `providers:` entries may have, and the variables edgeplan reads by their own names
   * (the registry's, providers/registry.ts). Each zone is checked against each of its providers (or the implicit
   * one, without `providers:`): a record type it lacks, more records of a type at one name than it allows, geo
   * services or secondary zones when it has none, are problems at their `file:line:col`. Absent: no type, so no
   * `providers:` entry is valid and nothing is checked against a provider.
   */
  catalogue?: ProviderCatalogue;
  /**
   * The provider a desired state without `providers:` is checked against: default IMPLICIT_PROVIDER (`import`
   * checks the files it writes against the provider it read them from).
   */
  implicitProvider?: DnsProviderSpec;
  /**
   * The paths come from a file that is not the user's command line (a saved plan): every file loaded must lie in
   * this directory (links followed), and a file that is not an edgeplan desired-state document (not YAML, or a
   * top level with keys edgeplan does not have) is refused as a whole with nothing of its content shown.
   */
  untrustedPaths?: Confinement;
  /**
   * Every file loaded must lie in this directory (links followed), whoever chose the paths: the files of a saved
   * plan, when `plan --out` makes it and when `apply --plan` is given its paths. `untrustedPaths` implies it.
   */
  confinedTo?: Confinement;
  /** `--strict`: every warning is an error (as `settings.lint.strict: true` in the YAML makes it). */
  strict?: boolean;
  /**
   * Every zone lint that is an error reported as a warning, its message ending with this reason: `import` loads the
   * files it wrote from a live zone, whose lint errors are facts of that zone (reported, for the user to fix), not
   * mistakes of the files. Other problems stay errors; `validate` and `plan` never set it.
   */
  lintErrorsAsWarnings?: string;
  /**
   * Told the characters of YAML read, before any of it is parsed: the CLI sizes the process's compiler by it
   * (cli/compiler-policy.ts).
   */
  onRead?: (characters: number) => void;
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
  const found = await findYamlFiles(paths, options.untrustedPaths ?? options.confinedTo);
  const read = await readDesiredFiles(found.files);
  options.onRead?.(read.reduce((n, file) => n + (file.ok ? file.text.length : 0), 0));
  const parsed = await Promise.all(
    found.files.map(async (file, i) => {
      const one = await parsedFile(file, read[i]);
      // Stryker disable next-line OptionalChaining: readDesiredFiles gives one result per file, so read[i] is there
      return options.untrustedPaths && read[i]?.ok ? (foreignFile(one) ?? one) : one;
    }),
  );
  const roots = parsed.flatMap((file) => (file.root ? [file.root] : []));

  const merged = mergeDocuments(roots);
  const templates = readTemplates(roots);
  const expanded = expandZones(merged.merged, templates.byName);
  const merge = {
    merged: expanded.merged,
    diagnostics: [...merged.diagnostics, ...templates.diagnostics, ...expanded.diagnostics],
  };
  const records = readRecords(merge.merged);
  const waf = loadWafSections(roots);
  const catalogue = options.catalogue ?? NO_PROVIDERS;
  const schema = desiredStateSchema(catalogue);
  const implicitSpec = options.implicitProvider ?? IMPLICIT_PROVIDER;
  const implicit = capabilitiesOf(catalogue, implicitSpec);
  const single =
    merge.merged.services.providers.length === 0 && implicit
      ? { capabilities: implicit, name: implicitSpec.name }
      : undefined;
  const lints = lintDiagnostics(merge.merged, records);
  const diagnostics = [
    ...found.diagnostics,
    ...parsed.flatMap((file) => file.diagnostics),
    ...roots.flatMap((root) => schemaDiagnostics(root, schema)),
    ...merge.diagnostics,
    ...records.diagnostics,
    ...ruleDiagnostics(merge.merged, records, single),
    ...providerDiagnostics(merge.merged, records, catalogue),
    ...waf.diagnostics,
    ...weighed(
      asWarnings(lints.diagnostics, options.lintErrorsAsWarnings),
      strictCause(merge.merged.services, options.strict),
    ),
  ];
  const { skipped } = found;
  const reported = unique(sortDiagnostics(diagnostics));
  if (!reported.every(isWarning)) return { ok: false, diagnostics: reported, skipped };

  const desired = {
    ...withAllowed(
      withProviders(toDesiredState(merge.merged, records), merge.merged, catalogue),
      lints.allowed,
    ),
    ...(waf.desired ? { waf: waf.desired } : {}),
  };
  const lintErrors =
    options.lintErrorsAsWarnings && lints.refused.length > 0 ? { lintErrors: lints.refused } : {};
  return {
    ok: true,
    desired,
    files: parsed.map((file) => file.file),
    warnings: reported,
    skipped,
    ...lintErrors,
  };
}

/** Each zone with the allowed lint findings of its sets (lint-allowances.ts), when it has any. */
function withAllowed(desired: DesiredState, allowed: readonly ZoneFinding[]): DesiredState {
  if (allowed.length === 0) return desired;
  const zones = desired.zones.map((zone) => {
    const own = allowed.filter((one) => one.zone === zone.zone).map((one) => one.finding);
    return own.length > 0 ? { ...zone, allowedFindings: own } : zone;
  });
  return { ...desired, zones };
}

/** Without a catalogue: no provider type, no variable of edgeplan's own. */
const NO_PROVIDERS: ProviderCatalogue = { types: [], builtInVariables: {} };

async function parsedFile(path: string, read: ReadResult | undefined): Promise<ParsedFile> {
  // Stryker disable next-line OptionalChaining: as in loadDesiredState, every file has its read result
  if (read?.ok) return readYamlFile(path, read.text);
  const diagnostics = read
    ? [read.diagnostic]
    : // Stryker disable next-line ArrayDeclaration: as above, so this empty list is never given
      [];
  return { file: path, root: null, diagnostics };
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
