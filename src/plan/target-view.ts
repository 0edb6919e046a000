import type { GeoGroup } from '../model/geo.js';
import type { SecondaryZoneValue } from './service-types.js';
import { type ChangeAction, opsOfTarget, type Plan, type RecordSetValue } from './types.js';

/**
 * A plan flattened per target, for the renderers that show targets side by side (markdown, drift): one row per
 * value-level change with the live value (`before`) and the planned one (`after`) as text. Targets in plan order:
 * zones, secondary zones, geo services, webapps. Pure.
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
  /** `zone:example.com`, as `--target` names it. */
  target: string;
  /** `serial 41`, `new zone`, `webapp id …, exact`; empty when there is nothing to add. */
  note: string;
  /** API calls of the target's steps (a webapp's one call is a PUT, its polls and a read-back). */
  calls: number;
  counts: Record<ChangeAction, number>;
  rows: ChangeRow[];
}

export function targetViews(plan: Plan): TargetView[] {
  const view = (target: string, note: string, rows: ChangeRow[]): TargetView => {
    const counts = { create: 0, update: 0, delete: 0 };
    for (const row of rows) counts[row.action] += 1;
    return { target, note, calls: opsOfTarget(plan, target).length, counts, rows };
  };
  return [
    ...plan.zones.map((zone) =>
      view(
        `zone:${zone.zone}`,
        zone.createZone ? 'new zone' : `serial ${zone.serial}`,
        zone.changes.map((c) => ({
          action: c.action,
          subject: `${c.fqdn} ${c.type}`,
          before: c.before && recordText(c.before),
          after: c.after && recordText(c.after),
          destructive: c.action === 'delete',
        })),
      ),
    ),
    ...(plan.secondaryZones ?? []).map((s) =>
      view(`secondary:${s.zone}`, '', [
        {
          action: s.action,
          subject: `secondary zone ${s.zone}`,
          before: s.before && secondaryText(s.before),
          after: s.after && secondaryText(s.after),
          destructive: s.destructive,
        },
      ]),
    ),
    ...(plan.geoServices ?? []).map((g) => {
      const service: ChangeRow[] =
        g.action === 'delete'
          ? [
              {
                action: 'delete',
                subject: `geo service "${g.name}"`,
                before: 'exists',
                after: null,
                destructive: true,
              },
            ]
          : [];
      const groups = g.groups.map(
        (c): ChangeRow => ({
          action: c.action,
          subject: `group ${c.name}`,
          before: c.before && groupText(c.before),
          after: c.after && groupText(c.after),
          destructive: c.action === 'delete',
        }),
      );
      const nodes = [
        ...g.linked.map(
          (n): ChangeRow => ({
            action: 'create',
            subject: `node ${n.fqdn}`,
            before: null,
            after: 'linked',
            destructive: false,
          }),
        ),
        ...g.unlinked.map(
          (n): ChangeRow => ({
            action: 'delete',
            subject: `node ${n.fqdn}`,
            before: 'linked',
            after: null,
            destructive: false,
          }),
        ),
      ];
      return view(`geo:${g.name}`, g.action === 'create' ? 'new service' : '', [
        ...service,
        ...groups,
        ...nodes,
      ]);
    }),
    ...(plan.webapps ?? []).map((w) => {
      const target = plan.steps.find((s) =>
        s.ops.some((op) => op.kind === 'set-good-bots' && op.webappId === w.webappId),
      )?.target;
      const bot = (name: string, enable: boolean): ChangeRow => ({
        action: 'update',
        subject: `bot ${name}`,
        before: enable ? 'disabled' : 'enabled',
        after: enable ? 'enabled' : 'disabled',
        destructive: false,
      });
      return view(target ?? `webapp:${w.webapp}`, `${w.mode}, id ${w.webappId}`, [
        ...w.enable.map((b) => bot(b.name, true)),
        ...w.disable.map((b) => bot(b.name, false)),
      ]);
    }),
  ];
}

function recordText(value: RecordSetValue): string {
  const ttl = value.mixedTtls ? `ttl ${value.ttl} (mixed)` : `ttl ${value.ttl}`;
  return `${ttl} ${value.addresses.join(', ')}`;
}

function secondaryText(value: SecondaryZoneValue): string {
  const parts = [`masters ${value.masters.join(', ')}`];
  if (value.contactNickname) parts.push(`contact ${value.contactNickname}`);
  if (value.tsigKeyName) parts.push(`tsig key ${value.tsigKeyName}`);
  return parts.join('; ');
}

function groupText(group: GeoGroup): string {
  return `countries ${group.countries.join(', ')}; a ${group.addresses.join(', ')}`;
}
