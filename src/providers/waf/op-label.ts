import type { WafOp } from './ops.js';

/** One short line per op, for progress and failure reports: the call and the requests it makes. */
export function labelWafOp(op: WafOp): string {
  return `set good bots of ${op.webapp}: enable ${op.enable.length}, disable ${op.disable.length}; wait for the change; read back`;
}
