import type { DnsProviderSpec } from '../model/dns-provider-spec.js';
import type { DnsCapabilities, ProviderOp } from '../model/provider.js';
// The providers' cheap parts only (what they support, how their ops look): this is loaded by `validate`, which
// needs no client, no HTTP and no writer.
import { DYN_CAPABILITIES, DYN_PROVIDER } from '../providers/dyn/capabilities.js';
import { labelDynOp } from '../providers/dyn/op-label.js';
import { DYN_OP_SCHEMA, parseDynOp } from '../providers/dyn/op-schema.js';
import { pdnsCapabilities } from '../providers/pdns/capabilities.js';
import { labelPdnsOp } from '../providers/pdns/op-label.js';
import { PDNS_OP_SCHEMA, parsePdnsOp } from '../providers/pdns/op-schema.js';
import { labelWafOp } from '../providers/waf/op-label.js';
import { parseWafOp } from '../providers/waf/op-schema.js';
import { WAF_PROVIDER } from '../providers/waf/ops.js';

/** What a provider under `providers:` supports, by its type: validation checks each zone against these. */
export function capabilitiesOf(spec: DnsProviderSpec): DnsCapabilities {
  return spec.type === 'dyn' ? DYN_CAPABILITIES : pdnsCapabilities({ alias: spec.alias });
}

/**
 * One short line for an op of `provider`, for progress and failure lines; a DNS provider named under `providers:`
 * is known by its op's shape, and an op no provider knows is shown as its JSON. (The schemas a saved plan's ops
 * are checked against: providers/op-schemas.ts.)
 */
export function opLabel(provider: string, op: ProviderOp): string {
  if (provider === DYN_PROVIDER) return labelDynOp(parseDynOp(op));
  if (provider === WAF_PROVIDER) return labelWafOp(parseWafOp(op));
  if (PDNS_OP_SCHEMA.safeParse(op).success) return labelPdnsOp(parsePdnsOp(op));
  if (DYN_OP_SCHEMA.safeParse(op).success) return labelDynOp(parseDynOp(op));
  return JSON.stringify(op);
}
