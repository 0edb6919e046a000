import pc from 'picocolors';
import { servicePlanLines, serviceSummaryLines } from './render-text-services.js';
import { wafPlanLines, wafSummaryLine } from './render-text-waf.js';
import {
  opsOfTarget,
  type Plan,
  type PlanSummary,
  planHasChanges,
  type RecordChange,
  type RecordSetValue,
  type ZonePlan,
} from './types.js';

export interface TextRenderOptions {
  /** ANSI colours; the CLI decides from the TTY, NO_COLOR and --no-color. */
  color: boolean;
}

type Colors = ReturnType<typeof pc.createColors>;

export const NO_CHANGES_TEXT = 'No changes. Live state matches the desired state.';

/**
 * The plan for people, one line per changed record set, ending with a newline:
 *
 *   example.com (serial 41, 4 API calls)
 *     - old.example.com A ttl 300 192.0.2.9
 *     + api.example.com A ttl 3600 192.0.2.20, 192.0.2.21
 *     ~ www.example.com A ttl 300→60, +192.0.2.3, −192.0.2.1
 *
 *   Plan: 1 to create, 1 to update, 1 to delete in 1 zone (1 publish).
 *
 * The header counts the API calls the apply will make in the zone (its ops, publish included). An update shows only
 * what changes: the TTL when it changes (or when the live TTLs are mixed), added and removed (U+2212) addresses.
 */
export function renderPlanText(plan: Plan, options: TextRenderOptions): string {
  if (!planHasChanges(plan)) return `${NO_CHANGES_TEXT}\n`;
  const c = pc.createColors(options.color);
  const lines = plan.zones.flatMap((zone) => [
    c.bold(zoneHeader(zone, opsOfTarget(plan, `zone:${zone.zone}`).length)),
    ...zone.changes.map((change) => `  ${changeLine(change, c)}`),
  ]);
  const waf = wafSummaryLine(plan);
  const services = serviceSummaryLines(plan);
  const dnsSummary =
    plan.zones.length > 0 || (waf === null && services.length === 0) ? [summaryLine(plan.summary)] : [];
  const body = [...lines, ...servicePlanLines(plan, c), ...wafPlanLines(plan, c)];
  return `${[...body, '', ...dnsSummary, ...services, ...(waf ? [waf] : [])].join('\n')}\n`;
}

function zoneHeader(zone: ZonePlan, calls: number): string {
  const state = zone.createZone ? 'new zone' : `serial ${zone.serial}`;
  return `${zone.zone} (${state}, ${plural(calls, 'API call', 'API calls')})`;
}

function changeLine(change: RecordChange, c: Colors): string {
  const name = `${change.fqdn} ${change.type}`;
  if (change.action === 'create' && change.after !== null)
    return c.green(`+ ${name} ${fullValue(change.after)}`);
  if (change.action === 'delete' && change.before !== null)
    return c.red(`- ${name} ${fullValue(change.before)}`);
  if (change.before !== null && change.after !== null) {
    return c.yellow(`~ ${name} ${updateParts(change.before, change.after).join(', ')}`);
  }
  throw new Error(`renderPlanText: ${change.action} of ${change.key} lacks its before/after value`);
}

function fullValue(value: RecordSetValue): string {
  return `${ttlText(value)} ${value.addresses.join(', ')}`;
}

function ttlText(value: RecordSetValue): string {
  return value.mixedTtls ? `ttl ${value.ttl} (mixed)` : `ttl ${value.ttl}`;
}

/** Only what differs; a live set with mixed TTLs always shows its TTL part, since the update unifies them. */
function updateParts(before: RecordSetValue, after: RecordSetValue): string[] {
  const parts: string[] = [];
  if (before.mixedTtls || before.ttl !== after.ttl) parts.push(`${ttlText(before)}→${after.ttl}`);
  for (const address of after.addresses) if (!before.addresses.includes(address)) parts.push(`+${address}`);
  for (const address of before.addresses) if (!after.addresses.includes(address)) parts.push(`−${address}`);
  return parts;
}

function summaryLine(summary: PlanSummary): string {
  const publishes = plural(summary.zones, 'publish', 'publishes');
  return (
    `Plan: ${summary.create} to create, ${summary.update} to update, ${summary.delete} to delete ` +
    `in ${plural(summary.zones, 'zone', 'zones')} (${publishes}).`
  );
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
