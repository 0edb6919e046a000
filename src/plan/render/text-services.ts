import pc from 'picocolors';
import type { GeoChange, SecondaryChange } from '../../model/change.js';
import type { GeoNode } from '../../model/geo.js';
import { shownOn } from '../../model/shown-provider.js';
import { targetText } from '../../model/target.js';
import { plural, printable } from '../../model/text.js';
import { changesOf } from '../diff/change-kinds.js';
import { type GeoGroupChange, geoGroupChanges, geoNodeChanges } from '../diff/geo-diff.js';
import type { Plan } from '../types.js';
import { geoServiceParts, groupText, groupUpdateParts } from './geo-values.js';
import { secondaryText, secondaryUpdateParts } from './values.js';

/** The colours of the text plan. */
export interface Colors {
  bold(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
}

/**
 * The colours of the text plan, each escaping control characters in what it is given (model/text.ts `printable`):
 * live names, bot names and values may hold terminal escapes or line breaks, and every line of the text plan is
 * made by one colour call on plain text, so this is the one place they are escaped. Never nest two calls: the
 * outer would escape the inner's colour codes.
 */
export function escapingColors(color: boolean): Colors {
  const c = pc.createColors(color);
  return {
    bold: (text) => c.bold(printable(text)),
    green: (text) => c.green(printable(text)),
    red: (text) => c.red(printable(text)),
    yellow: (text) => c.yellow(printable(text)),
  };
}

/**
 * The secondary-zone and geo-service sections of the text plan, value by value:
 *
 *   Secondary zones
 *     + partner.example.net masters 198.51.100.1, 198.51.100.2
 *     ~ other.example.net masters +198.51.100.3, −198.51.100.2
 *     - old.example.net masters 203.0.113.1 (destructive: deletes the zone)
 *   Geo services
 *     ~ "Global Web" (2 API calls)
 *         ~ service: renamed from "Web"; ttl 30→60
 *         ~ group Europe: countries +IT, −GB; A +192.0.2.51; A 192.0.2.50 weight 1→3
 *         + node geo.example.com (zone example.com)
 */
export function secondaryLines(plan: Plan, c: Colors): string[] {
  const changes = changesOf(plan.changes, 'secondary');
  if (changes.length === 0) return [];
  const line = (change: SecondaryChange) => `  ${secondaryLine(change, plan.implicitProvider, c)}`;
  return [c.bold('Secondary zones'), ...changes.map(line)];
}

export function geoLines(plan: Plan, calls: ReadonlyMap<string, number>, c: Colors): string[] {
  const changes = changesOf(plan.changes, 'geo');
  if (changes.length === 0) return [];
  return [c.bold('Geo services'), ...changes.flatMap((change) => serviceLines(change, calls, c))];
}

const DESTRUCTIVE = (what: string) => ` (destructive: deletes the ${what})`;

function secondaryLine(change: SecondaryChange, implicit: string | undefined, c: Colors): string {
  const zone = `${change.address.zone}${shownOn(change.address.provider, implicit)}`;
  const { before, after } = change;
  if (change.action === 'create' && after) return c.green(`+ ${zone} ${secondaryText(after)}`);
  if (change.action === 'delete' && before)
    return c.red(`- ${zone} ${secondaryText(before)}${DESTRUCTIVE('zone')}`);
  if (!before || !after) throw new Error(`renderPlanText: ${change.action} of ${zone} lacks its values`);
  return c.yellow(`~ ${zone} ${secondaryUpdateParts(before, after).join('; ')}`);
}

function serviceLines(change: GeoChange, callsByTarget: ReadonlyMap<string, number>, c: Colors): string[] {
  const { name } = change.address;
  const calls = callsByTarget.get(targetText({ kind: 'geo', name })) ?? 0;
  const sign = { create: '+', update: '~', delete: '-' }[change.action];
  const color = { create: c.green, update: c.yellow, delete: c.red }[change.action];
  const tail = change.action === 'delete' ? DESTRUCTIVE('service and its node links') : '';
  const { linked, unlinked } = geoNodeChanges(change);
  const service = geoServiceParts(change.before, change.after);
  return [
    color(`  ${sign} "${name}" (${plural(calls, 'API call')})${tail}`),
    ...(service.length > 0 ? [`      ${color(`${sign} service: ${service.join('; ')}`)}`] : []),
    ...geoGroupChanges(change).map((group) => `      ${groupLine(group, c)}`),
    ...linked.map((node) => `      ${c.green(`+ node ${nodeText(node)}`)}`),
    ...unlinked.map((node) => `      ${c.red(`- node ${nodeText(node)}`)}`),
  ];
}

function groupLine(change: GeoGroupChange, c: Colors): string {
  const { before, after } = change;
  if (change.action === 'create' && after) return c.green(`+ group ${change.name}: ${groupText(after)}`);
  if (change.action === 'delete' && before) return c.red(`- group ${change.name}: ${groupText(before)}`);
  if (!before || !after)
    throw new Error(`renderPlanText: ${change.action} of group ${change.name} lacks its values`);
  return c.yellow(`~ group ${change.name}: ${groupUpdateParts(before, after).join('; ')}`);
}

function nodeText(node: GeoNode): string {
  return `${node.fqdn} (zone ${node.zone})`;
}
