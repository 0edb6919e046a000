import { type Change, targetOf } from '../../model/change.js';
import { closestNames } from '../../model/closest-names.js';
import { compareStrings } from '../../model/compare.js';
import type { DesiredState, DesiredZone, LiveZone } from '../../model/dns.js';
import { providerLive } from '../../model/dns-providers.js';
import type { LiveState } from '../../model/live.js';
import { recordSetKey } from '../../model/record-set.js';
import { DEFAULT_SAFETY, type SafetyPolicy } from '../../model/safety.js';
import { shownTargetText } from '../../model/shown-provider.js';
import { compareTargets, type DnsTarget, targetText } from '../../model/target.js';
import { printable } from '../../model/text.js';
import { changesOf, isChangeOf } from '../diff/change-kinds.js';
import { managedIn } from '../diff/managed.js';
import type { Approval } from '../review-types.js';
import type { Plan } from '../types.js';
import { apexNsApprovals } from './apex-ns-safety.js';
import { glueApprovals } from './glue-safety.js';

/**
 * The changes of a plan that the safety policy (`settings.safety`, DEFAULT_SAFETY when absent) marks as needing
 * approval, pure. Zones count live *managed* record sets, of every managed type (a name inside the zone matching
 * no `unmanaged` glob, as the diff decides), each (fqdn, type) once; only deletes count as deletes:
 * - zone-delete-share: the plan deletes more than `maxPercent` % of them, in a zone with at least `minRecords`;
 * - zone-last-records: the plan deletes every one of them and creates none;
 * - secondary-zone-delete / geo-service-delete: the plan deletes a secondary zone / a geo service;
 * - webapp-all-bots-disabled: a webapp with enabled bots is left with none enabled;
 * - zone-create: the plan creates a zone that does not declare `create:`;
 * - delegation-glue: the plan leaves a name server inside its delegation without glue (glue-safety.ts);
 * - apex-ns: the plan changes the apex NS set of a zone it does not create (apex-ns-safety.ts).
 * Sorted by target, then rule; one entry per target and rule.
 */
export function planApprovals(plan: Plan, desired: DesiredState, live: LiveState): Approval[] {
  const policy = desired.safety ?? DEFAULT_SAFETY;
  const approvals: Approval[] = [];
  const byZone = new Map(desired.zones.map((zone) => [zone.zone, zone]));
  for (const deletes of zoneDeletes(plan)) {
    const { name, provider } = deletes.target;
    const wanted = byZone.get(name);
    const zones = providerLive(live, provider).zones;
    const found = Object.hasOwn(zones, name) ? zones[name] : null;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, a zone with record-set deletes is desired and live; the test narrows the types
    if (wanted && found) approvals.push(...zoneApprovals(deletes, wanted, found, policy));
  }
  for (const { address } of changesOf(plan.changes, 'zone')) {
    // Stryker disable next-line OptionalChaining: equivalent, a zone change is the creation of a desired zone
    if (!policy.zoneCreate || byZone.get(address.zone)?.create) continue;
    const { accountZones = [] } = providerLive(live, address.provider);
    approvals.push(
      zoneCreateApproval(
        targetOf(address),
        accountZones.map((zone) => zone.zone),
      ),
    );
  }
  for (const change of plan.changes) {
    const approval = objectApproval(change, policy);
    if (approval) approvals.push(approval);
  }
  if (policy.delegationGlue) approvals.push(...glueApprovals(plan, live));
  if (policy.apexNs) approvals.push(...apexNsApprovals(plan));
  return approvals.sort((a, b) => compareTargets(a.target, b.target) || compareStrings(a.rule, b.rule));
}

interface ZoneDeletes {
  target: DnsTarget;
  deletes: number;
  /** The plan also creates a record set in the zone. */
  creates: boolean;
}

/** The zones whose record sets the plan deletes: how many, and whether it creates any beside. */
function zoneDeletes(plan: Plan): ZoneDeletes[] {
  const counts = new Map<string, { target: DnsTarget; deletes: number }>();
  const creating = new Set<string>();
  for (const { address, action } of changesOf(plan.changes, 'record-set')) {
    const target = targetOf(address);
    const key = targetText(target);
    if (action === 'create') creating.add(key);
    if (action !== 'delete') continue;
    const count = counts.get(key) ?? { target, deletes: 0 };
    count.deletes += 1;
    counts.set(key, count);
  }
  return [...counts].map(([key, count]) => ({ ...count, creates: creating.has(key) }));
}

/** A zone's rules, from its record-set deletes and creates and its live managed sets. */
function zoneApprovals(
  { target, deletes, creates }: ZoneDeletes,
  desired: DesiredZone,
  live: LiveZone,
  policy: SafetyPolicy,
): Approval[] {
  const managedSet = managedIn(desired);
  const managed = new Set(
    live.records.filter((set) => set.records.length > 0 && managedSet(set)).map(recordSetKey),
  ).size;
  const approvals: Approval[] = [];
  const share = policy.zoneDeleteShare;
  if (share && managed >= share.minRecords && deletes * 100 > share.maxPercent * managed) {
    const percent = Math.round((deletes * 1000) / managed) / 10;
    const message =
      `deletes ${deletes} of ${managed} managed record sets (${percent} %, more than ${share.maxPercent} % ` +
      `of a zone with at least ${share.minRecords})`;
    approvals.push({ target, rule: 'zone-delete-share', message });
  }
  if (policy.zoneLastRecords && deletes === managed && !creates) {
    const sets = deletes === 1 ? 'managed record set' : `${deletes} managed record sets`;
    approvals.push({ target, rule: 'zone-last-records', message: `deletes the zone's last ${sets}` });
  }
  return approvals;
}

/**
 * Creating a zone the desired state does not declare with `create:`: a mistyped zone name (`acme.oi`) must not
 * become a new zone without anyone deciding so. Names the account's nearest zones.
 */
function zoneCreateApproval(target: DnsTarget, accountZones: readonly string[]): Approval {
  const zone = target.name;
  const near = closestNames(zone, accountZones);
  const hint = near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : '';
  const message =
    `creates the zone ${zone}, which the account does not have${hint}; declare it with create: in the zone ` +
    'to mean it';
  return { target, rule: 'zone-create', message };
}

function objectApproval(change: Change, policy: SafetyPolicy): Approval | null {
  if (isChangeOf(change, 'secondary') && change.action === 'delete' && policy.secondaryZoneDelete) {
    const { zone } = change.address;
    const message = `deletes the secondary zone ${zone} and the data copied from its masters`;
    return { target: targetOf(change.address), rule: 'secondary-zone-delete', message };
  }
  if (isChangeOf(change, 'geo') && change.action === 'delete' && policy.geoServiceDelete) {
    const { name } = change.address;
    // Stryker disable next-line OptionalChaining: equivalent, a delete always has its `before`
    const message = `deletes the geo service "${name}" and its links to ${change.before?.nodes.length ?? 0} node(s)`;
    return { target: { kind: 'geo', name }, rule: 'geo-service-delete', message };
  }
  if (isChangeOf(change, 'webapp') && policy.webappAllBotsDisabled) {
    // A webapp change always changes its enabled bots (waf-diff.ts): none after means some before.
    // Stryker disable next-line OptionalChaining: equivalent, a webapp change always has a `before` and an `after`
    if ((change.after?.enabled.length ?? 0) > 0) return null;
    // Stryker disable next-line OptionalChaining: equivalent, as above
    const before = change.before?.enabled.length ?? 0;
    const message = `disables every good bot of webapp ${change.address.name} (${before} now enabled)`;
    return {
      target: { kind: 'webapp', name: change.address.ref },
      rule: 'webapp-all-bots-disabled',
      message,
    };
  }
  return null;
}

/**
 * `--allow-unsafe` refusal text: one line per change needing approval, each escaped (model/text.ts `printable`): a
 * message names live objects as the service spells them, and a line break in a name must not start a line.
 * Targets as the plan shows them (`implicit`: model/shown-provider.ts).
 */
export function describeApprovals(approvals: readonly Approval[], implicit: string | undefined): string {
  const line = (a: Approval) => `  ${shownTargetText(a.target, implicit)}: ${a.message} [${a.rule}]`;
  return approvals.map((a) => printable(line(a))).join('\n');
}
