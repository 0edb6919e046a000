import type { Rfc2136Op, Rfc2136Set } from './ops.js';

/** Record-set changes a line names; the rest are counted. */
const SHOWN = 5;

/** One short line per op: `UPDATE example.com (message 1 of 2): delete …; www A 192.0.2.1 ttl 300`. */
export function labelRfc2136Op(op: Rfc2136Op): string {
  const parts = op.sets.map(setText);
  const shown = parts.slice(0, SHOWN);
  const more = parts.length > SHOWN ? `; and ${parts.length - SHOWN} more` : '';
  const chain = op.of > 1 ? ` (message ${op.message} of ${op.of})` : '';
  return `UPDATE ${op.zone}${chain}: ${shown.join('; ')}${more}`;
}

function setText(set: Rfc2136Set): string {
  if (set.after === null) return `delete ${set.fqdn} ${set.type}`;
  return `${set.fqdn} ${set.type} ${set.after.values.join(', ')} ttl ${set.after.ttl}`;
}
