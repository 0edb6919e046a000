import { count } from '../../model/text.js';
import { shortDigest } from '../review/ack-match.js';
import { ackText, type DriftReport, driftHeadline } from '../review/drift.js';
import { ackHint, DRIFT_SECTIONS, driftGroups, lastPublishLines, unusedText } from './drift.js';
import { MARKDOWN_LIMIT } from './markdown.js';
import { cell, code } from './markdown-parts.js';
import { changeRows } from './target-view.js';

/** Kept free for the closing lines (unused acknowledgements, the hint, the note on what was left out). */
const RESERVE = 2_000;

/**
 * Drift for an issue or a job summary (pure): the headline, then one table per status (not acknowledged,
 * acknowledged but expired, acknowledged), a row per value-level change with live and desired values and, for a
 * change that fails, its short digest; for an acknowledged one, its acknowledgement. Never longer than
 * MARKDOWN_LIMIT characters: rows that do not fit are left out in report order and counted.
 */
export function renderDriftMarkdown(report: DriftReport): string {
  const out = ['## edgeplan drift', driftHeadline(report)];
  let used = out.join('\n\n').length;
  let left = 0;
  for (const { status, title } of DRIFT_SECTIONS) {
    const groups = driftGroups(report, status);
    if (groups.length === 0) continue;
    const last = status === 'drift' ? 'digest' : 'acknowledgement';
    const table = [
      `### ${title}`,
      '',
      `| target | change | live | desired | ${last} |`,
      '|---|---|---|---|---|',
    ];
    used += table.join('\n').length + 2;
    for (const group of groups) {
      for (const change of group.changes) {
        changeRows(change.change).forEach((row, index) => {
          const note =
            group.ack !== undefined
              ? cell(ackText(group.ack, status))
              : index === 0
                ? code(shortDigest(change.digest))
                : '';
          const line = `| ${code(group.target)} | ${cell(row.subject)} | ${cell(row.before ?? '')} | ${cell(row.after ?? '')} | ${note} |`;
          if (left === 0 && used + line.length + 1 <= MARKDOWN_LIMIT - RESERVE) {
            table.push(line);
            used += line.length + 1;
          } else left += 1;
        });
      }
    }
    out.push(table.join('\n'));
  }
  const published = lastPublishLines(report);
  if (published.length > 0)
    out.push([published[0], ...published.slice(1).map((line) => `- ${cell(line.trim())}`)].join('\n'));
  const unused = report.unusedAcks.map((ack) => `- ${cell(unusedText(ack))}`);
  if (unused.length > 0) out.push(['Unused acknowledgements:', ...unused].join('\n'));
  const notes = report.notes.map((note) => `- ${cell(note)}`);
  if (notes.length > 0) out.push(['Notes:', ...notes].join('\n'));
  const hint = ackHint(report);
  if (hint) out.push(`To acknowledge a change, add an entry to the ack file, e.g. ${code(hint, false)}`);
  if (left > 0)
    out.push(
      `> **Not everything is shown:** this output stays under ${count(MARKDOWN_LIMIT)} characters, so ${left} more ${left === 1 ? 'row is' : 'rows are'} left out. See all of it with \`edgeplan drift --format json\`.`,
    );
  return `${out.join('\n\n')}\n`;
}
