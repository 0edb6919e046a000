import type { ZonefileOp, ZonefileReplace } from './ops.js';

/** Record-set changes a line names; the rest are counted. */
const SHOWN = 5;

/** One short line for the op, for progress and failure reports: the file it replaces and what changes in it. */
export function labelZonefileOp(op: ZonefileOp): string {
  const parts = [...op.delete.map((set) => `delete ${set.fqdn} ${set.type}`), ...op.replace.map(replaceText)];
  const shown = parts.slice(0, SHOWN);
  const more = parts.length > SHOWN ? `; and ${parts.length - SHOWN} more` : '';
  const changes = parts.length === 0 ? 'no records' : `${shown.join('; ')}${more}`;
  if (op.create)
    return `create ${op.file} for zone ${op.zone} (NS ${op.create.nameservers.join(', ')}): ${changes}`;
  return `rewrite ${op.file} for zone ${op.zone}: ${changes}`;
}

function replaceText(set: ZonefileReplace): string {
  return `${set.fqdn} ${set.type} ${set.values.join(', ')} ttl ${set.ttl}`;
}
