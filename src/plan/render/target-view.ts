import type { Change, ChangeAction, GeoChange, WebappChange } from '../../model/change.js';
import { shownName } from '../../model/idn.js';
import { shownTargetText } from '../../model/shown-provider.js';
import { type Target, targetText } from '../../model/target.js';
import type { BotRef } from '../../model/waf.js';
import { changesByTarget, isChangeOf } from '../diff/change-kinds.js';
import { geoGroupChanges, geoNodeChanges } from '../diff/geo-diff.js';
import type { Plan, ZoneHeader } from '../types.js';
import { geoServiceParts, groupText } from './geo-values.js';
import { keptParts, manageParts, recordSetText, secondaryText, zoneValueText } from './values.js';

/**
 * A plan flattened per target, for the renderers that show targets side by side (markdown, drift): per target its
 * counts of changes by action (the same counts as the text plan and `summary`), and one row per value-level
 * change with the live value (`before`) and the planned one (`after`) as text. Targets in plan order. Pure.
 */
export interface ChangeRow {
  action: ChangeAction;
  /** What changes: `www.example.com A`, `group Europe`, `node geo.example.com`, `bot Bingbot`, … */
  subject: string;
  before: string | null;
  after: string | null;
  /** A delete that loses data: a record set, a secondary zone, a geo service or one of its groups. */
  destructive: boolean;
}

export interface TargetView {
  target: Target;
  /** The target's `kind:name` as the plan shows it (model/shown-provider.ts). */
  text: string;
  /** `serial 41`, `new zone`, `exact, id …`; empty when there is nothing to add. */
  note: string;
  /** API calls of the target's steps (a webapp's one call is a PUT, its polls and a read-back). */
  calls: number;
  /** Changes by action, counted as `plan.summary` counts them. */
  counts: Record<ChangeAction, number>;
  rows: ChangeRow[];
}

export function targetViews(plan: Plan): TargetView[] {
  const calls = callsByTarget(plan);
  const headers = new Map(
    plan.zones.map((zone) => [targetText({ kind: 'zone', name: zone.zone, provider: zone.provider }), zone]),
  );
  return changesByTarget(plan.changes).map(({ target, changes }) => {
    const counts = { create: 0, update: 0, delete: 0 };
    for (const change of changes) counts[change.action] += 1;
    return {
      target,
      text: shownTargetText(target, plan.implicitProvider),
      note: noteOf(target, changes, headers),
      calls: calls.get(targetText(target)) ?? 0,
      counts,
      rows: changes.flatMap(changeRows),
    };
  });
}

/** Changes by action over the views: what the text and markdown summaries both say. */
export function totals(views: readonly TargetView[]): Record<ChangeAction, number> {
  const total = { create: 0, update: 0, delete: 0 };
  for (const view of views)
    for (const action of ['create', 'update', 'delete'] as const) total[action] += view.counts[action];
  return total;
}

/** API calls the apply makes per target (the ops of its steps), by the target's `kind:name`. */
export function callsByTarget(plan: Plan): Map<string, number> {
  const calls = new Map<string, number>();
  for (const step of plan.steps) {
    const key = targetText(step.target);
    calls.set(key, (calls.get(key) ?? 0) + step.ops.length);
  }
  return calls;
}

function noteOf(
  target: Target,
  changes: readonly Change[],
  headers: ReadonlyMap<string, ZoneHeader>,
): string {
  const [first] = changes;
  if (target.kind === 'zone') {
    const header = headers.get(targetText(target));
    const serial = header?.serial ?? null;
    return [serial === null ? 'new zone' : `serial ${serial}`, ...manageParts(header?.manage)].join(', ');
  }
  if (first && isChangeOf(first, 'geo')) return first.action === 'create' ? 'new service' : '';
  if (first && isChangeOf(first, 'webapp')) {
    const purge = purgeText(first);
    return `${first.after?.mode ?? 'unchanged'}, id ${first.address.id}${purge ? `, then ${purge}` : ''}`;
  }
  return '';
}

/** `purge_after_apply`, the purge step that follows a webapp change: `purge /index.html, /feed.xml`, or null. */
export function purgeText(change: WebappChange): string | null {
  const purge = change.after?.purge;
  if (!purge) return null;
  return `purge ${purge.paths.length > 0 ? purge.paths.join(', ') : 'the whole cache'}`;
}

/** The rows of one change. */
export function changeRows(change: Change): ChangeRow[] {
  const row = (
    subject: string,
    before: string | null,
    after: string | null,
    destructive = false,
  ): ChangeRow => ({
    action: change.action,
    subject,
    before,
    after,
    destructive,
  });
  if (isChangeOf(change, 'zone'))
    return [row(`zone ${change.address.zone}`, null, change.after && zoneValueText(change.after))];
  if (isChangeOf(change, 'record-set')) {
    const { fqdn, type } = change.address;
    const { before, after } = change;
    const written = after && [recordSetText(after), ...keptParts(change.kept)].join('; ');
    return [row(`${shownName(fqdn)} ${type}`, before && recordSetText(before), written, !after)];
  }
  if (isChangeOf(change, 'secondary')) {
    const { before, after } = change;
    return [
      row(
        `secondary zone ${change.address.zone}`,
        before && secondaryText(before),
        after && secondaryText(after),
        !after,
      ),
    ];
  }
  if (isChangeOf(change, 'geo')) return geoRows(change);
  if (isChangeOf(change, 'webapp')) return webappRows(change);
  return [];
}

function geoRows(change: GeoChange): ChangeRow[] {
  const service: ChangeRow[] =
    change.action === 'delete'
      ? [
          {
            action: 'delete',
            subject: `geo service "${change.address.name}"`,
            before: 'exists',
            after: null,
            destructive: true,
          },
        ]
      : serviceRow(change);
  const groups = geoGroupChanges(change).map(
    (group): ChangeRow => ({
      action: group.action,
      subject: `group ${group.name}`,
      before: group.before && groupText(group.before),
      after: group.after && groupText(group.after),
      destructive: group.action === 'delete',
    }),
  );
  const { linked, unlinked } = geoNodeChanges(change);
  const node = (fqdn: string, link: boolean): ChangeRow => ({
    action: link ? 'create' : 'delete',
    subject: `node ${fqdn}`,
    before: link ? null : 'linked',
    after: link ? 'linked' : null,
    destructive: false,
  });
  return [
    ...service,
    ...groups,
    ...linked.map((n) => node(n.fqdn, true)),
    ...unlinked.map((n) => node(n.fqdn, false)),
  ];
}

/** The service's own rename, TTL or active state, when they change (or a create sets them). */
function serviceRow(change: GeoChange): ChangeRow[] {
  const parts = geoServiceParts(change.before, change.after);
  if (parts.length === 0) return [];
  return [
    {
      action: change.action,
      subject: `geo service "${change.address.name}"`,
      before: change.before && 'exists',
      after: parts.join('; '),
      destructive: false,
    },
  ];
}

/** One row per bot whose state changes: enabled ones first, each by name. */
function webappRows(change: WebappChange): ChangeRow[] {
  const { enable, disable } = botChanges(change);
  const bot = (name: string, enabled: boolean): ChangeRow => ({
    action: 'update',
    subject: `bot ${name}`,
    before: enabled ? 'disabled' : 'enabled',
    after: enabled ? 'enabled' : 'disabled',
    destructive: false,
  });
  return [...enable.map((b) => bot(b.name, true)), ...disable.map((b) => bot(b.name, false))];
}

/** The bots a webapp change enables and disables, by name then id. */
export function botChanges(change: WebappChange): { enable: BotRef[]; disable: BotRef[] } {
  const before = change.before?.enabled ?? [];
  const after = change.after?.enabled ?? [];
  const was = new Set(before.map((bot) => bot.id));
  const will = new Set(after.map((bot) => bot.id));
  return {
    enable: after.filter((bot) => !was.has(bot.id)),
    disable: before.filter((bot) => !will.has(bot.id)),
  };
}
