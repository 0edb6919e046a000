import type { ServiceOp } from '../model/dns-ops.js';

/** One short human line per secondary-zone or geo-service op, for progress and failure reports. */
export function serviceOpLabel(op: ServiceOp): string {
  switch (op.kind) {
    case 'create-secondary':
      return `create secondary zone ${op.zone} (masters ${op.masters.join(', ')})`;
    case 'update-secondary':
      return `update secondary zone ${op.zone} (masters ${op.masters.join(', ')})`;
    case 'delete-secondary':
      return `delete secondary zone ${op.zone}`;
    case 'create-geo':
      return `create geo service "${op.name}"`;
    case 'update-geo':
      return `update geo service "${op.name}" (${[op.groups && 'groups', op.nodes && 'nodes'].filter(Boolean).join(', ')})`;
    case 'delete-geo':
      return `delete geo service "${op.name}"`;
  }
}
