import type { RetryPolicy } from '../../http/retry.js';
import type { DynGeoOp, DynOp, DynSecondaryOp } from '../compile/ops.js';
import { DynApiError } from '../errors.js';
import { type DynClient, type DynRequest, segment } from '../session/client.js';
import { wireGroup } from '../wire/geo-records.js';
import { parseWire } from '../wire/wire.js';
import { ServiceWriteResult } from '../wire/wire-services.js';

/**
 * Requests of the secondary-zone and geo-service ops. Each takes effect when the service answers: secondary zones
 * are copied from their masters, and geo services are services linked to nodes, not zone records, so the service
 * documents no publish for either (vendor docs, "Secondary Zones" and "Geo Traffic Manager"). That is why these ops
 * run outside any zone transaction.
 */
export type DynServiceOp = DynSecondaryOp | DynGeoOp;

const SERVICE_KINDS: ReadonlySet<string> = new Set<DynServiceOp['kind']>([
  'create-secondary',
  'update-secondary',
  'delete-secondary',
  'create-geo',
  'update-geo',
  'rename-geo',
  'activate-geo',
  'delete-geo',
]);

export function isServiceOp(op: DynOp): op is DynServiceOp {
  return SERVICE_KINDS.has(op.kind);
}

export function describeServiceOp(op: DynServiceOp): DynRequest {
  switch (op.kind) {
    case 'create-secondary':
      return { method: 'POST', path: `/Secondary/${segment(op.zone)}/`, body: secondaryBody(op) };
    case 'update-secondary':
      return { method: 'PUT', path: `/Secondary/${segment(op.zone)}/`, body: secondaryBody(op) };
    case 'delete-secondary':
      return { method: 'DELETE', path: `/Zone/${segment(op.zone)}/` };
    case 'create-geo':
      return {
        method: 'POST',
        path: geoPath(op.name),
        body: {
          groups: op.groups.map(wireGroup),
          nodes: op.nodes.map(wireNode),
          ...(op.ttl === undefined ? {} : { ttl: op.ttl }),
        },
      };
    case 'update-geo':
      return {
        method: 'PUT',
        path: geoPath(op.name),
        body: {
          ...(op.groups ? { groups: op.groups.map(wireGroup) } : {}),
          ...(op.nodes ? { nodes: op.nodes.map(wireNode) } : {}),
          ...(op.ttl === undefined ? {} : { ttl: op.ttl }),
        },
      };
    case 'rename-geo':
      return { method: 'PUT', path: geoPath(op.name), body: { new_name: op.newName } };
    case 'activate-geo':
      return {
        method: 'PUT',
        path: geoPath(op.name),
        body: op.active ? { activate: true } : { deactivate: true },
      };
    case 'delete-geo':
      return { method: 'DELETE', path: geoPath(op.name) };
  }
}

/** Service names may contain spaces: one URL-encoded path segment. */
export function geoPath(name: string): string {
  return `/Geo/${segment(name)}/`;
}

function secondaryBody(op: { masters: string[]; contactNickname?: string; tsigKeyName?: string }) {
  return {
    masters: op.masters,
    ...(op.contactNickname !== undefined ? { contact_nickname: op.contactNickname } : {}),
    ...(op.tsigKeyName !== undefined ? { tsig_key_name: op.tsigKeyName } : {}),
  };
}

function wireNode(node: { zone: string; fqdn: string }) {
  return { zone: node.zone, fqdn: node.fqdn };
}

/**
 * Creates are POSTs: a repeat of an applied one fails with TARGET_EXISTS, so they are sent once (and a rename). An update is a
 * PUT of the same full values, and a delete repeated after it was applied gets 404 (treated as done), so both
 * may be repeated after an ambiguous failure.
 */
export function serviceRetryPolicy(op: DynServiceOp): RetryPolicy {
  return NOT_REPEATED.has(op.kind) ? 'non-idempotent' : 'idempotent';
}

/** A rename repeated after it was applied finds no service under the old name (404): sent once, like a create. */
const NOT_REPEATED: ReadonlySet<DynServiceOp['kind']> = new Set([
  'create-secondary',
  'create-geo',
  'rename-geo',
]);

export async function executeServiceOp(client: DynClient, op: DynServiceOp): Promise<void> {
  const request = describeServiceOp(op);
  let data: unknown;
  try {
    data = await client.call(request.method, request.path, request.body, {
      retryable: serviceRetryPolicy(op),
    });
  } catch (error) {
    const repeatedDelete =
      request.method === 'DELETE' && error instanceof DynApiError && error.isNotFound && error.attempts > 1;
    if (!repeatedDelete) throw error;
    data = {};
  }
  parseWire(ServiceWriteResult, data, `${request.method} ${request.path}`);
}
