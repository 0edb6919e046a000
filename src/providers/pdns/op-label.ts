import { labelRfc2136Op } from '../rfc2136/op-label.js';
import type { PdnsOp, PdnsReplace } from './ops.js';

/** Record-set changes a patch's line names; the rest are counted. */
const SHOWN = 5;

/** One short line per op, for progress and failure reports: what the request does, in the plan's terms. */
export function labelPdnsOp(op: PdnsOp): string {
  switch (op.kind) {
    case 'create-zone':
      return `create zone ${op.zone} (${op.zoneKind}) with ${sets(op.replace.length)}`;
    case 'patch-zone': {
      const parts = [
        ...op.delete.map((set) => `delete ${set.fqdn} ${set.type}`),
        ...op.replace.map(replaceText),
      ];
      const shown = parts.slice(0, SHOWN);
      const more = parts.length > SHOWN ? `; and ${parts.length - SHOWN} more` : '';
      return `patch zone ${op.zone}: ${shown.join('; ')}${more}`;
    }
    case 'create-secondary':
      return `create secondary zone ${op.zone} (masters ${op.masters.join(', ')})`;
    case 'update-secondary':
      return `update secondary zone ${op.zone} (masters ${op.masters.join(', ')})`;
    case 'delete-secondary':
      return `delete secondary zone ${op.zone}`;
    case 'update':
      return labelRfc2136Op(op);
  }
}

function replaceText(set: PdnsReplace): string {
  return `${set.fqdn} ${set.type} ${set.values.join(', ')} ttl ${set.ttl}`;
}

function sets(count: number): string {
  return count === 1 ? '1 record set' : `${count} record sets`;
}
