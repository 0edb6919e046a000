import { type Diagnostic, shownMessage } from '../../model/diagnostic.js';
import { plural } from '../../model/text.js';
import { cell, code } from './markdown-parts.js';

/**
 * At most this many warnings are listed in the markdown plan (each is at most MAX_SHOWN_MESSAGE characters), so
 * that the section never takes the comment's budget; the rest are counted.
 */
export const MARKDOWN_WARNINGS = 20;

/**
 * The lint warnings of the desired state (docs/lints.md), as the text output prints them on stderr: each with its
 * place (`file:line:col`, in code), code (EPnnnn) and message (shortened as the text output shortens it), then a line saying they do not block. Empty without warnings. A
 * pull-request comment is read by people who never see stderr, so the markdown plan carries them.
 */
export function warningsSection(warnings: readonly Diagnostic[]): string[] {
  if (warnings.length === 0) return [];
  const shown = warnings
    .slice(0, MARKDOWN_WARNINGS)
    .map(
      (warning) =>
        `- ${code(`${warning.file}:${warning.line}:${warning.col}`, false)} ${warning.code} ${cell(shownMessage(warning.message))}`,
    );
  const more = warnings.length - shown.length;
  const tail =
    more > 0 ? [`- … and ${plural(more, 'more warning')} (\`edgeplan validate\` lists every one)`] : [];
  const closing = `${plural(warnings.length, 'warning')}, not blocking (\`--strict\` makes warnings errors).`;
  return [`### Warnings\n\n${[...shown, ...tail].join('\n')}\n\n${closing}`];
}
