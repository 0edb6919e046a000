/** Where a desired value was written, so that problems found later (even against live state) point into the YAML. */
export interface SourcePosition {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  col: number;
}

/** A problem in the desired state, located in the file it came from. */
export interface Diagnostic extends SourcePosition {
  message: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.message}`;
}

/** Stable report order: by file, then position, then message. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message),
  );
}
