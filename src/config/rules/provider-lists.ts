import { compareStrings } from '../../model/compare.js';
import type { DnsProviderSpec, ProviderCatalogue, ProviderType } from '../../model/dns-provider-spec.js';
import { type NameServerAddress, parseNameServer } from '../../model/name-server.js';
import type { DnsCapabilities } from '../../model/provider.js';
import type { MergedServices } from '../read/merge-services.js';
import { entryOf, isMap, isSeq, type PEntry, type PNode, toPlain } from '../read/positioned.js';
import { dnsProviderSchema } from '../schema/providers-schema.js';

/** The type of a spec in the catalogue; undefined for a type it does not have (the schema reports that). */
export function providerTypeOf(catalogue: ProviderCatalogue, type: string): ProviderType | undefined {
  return catalogue.types.find((candidate) => candidate.type === type);
}

/** What a provider supports, as its type says from its options; undefined when the catalogue lacks its type. */
export function capabilitiesOf(
  catalogue: ProviderCatalogue,
  spec: DnsProviderSpec,
): DnsCapabilities | undefined {
  return providerTypeOf(catalogue, spec.type)?.capabilities(spec.options);
}

/**
 * The `providers:` entries whose shape the schema accepted, in model form, in order of first appearance. The model
 * sorts them by name (to-desired-providers.ts).
 */
export function providerSpecs(services: MergedServices, catalogue: ProviderCatalogue): DnsProviderSpec[] {
  const schema = dnsProviderSchema(catalogue.types);
  return services.providers.flatMap((entry): DnsProviderSpec[] => {
    const parsed = schema.safeParse(toPlain(entry.value));
    if (!parsed.success) return [];
    const { type, verify_at, ...options } = parsed.data;
    const given = Object.entries(options).filter(([, value]) => value !== undefined);
    const verifyAt = verify_at === undefined ? {} : { verifyAt: verify_at.flatMap(nameServer) };
    return [
      {
        name: entry.key,
        type,
        options: Object.fromEntries(given),
        declaredIn: entry.keyPos.file,
        ...verifyAt,
      },
    ];
  });
}

/** A `verify_at` address the schema accepted, parsed (model/name-server.ts). */
function nameServer(text: string): NameServerAddress[] {
  const parsed = parseNameServer(text);
  return 'problem' in parsed ? [] : [parsed];
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
 * The provider that holds the geo services: the one configured that supports them; undefined when none or several
 * do (provider-rules.ts reports it).
 */
export function geoProviderOf(
  specs: readonly DnsProviderSpec[],
  catalogue: ProviderCatalogue,
): string | undefined {
  const capable = specs.filter((spec) => capabilitiesOf(catalogue, spec)?.geoServices === true);
  return capable.length === 1 ? capable[0]?.name : undefined;
}
