import { describePublish } from '../../model/audit-note.js';
import { targetText } from '../../model/target.js';
import { printable } from '../../model/text.js';
import type { DriftReport } from '../review/drift.js';
import { driftHeadline, statusText } from '../review/drift.js';
import type { Plan } from '../types.js';
import { renderPlanJson } from './json.js';
import { changeRows } from './target-view.js';

/** Text: the headline, then per target its status and each change as live → desired; control characters escaped. */
export function renderDriftText(report: DriftReport): string {
  const lines = [driftHeadline(report)];
  for (const target of report.targets) {
    lines.push(`  ${targetText(target.target)}: ${statusText(target)}`);
    if (target.lastPublish !== undefined)
      lines.push(`      last publish: ${describePublish(target.lastPublish)}`);
    for (const row of target.changes.flatMap(changeRows)) {
      lines.push(
        `      ${row.subject}: live ${row.before ?? '(absent)'} → desired ${row.after ?? '(absent)'}`,
      );
    }
  }
  for (const ack of report.unusedAcks)
    lines.push(`Unused acknowledgement: ${ack.target} (no drift there; remove it)`);
  return `${lines.map(printable).join('\n')}\n`;
}

/** The drift JSON's format: 2 since targets are typed and carry the plan's change envelopes. */
export const DRIFT_FORMAT_VERSION = 2;

/** JSON: the report, then the plan it was read from (plan.json format), keys in the plan's canonical order. */
export function renderDriftJson(report: DriftReport, plan: Plan): string {
  const doc = {
    formatVersion: DRIFT_FORMAT_VERSION,
    inSync: report.inSync,
    failing: report.failing,
    targets: report.targets,
    unusedAcks: report.unusedAcks,
    plan: JSON.parse(renderPlanJson(plan)),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
