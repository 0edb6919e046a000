import type { PlanOp } from '../plan/types.js';
import { serviceOpLabel } from './op-label-services.js';

/** One short human line per op, for progress and failure reports. */
export function opLabel(op: PlanOp): string {
  switch (op.kind) {
    case 'create-zone':
      return `create zone ${op.zone}`;
    case 'add-record':
      return `add ${op.fqdn} A ${op.address} ttl ${op.ttl}`;
    case 'update-record':
      return `update ${op.fqdn} A #${op.recordId} → ${op.address} ttl ${op.ttl}`;
    case 'delete-record':
      return `delete ${op.fqdn} A #${op.recordId}`;
    case 'replace-records':
      return `replace ${op.fqdn} A with ${op.addresses.join(', ')} ttl ${op.ttl}`;
    case 'delete-records':
      return `delete every ${op.fqdn} A`;
    case 'publish':
      return `publish ${op.zone}`;
    case 'set-good-bots':
      return `set good bots of ${op.webapp}: enable ${op.enable.length}, disable ${op.disable.length}; wait for the change; read back`;
    default:
      return serviceOpLabel(op);
  }
}
