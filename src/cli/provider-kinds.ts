import type { DesiredState } from '../model/dns.js';
import type { DnsProviderSpec } from '../model/dns-provider-spec.js';
import type { DnsCapabilities, ProviderOp } from '../model/provider.js';
import type { OpSchemas } from '../plan/index.js';
import {
  DYN_CAPABILITIES,
  DYN_OP_SCHEMA,
  DYN_PROVIDER,
  labelDynOp,
  parseDynOp,
} from '../providers/dyn/index.js';
import { labelPdnsOp, PDNS_OP_SCHEMA, parsePdnsOp, pdnsCapabilities } from '../providers/pdns/index.js';
import { labelWafOp, parseWafOp, WAF_OP_SCHEMA, WAF_PROVIDER } from '../providers/waf/index.js';

/**
 * What the CLI knows of each kind of provider a plan step can name: the schema its saved ops are checked against
 * (`apply --plan`), and how one of its ops reads in progress and failure lines. Under `providers:` in the desired
 * state, steps name DNS providers by their names there, whose type says which schema is theirs.
 */
export const OP_SCHEMAS: OpSchemas = { [DYN_PROVIDER]: DYN_OP_SCHEMA, [WAF_PROVIDER]: WAF_OP_SCHEMA };

/** OP_SCHEMAS with the desired state's named DNS providers. */
export function opSchemasFor(desired: DesiredState): OpSchemas {
  const named = (desired.dnsProviders ?? []).map((spec) => [
    spec.name,
    spec.type === 'dyn' ? DYN_OP_SCHEMA : PDNS_OP_SCHEMA,
  ]);
  return { ...OP_SCHEMAS, ...Object.fromEntries(named) };
}

/** What a provider under `providers:` supports, by its type: validation checks each zone against these. */
export function capabilitiesOf(spec: DnsProviderSpec): DnsCapabilities {
  return spec.type === 'dyn' ? DYN_CAPABILITIES : pdnsCapabilities({ alias: spec.alias });
}

/**
 * One short line for an op of `provider`; a DNS provider named under `providers:` is known by its op's shape, and
 * an op no provider knows is shown as its JSON.
 */
export function opLabel(provider: string, op: ProviderOp): string {
  if (provider === DYN_PROVIDER) return labelDynOp(parseDynOp(op));
  if (provider === WAF_PROVIDER) return labelWafOp(parseWafOp(op));
  if (PDNS_OP_SCHEMA.safeParse(op).success) return labelPdnsOp(parsePdnsOp(op));
  if (DYN_OP_SCHEMA.safeParse(op).success) return labelDynOp(parseDynOp(op));
  return JSON.stringify(op);
}
