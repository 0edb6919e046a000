import type { ProviderOp } from '../model/provider.js';
import { DYN_PROVIDER, labelDynOp, parseDynOp } from '../providers/dyn/index.js';
import { labelWafOp, parseWafOp, WAF_PROVIDER } from '../providers/waf/index.js';

/**
 * One short line for an op of `provider`, for progress and failure lines; an op no provider knows is shown as its
 * JSON. (The schemas a saved plan's ops are checked against: providers/op-schemas.ts.)
 */
export function opLabel(provider: string, op: ProviderOp): string {
  if (provider === DYN_PROVIDER) return labelDynOp(parseDynOp(op));
  if (provider === WAF_PROVIDER) return labelWafOp(parseWafOp(op));
  return JSON.stringify(op);
}
