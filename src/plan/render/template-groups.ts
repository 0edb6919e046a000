import type { Change, RecordSetChange } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import { shownName } from '../../model/idn.js';
import { templateOf } from '../../model/provenance.js';
import { plural } from '../../model/text.js';
import { isChangeOf } from '../diff/change-kinds.js';
import { type ChangeRow, changeRows } from './target-view.js';

/**
 * The changes a template made, gathered into one decision for the reviewer: "template mail-google: 30 zones, 60
 * changes", with the places the template wrote them and its changes once, the using zone's name written `{zone}`
 * (each with how many zones it touches), instead of the same change in 30 zone sections. A change belongs to the
 * template it innermost came through (`ChangeSource.via`), also when a mirror serves it. A plan whose changes came
 * through no template has no group: it renders as it always has.
 */
export interface TemplateGroup {
  template: string;
  /** Zones (`address.zone`) with a change of the group, sorted. */
  zones: string[];
  changes: number;
  /** Where the template wrote the planned values, `file:line:col`, sorted, each once. */
  sources: string[];
  /** Changes of the group in zones that serve the template through `same_as`. */
  mirrored: number;
  /** The changes with the zone's name as `{zone}`, identical ones once, with the number of zones each is in. */
  rows: { row: ChangeRow; zones: number }[];
}

/** The template a change came through, if any. */
export function changeTemplate(change: Change): string | undefined {
  if (!isChangeOf(change, 'record-set')) return undefined;
  const via = change.provenance?.via;
  return via ? templateOf(via) : undefined;
}

/** The plan's changes grouped by template, by template name. */
export function templateGroups(changes: readonly Change[]): TemplateGroup[] {
  const byTemplate = new Map<string, RecordSetChange[]>();
  for (const change of changes) {
    const template = changeTemplate(change);
    if (template === undefined || !isChangeOf(change, 'record-set')) continue;
    const list = byTemplate.get(template);
    if (list) list.push(change);
    else byTemplate.set(template, [change]);
  }
  return [...byTemplate]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([template, list]) => ({
      template,
      zones: [...new Set(list.map((change) => change.address.zone))].sort(compareStrings),
      changes: list.length,
      sources: [...new Set(list.flatMap((change) => (change.provenance ? [change.provenance.at] : [])))].sort(
        compareStrings,
      ),
      mirrored: list.filter((change) => change.provenance?.via.some((step) => step.kind === 'same_as'))
        .length,
      rows: collapsed(list),
    }));
}

/** `from templates/mail.yaml:5:7, … via template mail-google`: where the group's values were written. */
export function groupFrom(group: TemplateGroup, shown = group.sources.length): string {
  const more = group.sources.length - shown;
  const places = `${group.sources.slice(0, shown).join(', ')}${more > 0 ? ` and ${more} more places` : ''}`;
  const mirrors = group.mirrored > 0 ? ` (${plural(group.mirrored, 'change')} through same_as)` : '';
  return `from ${places} via template ${group.template}${mirrors}`;
}

/** `template mail-google: 30 zones, 60 changes`: the group's heading in text and markdown. */
export function groupHeading(group: TemplateGroup): string {
  return `template ${group.template}: ${plural(group.zones.length, 'zone')}, ${plural(group.changes, 'change')}`;
}

function collapsed(list: readonly RecordSetChange[]): { row: ChangeRow; zones: number }[] {
  const rows = new Map<string, { row: ChangeRow; zones: Set<string> }>();
  for (const change of list) {
    const zone = shownName(change.address.zone);
    const general = (text: string | null) => (text === null ? null : text.split(zone).join('{zone}'));
    for (const row of changeRows(change)) {
      const one = {
        ...row,
        subject: general(row.subject) ?? '',
        before: general(row.before),
        after: general(row.after),
      };
      const key = JSON.stringify([one.action, one.subject, one.before, one.after, one.destructive]);
      const found = rows.get(key);
      if (found) found.zones.add(change.address.zone);
      else rows.set(key, { row: one, zones: new Set([change.address.zone]) });
    }
  }
  return [...rows.values()].map(({ row, zones }) => ({ row, zones: zones.size }));
}
