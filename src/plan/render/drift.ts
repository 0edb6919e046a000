import type { Acknowledgement } from '../../model/acknowledgement.js';
import { describePublish } from '../../model/audit-note.js';
import { shownJson, shownTargetText } from '../../model/shown-provider.js';
import { printable, printableJson } from '../../model/text.js';
import { ackTargetOf, shortDigest } from '../review/ack-match.js';
import {
  ackText,
  type DriftChange,
  type DriftReport,
  type DriftStatus,
  driftHeadline,
} from '../review/drift.js';
import { withUnicodeForms } from '../review/unicode-names.js';
import type { Plan } from '../types.js';
import { renderPlanJson } from './json.js';
import { changeRows } from './target-view.js';
import { noteLines } from './text.js';

/** The sections of a drift report, in the order they are shown: what fails first. */
export const DRIFT_SECTIONS: readonly { status: DriftStatus; title: string }[] = [
  { status: 'drift', title: 'Not acknowledged' },
  { status: 'expired', title: 'Acknowledgement expired' },
  { status: 'acknowledged', title: 'Acknowledged' },
];

/** The changes of one status, grouped by target and the acknowledgement that applies, in report order. */
export function driftGroups(
  report: DriftReport,
  status: DriftStatus,
): { target: string; ack?: Acknowledgement; changes: DriftChange[] }[] {
  const groups: { target: string; ack?: Acknowledgement; changes: DriftChange[] }[] = [];
  for (const target of report.targets) {
    for (const change of target.changes) {
      if (change.status !== status) continue;
      const text = shownTargetText(target.target, report.implicitProvider);
      const last = groups.at(-1);
      if (last && last.target === text && last.ack === change.ack) last.changes.push(change);
      else groups.push({ target: text, ...(change.ack ? { ack: change.ack } : {}), changes: [change] });
    }
  }
  return groups;
}

/**
 * Text: the headline, then the changes not acknowledged, those whose acknowledgement expired, and the
 * acknowledged ones, each as live → desired; a change that fails shows its short digest, and a closing hint shows
 * how to acknowledge one.
 */
export function renderDriftText(report: DriftReport): string {
  const lines = [driftHeadline(report)];
  for (const { status, title } of DRIFT_SECTIONS) {
    const groups = driftGroups(report, status);
    if (groups.length === 0) continue;
    lines.push(`${title}:`);
    for (const group of groups) {
      lines.push(`  ${group.target}${group.ack ? `: ${ackText(group.ack, status)}` : ''}`);
      for (const change of group.changes) lines.push(...changeLines(change));
    }
  }
  lines.push(...lastPublishLines(report));
  for (const ack of report.unusedAcks) lines.push(`Unused acknowledgement: ${unusedText(ack)}`);
  lines.push(...noteLines(report));
  const hint = ackHint(report);
  if (hint) lines.push('To acknowledge a change, add an entry to the ack file, e.g.', `  ${hint}`);
  return `${lines.map(printable).join('\n')}\n`;
}

/**
 * `Last publishes:`, then per zone whose notes were read where its last publish came from, and per zone whose notes
 * could not be read, why.
 */
export function lastPublishLines(report: DriftReport): string[] {
  const lines = report.targets.flatMap((t) => {
    const where = `  ${shownTargetText(t.target, report.implicitProvider)}: `;
    if (t.lastPublishNotRead !== undefined)
      return [`${where}could not be read from the zone notes (${t.lastPublishNotRead})`];
    return t.lastPublish === undefined ? [] : [`${where}${describePublish(t.lastPublish)}`];
  });
  return lines.length === 0 ? [] : ['Last publishes:', ...lines];
}

function changeLines(change: DriftChange): string[] {
  return changeRows(change.change).map((row, index) => {
    const digest = index === 0 && change.status !== 'acknowledged' ? ` [${shortDigest(change.digest)}]` : '';
    return `      ${row.subject}: live ${row.before ?? '(absent)'} → desired ${row.after ?? '(absent)'}${digest}`;
  });
}

/** `zone:example.com/old A (ack.yaml:3:5): no drift there; remove it`. */
export function unusedText(ack: Acknowledgement): string {
  const digest = ack.digest ? ` ${ack.digest}` : '';
  const at = ack.at ? ` (${ack.at.file}:${ack.at.line}:${ack.at.col})` : '';
  return `${ack.target}${digest}${at}: no drift there; remove it`;
}

/** An ack-file entry for the first failing change, ready to copy; null when nothing fails. */
export function ackHint(report: DriftReport): string | null {
  const failing = report.targets.flatMap((t) => t.changes).find((c) => c.status !== 'acknowledged');
  if (!failing) return null;
  const target = JSON.stringify(ackTargetOf(failing.change, report.implicitProvider));
  const digest = JSON.stringify(shortDigest(failing.digest));
  return `- { target: ${target}, digest: ${digest}, reason: "…", owner: "…", expires: YYYY-MM-DD }`;
}

/**
 * The drift JSON's format: 3 since each change carries its own status, digest and acknowledgement (2: typed
 * targets with the plan's change envelopes, one status per target).
 */
export const DRIFT_FORMAT_VERSION = 3;

/**
 * JSON: the report, then the plan it was read from (plan.json format), keys in the plan's canonical order.
 * `wafNotRead` (the CLI's paragraph on a spent WAF budget) says the report covers the DNS part only: then nothing
 * is known to be in sync, so `inSync` is false whatever the DNS part says.
 */
export function renderDriftJson(report: DriftReport, plan: Plan, wafNotRead?: string): string {
  const doc = {
    formatVersion: DRIFT_FORMAT_VERSION,
    inSync: report.inSync && wafNotRead === undefined,
    failing: report.failing,
    ...(wafNotRead === undefined ? {} : { wafNotRead }),
    counts: report.counts,
    targets: shownJson(report.targets, report.implicitProvider).map((target) => ({
      target: target.target,
      status: target.status,
      ...(target.lastPublish === undefined ? {} : { lastPublish: target.lastPublish }),
      ...(target.lastPublishNotRead === undefined ? {} : { lastPublishNotRead: target.lastPublishNotRead }),
      changes: target.changes.map(({ change, digest, status, ack }) => ({
        ...change,
        address: withUnicodeForms(change.address),
        status,
        digest,
        ...(ack ? { ack: ackJson(ack) } : {}),
      })),
    })),
    unusedAcks: report.unusedAcks.map(ackJson),
    ...(report.notes.length > 0 ? { notes: report.notes } : {}),
    plan: JSON.parse(renderPlanJson(plan)),
  };
  return `${printableJson(JSON.stringify(doc, null, 2))}\n`;
}

/** An acknowledgement as the file wrote it, without its position. */
function ackJson({ at: _at, ...ack }: Acknowledgement): Omit<Acknowledgement, 'at'> {
  return ack;
}
