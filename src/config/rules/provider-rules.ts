import { type Diagnostic, pushAll } from '../../model/diagnostic.js';
import type { DnsProviderSpec, ProviderCatalogue } from '../../model/dns-provider-spec.js';
import type { ReadRecords } from '../desired/read-records.js';
import { bothPlaces } from '../read/both-places.js';
import type { MergedDocument } from '../read/merge.js';
import { diagnosticAt, entryOf, isMap, type PEntry, toPlain, where } from '../read/positioned.js';
import { PROVIDER_NAME_PATTERN } from '../schema/providers-schema.js';
import { capabilityDiagnostics } from './capability-rules.js';
import { envDiagnostics } from './env-rules.js';
import { nodesOf } from './geo-rules.js';
import {
  capabilitiesOf,
  effectiveProviders,
  geoProviderOf,
  listedNames,
  providerSpecs,
  providerTypeOf,
  secondaryList,
} from './provider-lists.js';

/**
 * Rules of `providers:` and of the zones' `providers` lists, by the types of `catalogue`: provider names usable
 * after `@` in targets; each entry has the keys its type needs and none of another type's; each variable serves one
 * role of one provider (env-rules.ts: so two never read one account, nor send one secret to two addresses); lists
 * name configured providers, once each, the same in every file; with several providers every zone and secondary
 * zone lists its own; geo services need exactly one provider that supports them, and a zone with a geo node is on
 * no provider without them. Then what each zone asks is checked against each of its providers, as its type says
 * (capability-rules.ts).
 */
export function providerDiagnostics(
  merged: MergedDocument,
  read: ReadRecords,
  catalogue: ProviderCatalogue,
): Diagnostic[] {
  const specs = providerSpecs(merged.services, catalogue);
  const diagnostics = merged.services.providers.flatMap((entry) => specDiagnostics(entry, catalogue));
  pushAll(diagnostics, envDiagnostics(merged.services.providers, specs, catalogue));
  const names = new Set(merged.services.providers.map((entry) => entry.key));
  const onProviders = new Map<string, string[]>();
  const owners = [
    ...merged.zones.map((zone) => ({
      what: `zone "${zone.zone}"`,
      zone: zone.zone,
      // Stryker disable next-line OptionalChaining: mergeDocuments makes a zone with the key it read, so keys[0] is always there
      keyPos: zone.keys[0]?.keyPos,
      lists: zone.providers,
    })),
    ...merged.services.secondaryZones.map((entry) => ({
      what: `secondary zone "${entry.key}"`,
      zone: entry.key,
      keyPos: entry.keyPos,
      lists: [secondaryList(entry)].flatMap((list) => (list ? [list] : [])),
    })),
  ];
  for (const owner of owners) {
    pushAll(diagnostics, listDiagnostics(owner.what, owner.lists, names));
    if (owner.lists.length === 0 && specs.length > 1 && owner.keyPos) {
      const all = specs.map((spec) => spec.name).join(', ');
      const message = `${owner.what} must list its providers: several are configured (${all})`;
      diagnostics.push(diagnosticAt(owner.keyPos, message));
    }
    onProviders.set(owner.zone, effectiveProviders(owner.lists, specs));
  }
  if (specs.length === 0) return diagnostics;
  pushAll(diagnostics, geoDiagnostics(merged, specs, catalogue, onProviders));
  pushAll(diagnostics, perProvider(merged, read, specs, catalogue, onProviders));
  return diagnostics;
}

/**
 * One entry: a name usable after `@`, the keys its type needs, and no key of another type (named with the types it
 * is for). An entry of a type the catalogue lacks is the schema's to report.
 */
function specDiagnostics(entry: PEntry, catalogue: ProviderCatalogue): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (!new RegExp(PROVIDER_NAME_PATTERN).test(entry.key))
    diagnostics.push(
      diagnosticAt(
        entry.keyPos,
        `provider name "${entry.key}" is not valid: use lower-case letters, digits, "-" and "_"`,
      ),
    );
  const map = entry.value;
  if (!isMap(map)) return diagnostics;
  const typeNode = entryOf(map, 'type')?.value;
  const typeName = typeNode && toPlain(typeNode);
  const type = typeof typeName === 'string' ? providerTypeOf(catalogue, typeName) : undefined;
  if (!type) return diagnostics;
  const missing = (type.required ?? []).filter((key) => !entryOf(map, key));
  if (missing.length > 0)
    diagnostics.push(
      diagnosticAt(
        entry.keyPos,
        `provider "${entry.key}" of type ${type.type} needs ${missing.join(' and ')}`,
      ),
    );
  for (const [key, partners] of Object.entries(type.requiredWith ?? {})) {
    const field = entryOf(map, key);
    const lacking = partners.filter((partner) => !entryOf(map, partner));
    if (field && lacking.length > 0)
      diagnostics.push(diagnosticAt(field.keyPos, `${key} needs ${lacking.join(' and ')} beside it`));
  }
  for (const field of map.entries) {
    if (field.key === 'type' || Object.hasOwn(type.options, field.key)) continue;
    const owners = catalogue.types.filter((other) => Object.hasOwn(other.options, field.key));
    if (owners.length > 0)
      diagnostics.push(
        diagnosticAt(
          field.keyPos,
          `${field.key} is for ${owners.map((o) => o.type).join(' and ')} providers`,
        ),
      );
  }
  return diagnostics;
}

function listDiagnostics(what: string, lists: readonly PEntry[], names: ReadonlySet<string>): Diagnostic[] {
  const [first, ...others] = lists;
  if (!first) return [];
  const diagnostics: Diagnostic[] = [];
  if (names.size === 0)
    diagnostics.push(
      diagnosticAt(first.keyPos, `${what} lists providers, but the desired state has no providers: section`),
    );
  else
    for (const list of lists) {
      const seen = new Set<string>();
      for (const { name, node } of listedNames(list.value)) {
        if (!names.has(name))
          diagnostics.push(diagnosticAt(node.pos, `${what}: provider "${name}" is not under providers:`));
        else if (seen.has(name))
          diagnostics.push(diagnosticAt(node.pos, `${what}: provider "${name}" is listed twice`));
        seen.add(name);
      }
    }
  const text = (list: PEntry) =>
    JSON.stringify([...new Set(listedNames(list.value).map((i) => i.name))].sort());
  for (const other of others) {
    if (text(other) === text(first)) continue;
    const place = (list: PEntry) => ({ text: text(list), pos: list.keyPos });
    diagnostics.push(
      ...bothPlaces(
        place(other),
        place(first),
        (self, o) => `providers of ${what} are ${self.text} here but ${o.text} at ${where(o.pos)}`,
      ),
    );
  }
  return diagnostics;
}

function geoDiagnostics(
  merged: MergedDocument,
  specs: readonly DnsProviderSpec[],
  catalogue: ProviderCatalogue,
  onProviders: ReadonlyMap<string, readonly string[]>,
): Diagnostic[] {
  const services = merged.services.geoServices;
  const supports = (spec: DnsProviderSpec) => capabilitiesOf(catalogue, spec)?.geoServices === true;
  const holder = geoProviderOf(specs, catalogue);
  const diagnostics: Diagnostic[] = [];
  if (holder === undefined) {
    const capable = specs.filter(supports).map((spec) => spec.name);
    const why =
      capable.length === 0
        ? 'none of the providers supports geo services'
        : `geo services are held by one provider, but ${capable.join(' and ')} all support them`;
    for (const entry of services)
      diagnostics.push(diagnosticAt(entry.keyPos, `geo service "${entry.key}": ${why}`));
    return diagnostics;
  }
  const lacking = new Set(specs.filter((spec) => !supports(spec)).map((spec) => spec.name));
  for (const entry of services)
    for (const node of nodesOf(entry)) {
      // Stryker disable next-line ArrayDeclaration: for a node in a zone the document lacks (geo-rules.ts reports it); no list without a configured provider's name reports anything
      const on = onProviders.get(node.zone) ?? [];
      const without = on.filter((name) => lacking.has(name));
      if (without.length > 0) {
        const message =
          `geo service "${entry.key}": node ${node.fqdnText} is in zone "${node.zoneText}", which is on ` +
          `${without.map((name) => `"${name}"`).join(', ')}; geo services are ${holder}'s alone`;
        diagnostics.push(diagnosticAt(node.pos, message));
      }
    }
  return diagnostics;
}

/** Each provider's share of the document (its zones, secondary zones, and the geo services if it holds them). */
function perProvider(
  merged: MergedDocument,
  read: ReadRecords,
  specs: readonly DnsProviderSpec[],
  catalogue: ProviderCatalogue,
  onProviders: ReadonlyMap<string, readonly string[]>,
): Diagnostic[] {
  const holder = geoProviderOf(specs, catalogue);
  return specs.flatMap((spec) => {
    const capabilities = capabilitiesOf(catalogue, spec);
    if (!capabilities) return [];
    // Stryker disable next-line OptionalChaining,BooleanLiteral: every zone and secondary zone is in onProviders (providerDiagnostics puts each there), and the records are read from those zones
    const on = (zone: string) => onProviders.get(zone)?.includes(spec.name) ?? false;
    const holds = spec.name === holder;
    // The provider's records are `readShare`'s: capabilityDiagnostics reads records there, not in the zones.
    const share: MergedDocument = {
      ...merged,
      zones: merged.zones.filter((zone) => on(zone.zone)),
      services: {
        ...merged.services,
        secondaryZones: merged.services.secondaryZones.filter((entry) => on(entry.key)),
        geoServices: holds ? merged.services.geoServices : [],
      },
    };
    const readShare: ReadRecords = {
      ...read,
      records: read.records.filter((record) => on(record.zone.zone)),
      geoGroups: holds ? read.geoGroups : [],
    };
    return capabilityDiagnostics(share, readShare, { name: spec.name, capabilities });
  });
}
