import { lstat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { loadDesiredState } from '../../config/index.js';
import type { LintFinding } from '../../config/lints/lint-allowances.js';
import { planLive } from '../../engine/plan-live.js';
import { importDocuments } from '../../import/documents.js';
import { DEFAULT_MIN_ZONES } from '../../import/find-templates.js';
import { closestNames } from '../../model/closest-names.js';
import { type Diagnostic, formatDiagnostic } from '../../model/diagnostic.js';
import type { DesiredState } from '../../model/dns.js';
import { IMPLICIT_PROVIDER } from '../../model/dns-provider-spec.js';
import { loadPicomatch } from '../../model/glob.js';
import { type ALabels, globToALabels } from '../../model/idn.js';
import { ownValue } from '../../model/own-value.js';
import { plural, printable } from '../../model/text.js';
import { renderPlanText } from '../../plan/render/text.js';
import { planHasChanges } from '../../plan/types.js';
import { readWafInventory } from '../../providers/waf/read-inventory.js';
import { writeFileAtomic } from '../../providers/write-atomic.js';
import { CliError, EXIT_ERROR, EXIT_OK, type ExitCode, UsageError } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { ServiceOptions } from '../options/options.js';
import { prepareDirectory } from '../options/write-place.js';
import { reportWarnings } from '../planning/load.js';
import { importLoadOptions, importSource, LIVE_LINT_REASON, onSource } from '../services/import-provider.js';
import { openServices } from '../services/services.js';

export interface ImportOptions extends Omit<ServiceOptions, 'format' | 'target'> {
  /** A desired state (file or directory) whose `providers:` section defines the provider to read. */
  providers?: string;
  /** Which entry of that section; default its only DNS provider. */
  provider?: string;
  /** Comma-separated names or globs; primary and secondary zones. */
  zones?: string;
  geoServices?: string;
  webapps?: string;
  out: string;
  singleFile: boolean;
  force: boolean;
  /** Write the record sets zones share as templates, and zones equal to another as `same_as` it. */
  findTemplates?: boolean;
  /** With `findTemplates`: how many zones must share sets before they become a template (default 3). */
  minZones?: number;
}

/**
 * `edgeplan import`: writes desired-state YAML from live state, then proves the round trip: the written files are
 * loaded and validated like any desired state and planned against live state in the same session; the plan must
 * be empty (exit 0), else exit 1 naming what did not round-trip. Zone lint errors of the files are facts of the live
 * zone: printed as warnings (import-provider.ts, LIVE_LINT_REASON), they do not fail the round trip, while
 * `validate` and `plan` on the files refuse them as always. What live holds that the files do not manage is
 * listed. Without `--zones`, `--geo-services` or `--webapps`, everything of every configured service (or of the
 * sandbox) is imported; with one, only what the selectors name. Existing files are not overwritten without --force.
 * The DNS side is read from one provider: Dyn, or the `providers:` entry `--providers`/`--provider` choose
 * (import-provider.ts); the round trip plans the files against that same provider.
 */
export async function importCommand(options: ImportOptions, io: CliIo): Promise<ExitCode> {
  if (options.minZones !== undefined && !options.findTemplates)
    throw new UsageError('EP6002', '--min-zones needs --find-templates');
  const reuse = options.findTemplates ? { minZones: options.minZones ?? DEFAULT_MIN_ZONES } : undefined;
  const selectors = {
    zones: selector('--zones', 'zone (primary or secondary)', options.zones, globToALabels),
    geo: selector('--geo-services', 'geo service', options.geoServices),
    webapps: selector('--webapps', 'webapp (by name or id)', options.webapps),
  };
  const zones = selectors.zones?.select;
  const geo = selectors.geo?.select;
  const webapps = selectors.webapps?.select;
  const any = zones ?? geo ?? webapps;
  const dir = resolve(io.cwd, options.out);
  await prepareDirectory('--out', dir);
  const source = await importSource(options, io);
  if (source === null) return EXIT_ERROR;
  const { spec } = source;
  const dnsWanted = any ? Boolean(zones || geo) : Boolean(spec || options.sandbox || io.env.EDGEPLAN_DYN_URL);
  const wafWanted = any ? Boolean(webapps) : Boolean(options.sandbox || io.env.EDGEPLAN_WAF_URL);
  if (!dnsWanted && !wafWanted)
    throw new CliError(
      'EP5108',
      'nothing to import: set EDGEPLAN_DYN_* and/or EDGEPLAN_WAF_*, or use --sandbox',
    );
  // The services are opened as for a desired state that owns everything: what import reads.
  const from = spec ?? IMPLICIT_PROVIDER;
  const needs: DesiredState = {
    zones: [],
    ...(dnsWanted ? { manage: { secondaryZones: 'all', geoServices: 'all' } } : {}),
    dnsProviders: [from],
    ...(wafWanted ? { waf: { webapps: [] } } : {}),
  };
  const services = await openServices(needs, { ...options, format: 'text' }, io);
  try {
    const none = () => false;
    const all = () => true;
    const provider = ownValue(services.providers.dns ?? {}, from.name);
    if (provider && !provider.readInventory)
      throw new CliError('EP5108', `DNS provider ${provider.name} cannot be imported from`);
    const [dns, waf] = await Promise.all([
      provider?.readInventory?.({
        zones: zones ?? (any ? none : all),
        geoServices: geo ?? (any ? none : all),
        ...(selectors.zones?.names ? { zoneNames: selectors.zones.names } : {}),
      }),
      services.waf ? readWafInventory(services.waf.client, webapps ?? (any ? none : all)) : undefined,
    ]);
    const unmatched = Object.values(selectors).flatMap((s) => s?.unmatched() ?? []);
    if (unmatched.length > 0)
      throw new CliError(
        'EP5108',
        `nothing imported, no file written:\n${unmatched.map((line) => `  ${line}`).join('\n')}`,
      );
    let documents = importDocuments(dns, waf, options.singleFile, new Map(), reuse);
    const paths = documents.files.map((f) => pathInside(dir, f.name));
    if (!options.force) await refuseOverwrite(paths);
    for (const [i, f] of documents.files.entries()) await writeFileAtomic(paths[i] as string, f.text);
    // Lint errors of the live zones are facts of them: the files are written again with an `allow_lints` at each
    // set that has one (the same files, in the same order), so validate and plan take them as they are.
    const first = paths.length === 0 ? undefined : await loadDesiredState(paths, importLoadOptions(source));
    if (first?.ok && first.lintErrors) {
      documents = importDocuments(dns, waf, options.singleFile, allowancesOf(first.lintErrors), reuse);
      for (const [i, f] of documents.files.entries()) await writeFileAtomic(paths[i] as string, f.text);
    }
    io.stdout(
      `Wrote ${documents.files.length} ${documents.files.length === 1 ? 'file' : 'files'} to ${dir}:\n`,
    );
    for (const f of documents.files) io.stdout(`  ${f.name}\n`);
    if (documents.shared) {
      const found = documents.shared.length > 0 ? ':' : ': none';
      io.stdout(`Templates (record sets at least ${reuse?.minZones} zones share) and mirrors${found}\n`);
      for (const line of documents.shared) io.stdout(`  ${printable(line)}\n`);
    }
    for (const line of documents.warnings) io.stderr(`warning: ${printable(line)}\n`);
    if (documents.notImported.length > 0) {
      io.stdout('Not managed by the written files (the model cannot express them; left as they are live):\n');
      for (const line of documents.notImported) io.stdout(`  ${printable(line)}\n`);
    }
    if (paths.length === 0) return EXIT_OK;
    const loaded = await loadDesiredState(paths, importLoadOptions(source));
    if (!loaded.ok) {
      for (const d of loaded.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
      io.stderr('Round trip failed: the written files are not valid desired state (above).\n');
      return EXIT_ERROR;
    }
    reportWarnings(loaded.warnings, io, 'text', liveWarningsSummary(loaded.warnings));
    const plan = await planLive(onSource(loaded.desired, source), services.providers);
    if (planHasChanges(plan)) {
      io.stderr(`Round trip failed: planning the written files against live state shows changes:\n`);
      io.stderr(renderPlanText(plan, { color: false }));
      return EXIT_ERROR;
    }
    io.stdout('Round trip: planning the written files against live state shows no changes.\n');
    return EXIT_OK;
  } finally {
    await services.close();
  }
}

/** The lints to allow at each set, by `fqdn TYPE`. */
function allowancesOf(findings: readonly LintFinding[]): Map<string, string[]> {
  const allow = new Map<string, string[]>();
  for (const { fqdn, type, lint } of findings) {
    const key = `${fqdn} ${type}`;
    const lints = allow.get(key) ?? [];
    if (!lints.includes(lint)) allow.set(key, [...lints, lint]);
  }
  return allow;
}

/**
 * After the warnings of the written files: when lint errors of the live zones are among them, how many, and that
 * validate and plan refuse those; else the usual line.
 */
function liveWarningsSummary(warnings: readonly Diagnostic[]): string | undefined {
  const errors = warnings.filter((d) => d.message.endsWith(`(an error, ${LIVE_LINT_REASON})`)).length;
  if (errors === 0) return undefined;
  return (
    `${plural(warnings.length, 'warning')} about the live zones as they are, written unchanged: validate and ` +
    `plan refuse the ${errors} that ${errors === 1 ? 'is an error' : 'are errors'} until the files are fixed ` +
    '(plan then fixes them live).'
  );
}

interface Selector {
  /** Whether to import the object of this name (or id); remembers every name it was asked about. */
  select(name: string): boolean;
  /** A line per pattern that matched nothing read, with the nearest names. */
  unmatched(): string[];
  /** The patterns when none is a glob: names, for a provider that cannot list what it holds. */
  names?: readonly string[];
}

/**
 * `--zones a,b*` and the like: comma-separated names or globs (case-insensitive). A pattern that matches nothing in
 * the account is an error (a typo would otherwise import nothing, successfully); so is a list without a pattern.
 */
/** `dnsName`: the patterns are DNS names, their Unicode labels read as A-labels (model/idn.ts). */
function selector(
  flag: string,
  what: string,
  list: string | undefined,
  dnsName?: (pattern: string) => ALabels,
): Selector | undefined {
  if (list === undefined) return undefined;
  const patterns = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((pattern) => {
      const read = dnsName?.(pattern) ?? { ok: true, name: pattern };
      if (!read.ok) throw new UsageError('EP6003', `${flag}: ${read.problem}`);
      return read.name;
    });
  if (patterns.length === 0) throw new UsageError('EP6003', `${flag}: give at least one name or glob`);
  const matchers = patterns.map((pattern) => ({
    pattern,
    test: loadPicomatch()(pattern, { nocase: true, dot: true }),
    matched: false,
  }));
  const seen = new Set<string>();
  const globs = patterns.some((pattern) => loadPicomatch().scan(pattern).isGlob);
  return {
    ...(globs ? {} : { names: patterns }),
    select(name) {
      seen.add(name);
      let any = false;
      for (const matcher of matchers) {
        if (!matcher.test(name)) continue;
        matcher.matched = true;
        any = true;
      }
      return any;
    },
    unmatched: () =>
      matchers
        .filter((matcher) => !matcher.matched)
        .map(({ pattern }) => {
          const near = closestNames(pattern, [...seen]);
          const hint = near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : '';
          return `${flag} ${pattern}: matches no ${what} of the account${hint}`;
        }),
  };
}

/** `dir/name` for a name that is one plain file name (importDocuments makes them so; checked again here). */
function pathInside(dir: string, name: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(name) || basename(name) !== name)
    throw new CliError('EP5101', `refusing to write ${JSON.stringify(name)}: not a plain file name`);
  return join(dir, name);
}

/** Files already there, symlinks too (lstat: a dangling symlink is a file this would replace). */
async function refuseOverwrite(paths: readonly string[]): Promise<void> {
  const existing: string[] = [];
  for (const path of paths) {
    const found = await lstat(path).then(
      () => true,
      () => false,
    );
    if (found) existing.push(path);
  }
  if (existing.length > 0)
    throw new CliError(
      'EP5101',
      `refusing to overwrite existing files (use --force):\n${existing.map((p) => `  ${p}`).join('\n')}`,
    );
}
