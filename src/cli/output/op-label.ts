import type { ProviderOp } from '../../model/provider.js';
import { DNS_PROVIDERS } from '../../providers/registry.js';
import { labelWafOp, parseWafOp, WAF_PROVIDER } from '../../providers/waf/index.js';

/**
 * One short line for an op of `provider`, for progress and failure lines. A DNS provider's op is shown by the
 * registered provider whose op schema it passes (its name alone does not say its type), and an op no provider
 * knows as its JSON. (The schemas a saved plan's ops are checked against: providers/op-schemas.ts.)
 */
export function opLabel(provider: string, op: ProviderOp): string {
  if (provider === WAF_PROVIDER) return labelWafOp(parseWafOp(op));
  const plugin = DNS_PROVIDERS.find((candidate) => candidate.opSchema.safeParse(op).success);
  return plugin ? plugin.labelOp(op) : JSON.stringify(op);
}
