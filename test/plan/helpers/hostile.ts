import fc from 'fast-check';
import { hasUnprintable } from '../../../src/model/text.js';

/**
 * Strings a server may hold where a name or a value is expected: terminal sequences (ESC, CSI, an OSC that sets the
 * title or the clipboard, BEL, NUL, backspace, DEL, C1 controls), line breaks, bidirectional overrides, and what
 * breaks markdown (backticks, pipes, backslashes, HTML, a heading), mixed with any other characters.
 */
const PIECES = [
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u001b',
  '\u001b[2J',
  '\u001b]0;pwned\u0007',
  '\u001b]52;c;aGk=\u001b\\',
  '\u007f',
  '\u0085',
  '\u009b31m',
  '\u009d',
  '\u202e',
  '\u2028',
  '\u2066',
  '`',
  '``',
  '|',
  '\\',
  '\\|',
  '<details>',
  '\n# all good\n',
  '*',
  '_',
  '[x](y)',
];

export const hostileText: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 3 })), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(''));

/** Control characters other than the line breaks a renderer itself puts between lines (model/text.ts). */
export function hasControl(text: string): boolean {
  return hasUnprintable(text.replaceAll('\n', ''));
}

/**
 * The problems of a markdown document that live text could cause: a table row whose cells are not its header's
 * (a pipe is no delimiter when a backslash stands right before it, as GitHub splits rows), and a line that leaves a
 * code span open (outside code a backslash escapes the next character; inside, nothing does: CommonMark §6.1).
 */
export function markdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  let header: number | undefined;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      header = undefined;
    } else if (header === undefined) {
      header = delimiters(line);
    } else if (delimiters(line) !== header) {
      problems.push(`a row of ${delimiters(line) - 1} cells under a header of ${header - 1}: ${line}`);
    }
    if (opensCode(line)) problems.push(`an open code span: ${line}`);
  }
  return problems;
}

function delimiters(row: string): number {
  return [...row.matchAll(/(?<!\\)\|/g)].length;
}

function opensCode(line: string): boolean {
  let inCode = false;
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    if (!inCode && char === '\\') i += 1;
    else if (char === '`') inCode = !inCode;
  }
  return inCode;
}
