import { compareStrings } from '../model/compare.js';
import type { DnsProviderSpec } from '../model/dns-provider-spec.js';
import type { DnsCapabilities } from '../model/provider.js';
import type { MergedServices } from './merge-services.js';
import { entryOf, isMap, isSeq, type PEntry, type PNode, toPlain } from './positioned.js';
import { DnsProviderSchema } from './providers-schema.js';

/** What a DNS provider of a type supports (the CLI knows the providers; config only asks). */
export type CapabilitiesOf = (spec: DnsProviderSpec) => DnsCapabilities;

/**
 * The `providers:` entries whose shape the schema accepted, in model form, in order of first appearance. The model
 * sorts them by name (to-desired-providers.ts).
 */
export function providerSpecs(services: MergedServices): DnsProviderSpec[] {
  return services.providers.flatMap((entry): DnsProviderSpec[] => {
    const parsed = DnsProviderSchema.safeParse(toPlain(entry.value));
    if (!parsed.success) return [];
    const d = parsed.data;
    return [
      {
        name: entry.key,
        type: d.type,
        ...(d.url_env !== undefined ? { urlEnv: d.url_env } : {}),
        ...(d.api_key_env !== undefined ? { apiKeyEnv: d.api_key_env } : {}),
        ...(d.customer_env !== undefined ? { customerEnv: d.customer_env } : {}),
        ...(d.user_env !== undefined ? { userEnv: d.user_env } : {}),
        ...(d.password_env !== undefined ? { passwordEnv: d.password_env } : {}),
        ...(d.server !== undefined ? { server: d.server } : {}),
        ...(d.alias !== undefined ? { alias: d.alias } : {}),
        ...(d.zone_kind !== undefined ? { zoneKind: d.zone_kind } : {}),
        ...(d.nameservers !== undefined ? { nameservers: d.nameservers } : {}),
        ...(d.soa_edit_api !== undefined ? { soaEditApi: d.soa_edit_api } : {}),
      },
    ];
  });
}

/** The names in a `providers` list, as written (items that are not strings are the schema's to report). */
export function listedNames(list: PNode | undefined): { name: string; node: PNode }[] {
  return (isSeq(list) ? list.items : []).flatMap((node) =>
    node.kind === 'scalar' && typeof node.value === 'string' ? [{ name: node.value, node }] : [],
  );
}

/** The `providers` entry of a secondary zone's map, if it has one. */
export function secondaryList(entry: PEntry): PEntry | undefined {
  return isMap(entry.value) ? entryOf(entry.value, 'providers') : undefined;
}

/**
 * The providers a zone or secondary zone is on, sorted: its list (the first, when files repeat it), else the one
 * provider configured; empty without `providers:`, or when several are configured and it lists none (an error).
 */
export function effectiveProviders(lists: readonly PEntry[], specs: readonly DnsProviderSpec[]): string[] {
  const list = lists[0];
  if (list) return [...new Set(listedNames(list.value).map((item) => item.name))].sort(compareStrings);
  const only = specs.length === 1 ? specs[0] : undefined;
  return only ? [only.name] : [];
}

/**
 * The provider that holds the geo services: the one configured that supports them (`capabilitiesOf`, else the
 * `dyn` type, whose service they are); undefined when none or several do (provider-rules.ts reports it).
 */
export function geoProviderOf(
  specs: readonly DnsProviderSpec[],
  capabilitiesOf: CapabilitiesOf | undefined,
): string | undefined {
  const capable = specs.filter((spec) =>
    capabilitiesOf ? capabilitiesOf(spec).geoServices : spec.type === 'dyn',
  );
  return capable.length === 1 ? capable[0]?.name : undefined;
}
