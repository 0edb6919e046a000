/**
 * What is wrong with an account file that does not parse, and where, without a byte of its content: the emulator's
 * seed and state files hold the account's passwords and client secrets, and the parsers' own messages quote the
 * text around the error (V8's JSON.parse quotes the start of the file, `yaml` prints the offending line).
 */
import { type ParseErrorCode, printParseErrorCode, visit } from 'jsonc-parser';
import { YAMLError } from 'yaml';

/** `not valid JSON at line L, column C (what)`, 1-based, for a text JSON.parse refused. */
export function jsonSyntaxProblem(text: string): string {
  let first: { code: ParseErrorCode; line: number; column: number } | undefined;
  // JSON.parse has refused the text already: this pass only locates the first error, in JSON's own grammar.
  visit(
    text,
    {
      onError: (code, _offset, _length, line, column) => {
        first ??= { code, line, column };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  if (!first) return 'not valid JSON';
  return `not valid JSON at line ${first.line + 1}, column ${first.column + 1} (${words(printParseErrorCode(first.code))})`;
}

/** `not valid YAML at line L, column C (what)` for an error of the `yaml` package; any other error by its kind. */
export function yamlSyntaxProblem(error: unknown): string {
  if (!(error instanceof YAMLError)) return `not readable (${error instanceof Error ? error.name : 'error'})`;
  const where = error.linePos?.[0];
  const at = where ? ` at line ${where.line}, column ${where.col}` : '';
  return `not valid YAML${at} (${words(error.code)})`;
}

/** `CloseBraceExpected` → `close brace expected`, `BLOCK_AS_IMPLICIT_KEY` → `block as implicit key`. */
function words(code: string): string {
  return code
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}
