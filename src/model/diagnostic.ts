import { compareStrings } from './compare.js';
import type { ProblemCode } from './error-codes.js';
import { printable, shortened } from './text.js';

/** Where a desired value was written, so that problems found later (even against live state) point into the YAML. */
export interface SourcePosition {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  col: number;
}

/** Where a problem is reported when the desired value it is about was built in code, not read from YAML. */
export const UNPLACED: SourcePosition = { file: '<desired state>', line: 0, col: 0 };

/**
 * How much a diagnostic weighs: an `error` stops the command before any call; a `warning` is printed and never
 * blocks (unless `--strict` or `settings.lint.strict` makes it an error: config/lints/lint-strictness.ts).
 */
export type Severity = 'error' | 'warning';

/**
 * A problem in the desired state, located in the file it came from. Without `severity`, an error. `code` names its
 * family (model/error-codes.ts, EP1xxx): stable whatever the message's wording.
 */
export interface Diagnostic extends SourcePosition {
  code: ProblemCode;
  message: string;
  severity?: Severity;
}

export function isWarning(d: Diagnostic): boolean {
  return d.severity === 'warning';
}

/** A message longer than this is shown shortened in its middle: a value it quotes may be megabytes long. */
export const MAX_SHOWN_MESSAGE = 600;

/**
 * `file:line:col: EP1007 message` as people read it (`file:line:col: warning: EP1404 message` for a warning), the
 * code first so that a search finds every problem of its family: control characters
 * escaped (a YAML value or a live name may hold terminal escapes or line breaks), an over-long message shortened
 * (model/text.ts).
 */
export function formatDiagnostic(d: Diagnostic): string {
  const label = isWarning(d) ? 'warning: ' : '';
  return `${printable(d.file)}:${d.line}:${d.col}: ${label}${d.code} ${shownMessage(d.message)}`;
}

/** The message of a diagnostic as `formatDiagnostic` shows it, for other outputs (CI annotations). */
export function shownMessage(message: string): string {
  return shortened(printable(message), MAX_SHOWN_MESSAGE);
}

/** Stable report order: by file, then position, then message. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compareStrings(a.file, b.file) ||
      a.line - b.line ||
      a.col - b.col ||
      compareStrings(a.message, b.message),
  );
}

/**
 * Appends `items` to `into` one at a time. `into.push(...items)` passes every item as an argument, which overflows
 * the call stack for a list of about a hundred thousand (the problems of a zone of bad records).
 */
export function pushAll<T>(into: T[], items: Iterable<T>): void {
  for (const item of items) into.push(item);
}
