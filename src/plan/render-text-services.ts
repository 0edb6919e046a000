import type pc from 'picocolors';
import type { GeoGroup, GeoNode } from '../model/geo.js';
import type {
  GeoGroupChange,
  GeoServicePlan,
  SecondaryZonePlan,
  SecondaryZoneValue,
} from './service-types.js';
import { opsOfTarget, type Plan } from './types.js';

type Colors = ReturnType<typeof pc.createColors>;

/**
 * The secondary-zone and geo-service sections of the text plan, value by value:
 *
 *   Secondary zones
 *     + partner.example.net masters 198.51.100.1, 198.51.100.2
 *     ~ other.example.net masters +198.51.100.3, −198.51.100.2
 *     - old.example.net masters 203.0.113.1 (destructive: deletes the zone)
 *   Geo services
 *     ~ "Global Web" (1 API call)
 *         ~ group Europe: countries +IT, −GB; a +192.0.2.51
 *         + node geo.example.com
 */
export function servicePlanLines(plan: Plan, c: Colors): string[] {
  const secondaries = plan.secondaryZones ?? [];
  const geo = plan.geoServices ?? [];
  return [
    ...(secondaries.length > 0
      ? [c.bold('Secondary zones'), ...secondaries.map((s) => `  ${secondaryLine(s, c)}`)]
      : []),
    ...(geo.length > 0 ? [c.bold('Geo services'), ...geo.flatMap((g) => geoLines(plan, g, c))] : []),
  ];
}

/** `Secondary zones: 1 to create, 0 to update, 0 to delete.` and the same for geo services; none when unchanged. */
export function serviceSummaryLines(plan: Plan): string[] {
  const count = (name: string, list: readonly { action: string }[]) => {
    const n = (action: string) => list.filter((item) => item.action === action).length;
    return `${name}: ${n('create')} to create, ${n('update')} to update, ${n('delete')} to delete.`;
  };
  return [
    ...(plan.secondaryZones ? [count('Secondary zones', plan.secondaryZones)] : []),
    ...(plan.geoServices ? [count('Geo services', plan.geoServices)] : []),
  ];
}

const DESTRUCTIVE = (what: string) => ` (destructive: deletes the ${what})`;

function secondaryLine(plan: SecondaryZonePlan, c: Colors): string {
  const { before, after } = plan;
  if (plan.action === 'create' && after) return c.green(`+ ${plan.zone} ${secondaryValue(after)}`);
  if (plan.action === 'delete' && before)
    return c.red(`- ${plan.zone} ${secondaryValue(before)}${DESTRUCTIVE('zone')}`);
  if (!before || !after) throw new Error(`renderPlanText: ${plan.action} of ${plan.zone} lacks its values`);
  const parts = [
    ...setParts('masters', before.masters, after.masters),
    ...textPart('contact', before.contactNickname, after.contactNickname),
    ...textPart('tsig key', before.tsigKeyName, after.tsigKeyName),
  ];
  return c.yellow(`~ ${plan.zone} ${parts.join('; ')}`);
}

function secondaryValue(value: SecondaryZoneValue): string {
  const extra = [
    value.contactNickname ? `contact ${value.contactNickname}` : '',
    value.tsigKeyName ? `tsig key ${value.tsigKeyName}` : '',
  ];
  return [`masters ${value.masters.join(', ')}`, ...extra.filter(Boolean)].join('; ');
}

function geoLines(plan: Plan, service: GeoServicePlan, c: Colors): string[] {
  const calls = opsOfTarget(plan, `geo:${service.name}`).length;
  const sign = { create: '+', update: '~', delete: '-' }[service.action];
  const color = { create: c.green, update: c.yellow, delete: c.red }[service.action];
  const tail = service.destructive ? DESTRUCTIVE('service and its node links') : '';
  const header = color(`  ${sign} "${service.name}" (${calls} API ${calls === 1 ? 'call' : 'calls'})${tail}`);
  return [
    header,
    ...service.groups.map((g) => `      ${groupLine(g, c)}`),
    ...service.linked.map((n) => `      ${c.green(`+ node ${nodeText(n)}`)}`),
    ...service.unlinked.map((n) => `      ${c.red(`- node ${nodeText(n)}`)}`),
  ];
}

function groupLine(change: GeoGroupChange, c: Colors): string {
  const { before, after } = change;
  if (change.action === 'create' && after) return c.green(`+ group ${change.name}: ${groupValue(after)}`);
  if (change.action === 'delete' && before) return c.red(`- group ${change.name}: ${groupValue(before)}`);
  if (!before || !after)
    throw new Error(`renderPlanText: ${change.action} of group ${change.name} lacks its values`);
  const parts = [
    ...setParts('countries', before.countries, after.countries),
    ...setParts('a', before.addresses, after.addresses),
  ];
  return c.yellow(`~ group ${change.name}: ${parts.join('; ')}`);
}

function groupValue(group: GeoGroup): string {
  return `countries ${group.countries.join(', ')}; a ${group.addresses.join(', ')}`;
}

function nodeText(node: GeoNode): string {
  return `${node.fqdn} (zone ${node.zone})`;
}

/** `label +x, −y` for the items added and removed (U+2212), or nothing when the sets are equal. */
function setParts(label: string, before: readonly string[], after: readonly string[]): string[] {
  const added = after.filter((item) => !before.includes(item)).map((item) => `+${item}`);
  const removed = before.filter((item) => !after.includes(item)).map((item) => `−${item}`);
  const changes = [...added, ...removed];
  return changes.length > 0 ? [`${label} ${changes.join(', ')}`] : [];
}

function textPart(label: string, before: string | undefined, after: string | undefined): string[] {
  return before === after ? [] : [`${label} ${before ?? '(none)'}→${after ?? '(none)'}`];
}
