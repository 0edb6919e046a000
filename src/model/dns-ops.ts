import type { GeoOp, SecondaryOp, ZoneOp } from './dns.js';

/** Ops that change a secondary zone or a geo service: each takes effect at once, no zone publish involved. */
export type ServiceOp = SecondaryOp | GeoOp;

const SERVICE_KINDS: ReadonlySet<string> = new Set<ServiceOp['kind']>([
  'create-secondary',
  'update-secondary',
  'delete-secondary',
  'create-geo',
  'update-geo',
  'delete-geo',
]);

/** Takes any op (plans may hold ops of other services too). */
const ZONE_KINDS: ReadonlySet<string> = new Set<ZoneOp['kind']>([
  'create-zone',
  'add-record',
  'update-record',
  'delete-record',
  'replace-records',
  'delete-records',
  'publish',
]);

export function isServiceOp(op: { kind: string }): op is ServiceOp {
  return SERVICE_KINDS.has(op.kind);
}

export function isZoneOp(op: { kind: string }): op is ZoneOp {
  return ZONE_KINDS.has(op.kind);
}
