import type { DnsOp } from '../model/dns.js';
import type { WafOp } from '../model/waf.js';
import type { Approval, PlanFingerprints } from './review-types.js';
import type { GeoServicePlan, SecondaryZonePlan } from './service-types.js';
import type { WafPlanBudget, WebappPlan } from './waf-types.js';

/**
 * A Plan is plain, serialisable data (no closures, no Maps): it can be printed, saved, reviewed and applied later.
 * Same inputs → byte-identical JSON: every array here is sorted as documented.
 *
 * Two views of one plan: the typed sections (`zones`, …) say WHAT changes, value by value, for people; `steps` say
 * HOW: the API writes, grouped into steps that run in dependency order. Apply executes `steps` and nothing else.
 */

export const PLAN_FORMAT_VERSION = 1;

/** The value of an A record set as the plan shows it. `mixedTtls` is set on a live set whose records differ in TTL. */
export interface RecordSetValue {
  ttl: number;
  addresses: string[];
  mixedTtls?: boolean;
}

export type ChangeAction = 'create' | 'update' | 'delete';

export interface RecordChange {
  action: ChangeAction;
  /** Stable identity: `<fqdn> A`. */
  key: string;
  fqdn: string;
  type: 'A';
  before: RecordSetValue | null;
  after: RecordSetValue | null;
}

export interface ZonePlan {
  zone: string;
  /** The zone does not exist live and the apply creates it first. */
  createZone: boolean;
  /** Live serial the plan was computed from; null when the zone does not exist. */
  serial: number | null;
  /** Deletes first, then creates and updates; each group sorted by fqdn. */
  changes: RecordChange[];
}

/** Every write a plan can hold; each op is one API request (as predicted in the plan). */
export type PlanOp = DnsOp | WafOp;

/**
 * How a step behaves when one of its ops fails:
 * - `zone`: a transaction: the zone's pending changes are discarded and it is not published (its last op);
 * - any other kind: the ops already done stay done (each is complete on its own), the rest are not sent.
 */
export type StepKind = 'zone' | 'secondary' | 'geo' | 'webapp';

/**
 * One unit of execution: ops run in order, one at a time, after every step in `after` has succeeded. A step whose
 * dependency failed or was skipped is skipped, and only those: independent steps always run.
 */
export interface PlanStep {
  /** Unique in the plan; `<kind>:<name>`, e.g. `zone:example.com`. */
  id: string;
  kind: StepKind;
  /** The target the step changes, as `--target` names it: `zone:example.com`. */
  target: string;
  /** Ids of the steps that must succeed first, sorted. */
  after: string[];
  ops: PlanOp[];
}

export interface PlanSummary {
  create: number;
  update: number;
  delete: number;
  /** Zones with at least one change. */
  zones: number;
}

export interface Plan {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  summary: PlanSummary;
  /** Only zones with changes, sorted by name. */
  zones: ZonePlan[];
  /** Only secondary zones with changes, sorted by zone; absent when there are none (plans of zones only keep their shape). */
  secondaryZones?: SecondaryZonePlan[];
  /** Only geo services with changes, sorted by name; absent when there are none. */
  geoServices?: GeoServicePlan[];
  /** Only webapps with good-bot changes, sorted by name; absent when the desired state has no `waf` section. */
  webapps?: WebappPlan[];
  /** The WAF request budget of the apply; absent when the desired state has no `waf` section. */
  waf?: WafPlanBudget;
  /** Dependencies first, then by id: a deterministic topological order. A zone without changes has no step. */
  steps: PlanStep[];
  /** The `--target` patterns the plan was limited to; absent: the whole desired state. Set by annotate.ts. */
  scope?: string[];
  /** Changes the safety policy holds back until `apply --allow-unsafe`, by target. Set by annotate.ts. */
  needsApproval?: Approval[];
  /** Per target, the live and desired state the plan was computed from. Set by annotate.ts. */
  fingerprints?: PlanFingerprints;
}

export function planHasChanges(plan: Plan): boolean {
  return plan.steps.length > 0;
}

/** The ops of every step changing `target`, in step order (the API calls apply makes for it). */
export function opsOfTarget(plan: Plan, target: string): PlanOp[] {
  return plan.steps.filter((step) => step.target === target).flatMap((step) => step.ops);
}
