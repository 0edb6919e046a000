import { isAbsolute, resolve } from 'node:path';
import { type LoadOptions, loadDesiredState } from '../../config/load.js';
import type { Confinement } from '../../config/read/find-files.js';
import { type Diagnostic, formatDiagnostic, isWarning } from '../../model/diagnostic.js';
import type { DesiredState } from '../../model/dns.js';
import { count, plural, printable, printableJson } from '../../model/text.js';
import { PlanProblemsError } from '../../plan/diff/plan-problems.js';
import { PLAN_FORMAT_VERSION } from '../../plan/types.js';
import { PROVIDER_CATALOGUE } from '../../providers/registry.js';
import { EXIT_ERROR, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { OutputFormat } from '../options/options.js';
import { reportAnnotations } from '../output/github.js';

/**
 * The registered providers (providers/registry.ts): what `providers:` entries may say, and what each zone is
 * checked against at validation, before any call.
 */
export const LOAD_OPTIONS: LoadOptions = { catalogue: PROVIDER_CATALOGUE };

/**
 * Where problems were found: `validation` (the YAML itself; nothing was read or sent), `live-state` (valid, but it
 * names what the live service does not have; nothing was changed) or `acknowledgements` (the file of `drift --ack`;
 * nothing was read or sent).
 */
export type ProblemStage = 'validation' | 'live-state' | 'acknowledgements';

/**
 * The files of a saved plan, as `plan --out` makes it and `apply --plan` loads it: every file must really lie in
 * `confine` (config's `confinedTo`); `untrusted` when the paths are the plan's alone, chosen by no one on the
 * command line (config's `untrustedPaths`: a file that is not desired state is refused with nothing of it shown).
 */
export interface SavedPlanPlace {
  confine: Confinement;
  untrusted: boolean;
}

/** The flags of a command that loading reads: its output format, and `--strict` (warnings are errors). */
export interface LoadFlags {
  format?: OutputFormat;
  strict?: boolean;
}

/**
 * Loads and validates the desired state. Names on stderr what below a directory was not loaded, and why. On
 * problems prints every one as `file:line:col: message` on stderr (warnings among them as `file:line:col:
 * warning: message`) and returns null, before any provider exists, so invalid input can never cause an API call.
 * With `--format json` the problems are also written to stdout as a JSON document (problemsJson). `saved`: the
 * paths are a saved plan's (SavedPlanPlace). Valid desired state with warnings: the warnings are printed on stderr
 * (and as GitHub annotations), never blocking, and returned with it.
 */
export async function loadWithWarnings(
  paths: string[],
  io: CliIo,
  flags: LoadFlags = {},
  saved?: SavedPlanPlace,
): Promise<{ desired: DesiredState; warnings: Diagnostic[] } | null> {
  const given = paths.length > 0 ? paths : ['.'];
  // Relative to the command's working directory, which is the process's except when run in-process (tests).
  const reachable = given.map((path) =>
    isAbsolute(path) || io.cwd === process.cwd() ? path : resolve(io.cwd, path),
  );
  const result = await loadDesiredState(reachable, {
    ...LOAD_OPTIONS,
    ...(saved === undefined
      ? {}
      : saved.untrusted
        ? { untrustedPaths: saved.confine }
        : { confinedTo: saved.confine }),
    ...(flags.strict ? { strict: true } : {}),
    ...(io.sizeRun ? { onRead: io.sizeRun } : {}),
  });
  const format = flags.format ?? 'text';
  for (const { path, reason } of result.skipped)
    io.stderr(`note: ${printable(path)} not loaded: ${printable(reason)}\n`);
  if (result.ok) {
    reportWarnings(result.warnings, io, format);
    return { desired: result.desired, warnings: result.warnings };
  }
  reportProblems('validation', result.diagnostics, validationSummary(result.diagnostics), io, format);
  return null;
}

/** The last line of a report of invalid desired state: its errors, and its warnings when it has any. */
export function validationSummary(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => !isWarning(d)).length;
  const warnings = diagnostics.length - errors;
  const also = warnings > 0 ? ` (and ${plural(warnings, 'warning')})` : '';
  return `${plural(errors, 'problem')} found${also}; nothing was sent to any API.`;
}

/** `loadWithWarnings` for the commands that need only the desired state. */
export async function loadOrReport(
  paths: string[],
  io: CliIo,
  flags: LoadFlags = {},
  saved?: SavedPlanPlace,
): Promise<DesiredState | null> {
  return (await loadWithWarnings(paths, io, flags, saved))?.desired ?? null;
}

/**
 * Warnings of valid desired state: each line (at most MAX_PRINTED_PROBLEMS), then `summary` (default: one that
 * says they do not block).
 */
export function reportWarnings(
  warnings: readonly Diagnostic[],
  io: CliIo,
  format: OutputFormat,
  summary = `${plural(warnings.length, 'warning')}, not blocking (--strict makes warnings errors).`,
): void {
  if (warnings.length === 0) return;
  const shown = warnings.slice(0, MAX_PRINTED_PROBLEMS);
  const lines = shown.map((warning) => `${formatDiagnostic(warning)}\n`);
  const more = warnings.length - shown.length;
  if (more > 0) lines.push(`… and ${count(more)} more warnings\n`);
  io.stderr(lines.join(''));
  reportAnnotations(shown, io, format === 'json' ? io.stderr : io.stdout);
  io.stderr(`${summary}\n`);
}

/**
 * Runs a command that plans; desired state that is valid but names a webapp or bot the live service does not have
 * (PlanProblemsError, found while planning, before any write) is reported like validation problems: exit 1.
 */
export async function reportingPlanProblems(
  format: OutputFormat,
  io: CliIo,
  command: () => Promise<ExitCode>,
): Promise<ExitCode> {
  try {
    return await command();
  } catch (error) {
    if (!(error instanceof PlanProblemsError)) throw error;
    reportPlanProblems(error, io, format);
    return EXIT_ERROR;
  }
}

export function reportPlanProblems(error: PlanProblemsError, io: CliIo, format: OutputFormat = 'text'): void {
  const summary = `${plural(error.diagnostics.length, 'problem')} found against live state; nothing was changed.`;
  reportProblems('live-state', error.diagnostics, summary, io, format);
}

/** The problems of the acknowledgements file (`drift --ack`), reported as those of the desired state are. */
export function reportAckProblems(
  diagnostics: readonly Diagnostic[],
  io: CliIo,
  format: OutputFormat = 'text',
): void {
  const summary = `${plural(diagnostics.length, 'problem')} found in the acknowledgements file; nothing was sent to any API.`;
  reportProblems('acknowledgements', diagnostics, summary, io, format);
}

/**
 * Every problem as `file:line:col: EPnnnn message` on stderr, then the summary line; on GitHub Actions each also as an
 * `::error` annotation (on stdout, or on stderr when stdout carries JSON: the runner reads both). With
 * `--format json`, stdout gets the problems document (docs/plan-format.md, "Problems").
 */
function reportProblems(
  stage: ProblemStage,
  diagnostics: readonly Diagnostic[],
  summary: string,
  io: CliIo,
  format: OutputFormat,
): void {
  const shown = diagnostics.slice(0, MAX_PRINTED_PROBLEMS);
  const lines = shown.map((diagnostic) => `${formatDiagnostic(diagnostic)}\n`);
  const more = diagnostics.length - shown.length;
  if (more > 0) lines.push(`… and ${count(more)} more (${MORE_WHERE})\n`);
  io.stderr(lines.join(''));
  reportAnnotations(shown, io, format === 'json' ? io.stderr : io.stdout);
  io.stderr(`${summary}\n`);
  if (format === 'json') io.stdout(problemsJson(stage, diagnostics, summary));
}

/**
 * Problems printed one a line (and as GitHub annotations) at most; the rest are counted. A file of a hundred
 * thousand bad records is refused as fast as one, and its first problems stay in sight; `--format json` lists
 * every one.
 */
export const MAX_PRINTED_PROBLEMS = 500;
const MORE_WHERE = 'not shown; the summary counts them, and --format json lists every one';

/**
 * `{ formatVersion, error, summary, problems: [{ file, line, col, severity, code, message }] }`, problems in report
 * order (`severity`: `error`, or `warning` for a warning that did not block; `code`: the problem's family, EP1xxx).
 */
export function problemsJson(
  stage: ProblemStage,
  diagnostics: readonly Diagnostic[],
  summary: string,
): string {
  const problems = diagnostics.map(problemJson);
  const doc = { formatVersion: PLAN_FORMAT_VERSION, error: stage, summary, problems };
  return `${printableJson(JSON.stringify(doc, null, 2))}\n`;
}

/** One diagnostic as the JSON documents carry it (problems, and the warnings of `validate --format json`). */
export function problemJson({ file, line, col, severity = 'error', code, message }: Diagnostic) {
  return { file, line, col, severity, code, message };
}
