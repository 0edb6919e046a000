import type { DnsOp } from '../model/dns.js';

/**
 * A Plan is plain, serialisable data (no closures, no Maps): it can be printed, saved, reviewed and applied later.
 * Same inputs → byte-identical JSON: every array here is sorted as documented.
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
  /** The writes apply makes, in order: create-zone?, deletes, adds/updates, exactly one publish. */
  ops: DnsOp[];
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
  /** Only zones with changes, sorted by name. A zone without changes gets no ops and no publish. */
  zones: ZonePlan[];
  summary: PlanSummary;
}

export function planHasChanges(plan: Plan): boolean {
  return plan.zones.length > 0;
}
