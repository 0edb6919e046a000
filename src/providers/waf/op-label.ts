import type { WafOp } from './ops.js';

/** One short line per op, for progress and failure reports: the call and the requests it makes. */
export function labelWafOp(op: WafOp): string {
  if (op.kind === 'purge-cache') {
    const what = op.paths.length > 0 ? op.paths.join(', ') : 'the whole cache';
    return `purge ${what} of ${op.webapp} (1 of the 20 purges an hour); wait for the purge`;
  }
  return `set good bots of ${op.webapp}: enable ${op.enable.length}, disable ${op.disable.length}; wait for the change; read back`;
}
