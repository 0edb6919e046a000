import { type ServedReport, servedHeadline } from '../review/served.js';
import { MARKDOWN_LIMIT } from './markdown.js';
import { cell, code } from './markdown-parts.js';
import { checksOf, desiredText, SERVED_SECTIONS, setLabel } from './served.js';

/**
 * `verify` for an issue or a job summary: the headline, then a table per section (not checked, served differently)
 * with a row per server that is not right: the record set, the server, what is desired, what it does instead. Never
 * longer than MARKDOWN_LIMIT characters: rows that do not fit are left out and counted.
 */
export function renderServedMarkdown(report: ServedReport): string {
  const out = ['## edgeplan verify', servedHeadline(report)];
  let used = out.join('\n\n').length;
  let left = 0;
  for (const { verdict, title } of SERVED_SECTIONS) {
    const checks = checksOf(report, verdict);
    if (checks.length === 0) continue;
    const table = [`### ${title}`, '', '| record set | server | desired | served |', '|---|---|---|---|'];
    used += table.join('\n').length + 2;
    for (const check of checks) {
      const wrong = check.answers.filter((a) => a.verdict !== 'served');
      const rows = check.answers.length === 0 ? [{ server: '', why: 'no name server to ask' }] : wrong;
      for (const answer of rows) {
        const line = `| ${code(setLabel(check, report.implicitProvider))} | ${cell(answer.server)} | ${cell(desiredText(check))} | ${cell(answer.why ?? '')} |`;
        if (left === 0 && used + line.length + 1 <= MARKDOWN_LIMIT - 500) {
          table.push(line);
          used += line.length + 1;
        } else left += 1;
      }
    }
    out.push(table.join('\n'));
  }
  if (report.notAsked.length > 0)
    out.push(
      report.notAsked
        .map((set) => `- ${code(`${set.fqdn} ${set.type}`, false)}: ${cell(set.why)}`)
        .join('\n'),
    );
  if (left > 0) out.push(`_${left} more rows left out; the text and JSON reports have them all._`);
  return `${out.join('\n\n')}\n`;
}
