import { plural } from '../../../model/text.js';
import type { DynOp, ZoneFileSet } from './ops.js';

/** One short line per op, for progress and failure reports: what the call does, in the plan's terms. */
export function labelDynOp(op: DynOp): string {
  switch (op.kind) {
    case 'create-zone':
      return `create zone ${op.zone}`;
    case 'add-record':
      return `add ${op.fqdn} ${op.type} ${op.value} ttl ${op.ttl}`;
    case 'update-record':
      return `update ${op.fqdn} ${op.type} #${op.ref} → ${op.value} ttl ${op.ttl}`;
    case 'delete-record':
      return `delete ${op.fqdn} ${op.type} #${op.ref}`;
    case 'replace-records':
      return `replace ${op.fqdn} ${op.type} with ${op.values.join(', ')} ttl ${op.ttl}`;
    case 'delete-records':
      return `delete every ${op.fqdn} ${op.type}`;
    case 'publish':
      return `publish ${op.zone}`;
    case 'create-zone-from-file':
      return `create zone ${op.zone} from a zone file of ${recordCount(op.sets)}`;
    case 'add-zone-file':
      return `add a zone file of ${recordCount(op.sets)} to ${op.zone}`;
    case 'create-secondary':
      return `create secondary zone ${op.zone} (masters ${op.masters.join(', ')})`;
    case 'update-secondary':
      return `update secondary zone ${op.zone} (masters ${op.masters.join(', ')})`;
    case 'delete-secondary':
      return `delete secondary zone ${op.zone}`;
    case 'create-geo':
      return `create geo service "${op.name}"`;
    case 'update-geo': {
      const fields = [op.groups && 'groups', op.nodes && 'nodes', op.ttl !== undefined && 'ttl'].filter(
        (field) => typeof field === 'string',
      );
      return `update geo service "${op.name}" (${fields.join(', ')})`;
    }
    case 'rename-geo':
      return `rename geo service "${op.name}" to "${op.newName}"`;
    case 'activate-geo':
      return `${op.active ? 'activate' : 'deactivate'} geo service "${op.name}"`;
    case 'delete-geo':
      return `delete geo service "${op.name}"`;
  }
}

function recordCount(sets: readonly ZoneFileSet[]): string {
  return plural(
    sets.reduce((n, set) => n + set.values.length, 0),
    'record',
  );
}
