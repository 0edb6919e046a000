import type { Change, RecordSetChange } from '../../model/change.js';
import { shownName } from '../../model/idn.js';
import { sourceText } from '../../model/provenance.js';
import { shownOn } from '../../model/shown-provider.js';
import { TARGET_KINDS, type Target, type TargetKind, targetText } from '../../model/target.js';
import { plural, printable } from '../../model/text.js';
import { changesByTarget, isChangeOf } from '../diff/change-kinds.js';
import { type Plan, planHasChanges, type ZoneHeader } from '../types.js';
import { answerNoteLines } from './answer-notes.js';
import { changedSinceLine } from './changed-since.js';
import { type ApplyPace, durationLines } from './duration.js';
import { LEFT_ALONE_HEAD, leftAloneLines } from './left-alone-lines.js';
import { callsByTarget, type TargetView, targetViews, totals } from './target-view.js';
import { groupFrom, groupHeading, templateGroups } from './template-groups.js';
import { type Colors, escapingColors, geoLines, secondaryLines } from './text-services.js';
import { wafPlanLines, wafSummaryLine } from './text-waf.js';
import { keptParts, manageParts, recordSetText, recordSetUpdateParts, zoneValueText } from './values.js';

export interface TextRenderOptions {
  /** ANSI colours; the CLI decides from the TTY, NO_COLOR and --no-color. */
  color: boolean;
  /** The rate budgets the apply will be paced to: the plan then states how long its apply takes (duration.ts). */
  paces?: readonly ApplyPace[];
}

export const NO_CHANGES_TEXT = 'No changes. Live state matches the desired state.';

/**
 * The plan for people, one line per changed record set (its type and values), ending with a newline:
 *
 *   example.com (serial 41, 4 API calls)
 *     + api.example.com A ttl 3600 192.0.2.20, 192.0.2.21
 *     - old.example.com A ttl 300 192.0.2.9
 *     ~ www.example.com A ttl 300→60, +192.0.2.3, −192.0.2.1
 *     + www.example.com TXT ttl 300 "v=spf1 -all"
 *
 *   Plan: 2 to create, 1 to update, 1 to delete in 1 zone (1 publish).
 *
 * The header counts the API calls the apply will make in the zone (its ops, publish included), and names the DNS
 * provider under `providers:` (`example.com on pdns (serial …)`) and a `manage: declared` zone's mode. An update shows only
 * what changes: the TTL when it changes (or when the live TTLs are mixed), added and removed (U+2212) values, and the
 * values another tool owns that it writes back (`kept …`).
 * Secondary zones, geo services and webapps follow (text-services.ts, text-waf.ts), then the live records the plan
 * leaves alone (left-alone-lines.ts; a plan without changes lists them too). Every line that holds a live name or
 * value is escaped (model/text.ts `printable`): through the colours (escapingColors), or on its own where it has
 * no colour (the left-alone list, the notes), so a terminal shows what the service holds and is driven by none of
 * it. The summary counts every change by action, as `plan.summary` and the markdown plan do, and names the
 * targets by kind; the apply's expected duration at each budget follows it. A plan made with `--changed-since`
 * opens with the targets it left out (changed-since.ts).
 */
export function renderPlanText(plan: Plan, options: TextRenderOptions): string {
  const notes = noteLines(plan);
  const left = leftAloneLines(plan);
  const leftAlone =
    left.length > 0 ? ['', LEFT_ALONE_HEAD, ...left.map((line) => `  ${printable(line)}`)] : [];
  const since = changedSinceLine(plan);
  const header = since === null ? [] : [printable(since), ''];
  if (!planHasChanges(plan)) return `${[...header, NO_CHANGES_TEXT, ...notes, ...leftAlone].join('\n')}\n`;
  const c = escapingColors(options.color);
  const calls = callsByTarget(plan);
  const byZone = new Map(
    changesByTarget(plan.changes).flatMap(({ target, changes }) =>
      target.kind === 'zone' ? [[targetText(target), changes] as const] : [],
    ),
  );
  const zones = plan.zones.flatMap((zone) =>
    zoneLines(zone, byZone.get(targetText(zoneTarget(zone))) ?? [], calls, c, plan.implicitProvider),
  );
  const services = [...secondaryLines(plan, c), ...geoLines(plan, calls, c)];
  const body = [
    ...header,
    ...groupLines(plan),
    ...zones,
    ...services,
    ...wafPlanLines(plan, calls, c),
    ...leftAlone,
  ];
  const waf = wafSummaryLine(plan);
  const summary = [summaryLine(plan, targetViews(plan)), ...(waf ? [waf] : [])];
  const answered = answerNoteLines(plan);
  const noted = answered.length > 0 ? ['', ...answered.map(printable)] : [];
  return `${[...body, ...noted, '', ...summary, ...durationLines(plan, options.paces ?? []), ...notes].join('\n')}\n`;
}

function zoneLines(
  zone: ZoneHeader,
  changes: readonly Change[],
  calls: ReadonlyMap<string, number>,
  c: Colors,
  implicit: string | undefined,
): string[] {
  const state = zone.serial === null ? 'new zone' : `serial ${zone.serial}`;
  const count = calls.get(targetText(zoneTarget(zone))) ?? 0;
  const on = shownOn(zone.provider, implicit);
  const parts = [state, ...manageParts(zone.manage), plural(count, 'API call')];
  return [
    c.bold(`${zone.zone}${on} (${parts.join(', ')})`),
    ...changes.map((change) => `  ${zoneChangeLine(change, c)}`),
  ];
}

function zoneTarget(zone: ZoneHeader): Target {
  return { kind: 'zone', name: zone.zone, provider: zone.provider };
}

function zoneChangeLine(change: Change, c: Colors): string {
  if (isChangeOf(change, 'zone') && change.after)
    return c.green(`+ zone ${change.address.zone} ${zoneValueText(change.after)}`);
  if (isChangeOf(change, 'record-set')) return recordSetLine(change, c);
  throw new Error(`renderPlanText: a ${change.action} of ${change.address.kind} lacks its values`);
}

/**
 * Each template's changes counted, with where its values were written (template-groups.ts), before the zones: the
 * decision a reviewer weighs once. None when no change came through a template.
 */
function groupLines(plan: Plan): string[] {
  return templateGroups(plan.changes).flatMap((group) => [
    printable(groupHeading(group)),
    printable(`  ${groupFrom(group)}`),
    '',
  ]);
}

function recordSetLine(change: RecordSetChange, c: Colors): string {
  const line = changeLine(change, c);
  return change.provenance ? `${line} ${printable(`(from ${sourceText(change.provenance)})`)}` : line;
}

function changeLine(change: RecordSetChange, c: Colors): string {
  const name = `${shownName(change.address.fqdn)} ${change.address.type}`;
  const { before, after } = change;
  if (change.action === 'create' && after) return c.green(`+ ${name} ${recordSetText(after)}`);
  if (change.action === 'delete' && before) return c.red(`- ${name} ${recordSetText(before)}`);
  if (before && after)
    return c.yellow(
      `~ ${name} ${[...recordSetUpdateParts(before, after, change.address.type), ...keptParts(change.kept)].join(', ')}`,
    );
  throw new Error(`renderPlanText: ${change.action} of ${name} lacks its before/after value`);
}

/** `Note: …` per plan note, after everything else (also after "No changes."), escaped as a line of its own. */
export function noteLines(plan: { notes?: readonly string[] }): string[] {
  return (plan.notes ?? []).map((note) => printable(`Note: ${note}`));
}

const KIND_WORDS: Readonly<Record<TargetKind, [string, string]>> = {
  zone: ['zone', 'zones'],
  secondary: ['secondary zone', 'secondary zones'],
  geo: ['geo service', 'geo services'],
  webapp: ['webapp', 'webapps'],
};

/** `Plan: 2 to create, 1 to update, 1 to delete in 2 zones and 1 geo service (2 publishes).` */
function summaryLine(plan: Plan, views: readonly TargetView[]): string {
  const total = totals(views);
  const kinds = TARGET_KINDS.flatMap((kind) => {
    const n = views.filter((view) => view.target.kind === kind).length;
    const [one, many] = KIND_WORDS[kind];
    return n > 0 ? [plural(n, one, many)] : [];
  });
  const where =
    kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : (kinds[0] ?? 'nothing');
  const publishes = plan.summary.zones > 0 ? ` (${plural(plan.summary.zones, 'publish', 'publishes')})` : '';
  return `Plan: ${total.create} to create, ${total.update} to update, ${total.delete} to delete in ${where}${publishes}.`;
}
