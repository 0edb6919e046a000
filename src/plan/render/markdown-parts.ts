import { shownTargetText } from '../../model/shown-provider.js';
import { printable } from '../../model/text.js';
import type { Approval } from '../review-types.js';
import type { ChangeRow, TargetView } from './target-view.js';

/** Pieces of the markdown plan (render-markdown.ts): escaping, the summary table, one target's section. */

/** Targets with more rows than this are collapsed in `<details>`. */
export const DETAILS_THRESHOLD = 15;

/**
 * Text safe in a GitHub table cell and outside code: no HTML, no table breaks, no emphasis, and no line break or
 * other control character (shown as `\n`, `\x1b`: a live name must not start a heading or a `<details>` of its own).
 */
export function cell(text: string): string {
  return printable(text).replace(/[\\|<>*_`[\]#&]/g, (c) => `\\${c}`);
}

function html(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A target in a code span, on one line; inside a table a pipe still needs its backslash, outside it would show. */
export function code(text: string, inTable = true): string {
  const safe = printable(text).replace(/`/g, "'");
  return `\`${inTable ? safe.replace(/\|/g, '\\|') : safe}\``;
}

export const TABLE_HEAD = [
  '| target | create | update | delete | API calls | |',
  '|---|--:|--:|--:|--:|---|',
];

export function tableRow(view: TargetView, flag: string): string {
  const note = view.note ? ` (${cell(view.note)})` : '';
  const { create, update, delete: del } = view.counts;
  return `| ${code(view.text)}${note} | ${create} | ${update} | ${del} | ${view.calls} | ${flag} |`;
}

export function approvalLine(approval: Approval, implicit: string | undefined): string {
  return `- ${code(shownTargetText(approval.target, implicit), false)}: ${cell(approval.message)} (${code(approval.rule, false)})`;
}

const ACTION = { create: 'create', update: 'update', delete: 'delete' } as const;

/** A change as a table row: action (a destructive one flagged), subject, live and planned. */
export function rowLine(row: ChangeRow): string {
  const action = row.destructive ? `⚠️ **${ACTION[row.action]}**` : ACTION[row.action];
  return `| ${action} | ${cell(row.subject)} | ${cell(row.before ?? '')} | ${cell(row.after ?? '')} |`;
}

/**
 * One target: a heading line, then its changes as a table (live vs planned); collapsed in `<details>` when it
 * has more than DETAILS_THRESHOLD rows. `rows` may be fewer than the view's (the size budget): the rest is counted.
 */
export function targetSection(view: TargetView, shown: number, status: string): string {
  const target = view.text;
  const rows = view.rows.slice(0, shown);
  const hidden = view.rows.length - rows.length;
  const calls = `${view.calls} API ${view.calls === 1 ? 'call' : 'calls'}`;
  const parts = (target: string, note: string) =>
    [target, ...(view.note ? [note] : []), calls, ...(status ? [status] : [])].join(' · ');
  const table = ['| | name | live | planned |', '|---|---|---|---|', ...rows.map(rowLine)];
  const more = hidden > 0 ? [`\n_… ${hidden} more changes of this target not shown (size limit)._`] : [];
  const body = `${table.join('\n')}${more.join('')}`;
  if (view.rows.length <= DETAILS_THRESHOLD)
    return `#### ${parts(code(target, false), cell(view.note))}\n\n${body}`;
  const summary = `${parts(`<code>${html(target)}</code>`, html(view.note))} · ${view.rows.length} changes`;
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}
