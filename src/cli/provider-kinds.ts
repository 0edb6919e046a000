import type { DnsProviderSpec } from '../model/dns-provider-spec.js';
import type { DnsCapabilities, ProviderOp } from '../model/provider.js';
import {
  DYN_CAPABILITIES,
  DYN_OP_SCHEMA,
  DYN_PROVIDER,
  labelDynOp,
  parseDynOp,
} from '../providers/dyn/index.js';
import { labelPdnsOp, PDNS_OP_SCHEMA, parsePdnsOp, pdnsCapabilities } from '../providers/pdns/index.js';
import { labelWafOp, parseWafOp, WAF_PROVIDER } from '../providers/waf/index.js';

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
