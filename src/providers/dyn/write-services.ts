import type { ServiceOp } from '../../model/dns-ops.js';
import type { GeoGroup, GeoNode } from '../../model/geo.js';
import type { RetryPolicy } from '../http/retry.js';
import { type DynClient, segment } from './client.js';
import { DynApiError } from './errors.js';
import { parseWire } from './wire.js';
import { ServiceWriteResult } from './wire-services.js';
import type { DynRequest } from './write.js';

/**
 * Requests of the secondary-zone and geo-service ops. Each takes effect when the service answers: secondary zones
 * are copied from their masters, and geo services are services linked to nodes, not zone records, so the service
 * documents no publish for either (api/dyn.md §8, §9). That is why these ops run outside any zone transaction.
 */
export function describeServiceOp(op: ServiceOp): DynRequest {
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
        body: { groups: op.groups.map(wireGroup), nodes: op.nodes.map(wireNode) },
      };
    case 'update-geo':
      return {
        method: 'PUT',
        path: geoPath(op.name),
        body: {
          ...(op.groups ? { groups: op.groups.map(wireGroup) } : {}),
          ...(op.nodes ? { nodes: op.nodes.map(wireNode) } : {}),
        },
      };
    case 'delete-geo':
      return { method: 'DELETE', path: geoPath(op.name) };
  }
}

/** Service names may contain spaces: one URL-encoded path segment (seed, Geo service). */
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

function wireGroup(group: GeoGroup) {
  return {
    name: group.name,
    countries: group.countries,
    rdata: { a_rdata: group.addresses.map((address) => ({ address })) },
  };
}

function wireNode(node: GeoNode) {
  return { zone: node.zone, fqdn: node.fqdn };
}

/**
 * Creates are POSTs: a repeat of an applied one fails with TARGET_EXISTS, so they are sent once. An update is a
 * PUT of the same full values, and a delete repeated after it was applied gets 404 (treated as done), so both
 * may be repeated after an ambiguous failure.
 */
export function serviceRetryPolicy(op: ServiceOp): RetryPolicy {
  return op.kind === 'create-secondary' || op.kind === 'create-geo' ? 'non-idempotent' : 'idempotent';
}

export async function executeServiceOp(client: DynClient, op: ServiceOp): Promise<void> {
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
