import type { ProviderOp } from '../model/provider.js';
import type { OpSchemas } from '../plan/index.js';
import { DYN_OP_SCHEMA, DYN_PROVIDER, labelDynOp, parseDynOp } from '../providers/dyn/index.js';
import { labelWafOp, parseWafOp, WAF_OP_SCHEMA, WAF_PROVIDER } from '../providers/waf/index.js';

/**
 * What the CLI knows of each kind of provider a plan step can name: the schema its saved ops are checked against
 * (`apply --plan`), and how one of its ops reads in progress and failure lines.
 */
export const OP_SCHEMAS: OpSchemas = { [DYN_PROVIDER]: DYN_OP_SCHEMA, [WAF_PROVIDER]: WAF_OP_SCHEMA };

/** One short line for an op of `provider`; an op no provider knows is shown as its JSON. */
export function opLabel(provider: string, op: ProviderOp): string {
  if (provider === DYN_PROVIDER) return labelDynOp(parseDynOp(op));
  if (provider === WAF_PROVIDER) return labelWafOp(parseWafOp(op));
  return JSON.stringify(op);
}
