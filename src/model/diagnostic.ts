/** A problem in the desired state, located in the file it came from. Lines and columns are 1-based. */
export interface Diagnostic {
  file: string;
  line: number;
  col: number;
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
