import type { Diagnostic } from '../../model/diagnostic.js';
import { type Target, targetText } from '../../model/target.js';
import { count } from '../../model/text.js';
import { type Plan, planHasChanges } from '../types.js';
import { answerNotesMarkdown } from './answer-notes.js';
import { changedSinceLine } from './changed-since.js';
import { LEFT_ALONE_HEAD, leftAloneLines } from './left-alone-lines.js';
import { approvalLine, cell, TABLE_HEAD, tableRow, targetSection } from './markdown-parts.js';
import { warningsSection } from './markdown-warnings.js';
import { type TargetView, targetViews, totals } from './target-view.js';
import { changeTemplate, templateGroups } from './template-groups.js';
import { templateSection } from './template-markdown.js';
import { NO_CHANGES_TEXT } from './text.js';
import { wafSummaryLine } from './text-waf.js';

/** GitHub refuses comments over 65,536 characters; the markdown never exceeds this, whatever the plan's size. */
export const MARKDOWN_LIMIT = 60_000;
/** The summary table takes at most this share of the budget, so that large accounts still show some changes. */
const TABLE_SHARE = 0.4;
/** Kept free for the note on what was left out and the closing lines. */
const RESERVE = 1_000;

export interface MarkdownOptions {
  /** Heading; default `edgeplan plan`. */
  title?: string;
  /** Paragraphs after the heading (drift: what is acknowledged or expired). */
  intro?: string[];
  /** Text shown beside a target in the table and its section (drift: `acknowledged until …`). */
  status?: (target: Target) => string;
  /** Where to see everything when the output is cut; default: the JSON plan. */
  fullOutputHint?: string;
  /** The desired state's lint warnings (markdown-warnings.ts), shown after the heading; default none. */
  warnings?: readonly Diagnostic[];
}

const DEFAULT_HINT =
  'See every change with `edgeplan plan --format json`, or in the `plan.json` uploaded with this run.';

/**
 * The plan for a pull-request comment or a job summary (pure, deterministic): a summary table per target
 * (creates, updates, deletes, API calls, whether it needs approval), the changes needing approval, then per target
 * its value-level changes, live vs planned, destructive deletes flagged; a target with many changes is collapsed
 * in `<details>`. Never longer than MARKDOWN_LIMIT characters: when the plan does not fit, table rows, targets and
 * rows are left out in plan order, and a closing note says how many and where to see all of them.
 */
export function renderPlanMarkdown(plan: Plan, options: MarkdownOptions = {}): string {
  const head = [
    `## ${options.title ?? 'edgeplan plan'}`,
    ...(options.intro ?? []),
    ...warningsSection(options.warnings ?? []),
  ];
  const notes = (plan.notes ?? []).map((note) => `- ${cell(note)}`);
  const notesPart = notes.length > 0 ? [['Notes:', ...notes].join('\n')] : [];
  const leftAlone = leftAloneSection(plan);
  if (!planHasChanges(plan))
    return `${[...head, ...(options.intro ? [] : [NO_CHANGES_TEXT]), ...sinceLines(plan), ...notesPart, ...leftAlone].join('\n\n')}\n`;
  const views = targetViews(plan);
  const approvals = plan.needsApproval ?? [];
  const needing = new Set(approvals.map((a) => targetText(a.target)));
  const status = (target: Target) =>
    [options.status?.(target) ?? '', needing.has(targetText(target)) ? '⚠️ needs approval' : '']
      .filter(Boolean)
      .join(', ');
  const waf = wafSummaryLine(plan);
  const footer = [...(waf ? [cell(waf)] : []), ...leftAlone];

  const out: string[] = [...head, summaryLine(views, approvals.length), ...sinceLines(plan)];
  let used = out.join('\n\n').length + footer.join('\n\n').length;
  const fits = (text: string, limit = MARKDOWN_LIMIT - RESERVE) => used + text.length + 2 <= limit;
  const push = (text: string) => {
    out.push(text);
    used += text.length + 2;
  };
  const left: Omitted = { approvals: 0, tableRows: 0, targets: 0, changes: 0 };

  if (approvals.length > 0) {
    const lines = [
      '### ⚠️ Needs approval',
      '`apply` refuses these changes unless `--allow-unsafe` is given:',
      '',
    ];
    for (const approval of approvals) {
      const line = approvalLine(approval, plan.implicitProvider);
      if (fits(`${lines.join('\n')}\n${line}`)) lines.push(line);
      else left.approvals += 1;
    }
    push(lines.join('\n'));
  }

  // Few and short: the notes are shown whole, before the table, like the approvals.
  const answered = answerNotesMarkdown(plan);
  if (answered && fits(answered)) push(answered);

  const table = [...TABLE_HEAD];
  const tableLimit = used + MARKDOWN_LIMIT * TABLE_SHARE;
  for (const view of views) {
    const row = tableRow(view, status(view.target));
    if (left.tableRows === 0 && fits(`${table.join('\n')}\n${row}`, tableLimit)) table.push(row);
    else left.tableRows += 1;
  }
  if (left.tableRows > 0) table.push(`| … ${left.tableRows} more targets | | | | | |`);
  push(table.join('\n'));

  push('### Changes');
  // A template's changes are one block each; the zones' sections show the rest (template-groups.ts).
  const groups = templateGroups(plan.changes);
  for (const group of groups) {
    const section = templateSection(group);
    if (fits(section)) push(section);
    else left.changes += group.changes;
  }
  const sections =
    groups.length === 0
      ? views
      : targetViews({
          ...plan,
          changes: plan.changes.filter((change) => changeTemplate(change) === undefined),
        });
  let exhausted = false;
  for (const view of sections) {
    if (exhausted) {
      left.targets += 1;
      left.changes += view.rows.length;
      continue;
    }
    const shown = largestFit(view, status(view.target), (text) => fits(text));
    if (shown > 0) push(targetSection(view, shown, status(view.target)));
    if (shown === view.rows.length) continue;
    exhausted = true;
    left.changes += view.rows.length - shown;
    if (shown === 0) left.targets += 1;
  }
  const note = omissionNote(left, options.fullOutputHint ?? DEFAULT_HINT);
  return `${[...out, ...notesPart, ...(note ? [note] : []), ...footer].join('\n\n')}\n`;
}

/**
 * The live records left alone (left-alone-lines.ts), every one named; kept with the footer, so that the changes
 * give way before it when the comment would be too long.
 */
function leftAloneSection(plan: Plan): string[] {
  const lines = leftAloneLines(plan);
  if (lines.length === 0) return [];
  return [
    `### Left alone\n\n${cell(LEFT_ALONE_HEAD)}\n\n${lines.map((line) => `- ${cell(line)}`).join('\n')}`,
  ];
}

/** The most rows of `view` whose section fits (binary search; a section grows with its rows). */
function largestFit(view: TargetView, status: string, fits: (text: string) => boolean): number {
  if (fits(targetSection(view, view.rows.length, status))) return view.rows.length;
  let low = 0;
  let high = view.rows.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(targetSection(view, mid, status))) low = mid;
    else high = mid - 1;
  }
  return low > 0 && fits(targetSection(view, low, status)) ? low : 0;
}

interface Omitted {
  approvals: number;
  tableRows: number;
  /** Targets left out entirely; a target cut part-way counts only its hidden changes. */
  targets: number;
  changes: number;
}

/** `**3 targets change**: 4 to create, 1 to update, 2 to delete. 1 change needs approval.` */
function summaryLine(views: readonly TargetView[], approvals: number): string {
  const total = totals(views);
  const targets = `${views.length} ${views.length === 1 ? 'target changes' : 'targets change'}`;
  const needs =
    approvals === 0
      ? ''
      : ` ${approvals} ${approvals === 1 ? 'change needs' : 'changes need'} approval (\`apply --allow-unsafe\`).`;
  return `**${targets}**: ${total.create} to create, ${total.update} to update, ${total.delete} to delete.${needs}`;
}

function omissionNote(left: Omitted, hint: string): string | null {
  const parts = [
    ...(left.changes > 0
      ? [
          `${left.changes} ${left.changes === 1 ? 'change' : 'changes'}${left.targets > 0 ? ` (${left.targets} whole targets)` : ''}`,
        ]
      : []),
    ...(left.tableRows > 0 ? [`${left.tableRows} rows of the summary table`] : []),
    ...(left.approvals > 0 ? [`${left.approvals} of the changes needing approval`] : []),
  ];
  if (parts.length === 0) return null;
  return `> **Not everything is shown:** this output stays under ${count(MARKDOWN_LIMIT)} characters, so ${parts.join(', ')} ${parts.length === 1 && left.changes === 1 ? 'is' : 'are'} left out. ${hint}`;
}

/** `plan --changed-since`: the targets left out, as a quote under the summary (changed-since.ts). */
function sinceLines(plan: Plan): string[] {
  const line = changedSinceLine(plan);
  return line === null ? [] : [`> ${cell(line)}`];
}
