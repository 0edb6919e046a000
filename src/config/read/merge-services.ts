import type { Diagnostic } from '../../model/diagnostic.js';
import { normaliseName } from '../../model/names.js';
import { bothPlaces, entryPlace, namedTwice } from './both-places.js';
import { entryOf, isMap, type PEntry, type PNode, toPlain, where } from './positioned.js';

/**
 * How files combine the `secondary_zones`, `geo_services`, `providers` and `settings` sections. Unlike a zone, a secondary zone
 * a geo service or a DNS provider is defined in one place: the same secondary zone (by normalised name) or geo service (by exact
 * name) in two places is an error at both. A setting may repeat across files only with the same value.
 */
export interface MergedServices {
  /** In order of first appearance. */
  secondaryZones: PEntry[];
  geoServices: PEntry[];
  /** `settings.<section>.manage` entries, one per section, the first place it was given. */
  manage: { secondaryZones?: PEntry; geoServices?: PEntry };
  /** `settings.safety`, the first place it was given (it may repeat only with the same value). */
  safety?: PEntry;
  /** `settings.lint`, the first place it was given (it may repeat only with the same value). */
  lint?: PEntry;
  /** The `providers:` section's entries, each defined in one place; in order of first appearance. */
  providers: PEntry[];
}

export function mergeServices(roots: readonly PNode[]): {
  services: MergedServices;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const secondaryZones = uniqueEntries(
    roots,
    'secondary_zones',
    normaliseName,
    'secondary zone',
    diagnostics,
  );
  const geoServices = uniqueEntries(roots, 'geo_services', (name) => name, 'geo service', diagnostics);
  const providers = uniqueEntries(roots, 'providers', (name) => name, 'provider', diagnostics);
  const manage: MergedServices['manage'] = {};
  for (const [section, field] of [
    ['secondary_zones', 'secondaryZones'],
    ['geo_services', 'geoServices'],
  ] as const) {
    for (const root of roots) {
      const settings = isMap(root) ? entryOf(root, 'settings')?.value : undefined;
      const sectionNode = isMap(settings) ? entryOf(settings, section)?.value : undefined;
      const entry = isMap(sectionNode) ? entryOf(sectionNode, 'manage') : undefined;
      if (!entry) continue;
      const first = manage[field];
      if (!first) manage[field] = entry;
      else diagnostics.push(...settingConflict(section, entry, first));
    }
  }
  const safety = onceSetting(roots, 'safety', diagnostics);
  const lint = onceSetting(roots, 'lint', diagnostics);
  return {
    services: {
      secondaryZones,
      geoServices,
      manage,
      providers,
      ...(safety ? { safety } : {}),
      ...(lint ? { lint } : {}),
    },
    diagnostics,
  };
}

/** `settings.<key>`, the first place it is given; given again with another value, a problem at both places. */
function onceSetting(roots: readonly PNode[], key: string, diagnostics: Diagnostic[]): PEntry | undefined {
  let first: PEntry | undefined;
  for (const root of roots) {
    const settings = isMap(root) ? entryOf(root, 'settings')?.value : undefined;
    const entry = isMap(settings) ? entryOf(settings, key) : undefined;
    if (!entry) continue;
    if (!first) first = entry;
    else diagnostics.push(...settingConflict(key, entry, first, `settings.${key}`));
  }
  return first;
}

function uniqueEntries(
  roots: readonly PNode[],
  section: string,
  identity: (name: string) => string,
  what: string,
  diagnostics: Diagnostic[],
): PEntry[] {
  const byName = new Map<string, PEntry>();
  for (const root of roots) {
    const node = isMap(root) ? entryOf(root, section)?.value : undefined;
    for (const entry of isMap(node) ? node.entries : []) {
      const first = byName.get(identity(entry.key));
      if (!first) {
        byName.set(identity(entry.key), entry);
        continue;
      }
      diagnostics.push(...bothPlaces(entryPlace(entry), entryPlace(first), namedTwice(what)));
    }
  }
  return [...byName.values()];
}

function settingConflict(
  section: string,
  here: PEntry,
  there: PEntry,
  label = `settings.${section}.manage`,
): Diagnostic[] {
  const text = (e: PEntry) => JSON.stringify(toPlain(e.value));
  if (text(here) === text(there)) return [];
  const place = (e: PEntry) => ({ text: text(e), pos: e.keyPos });
  return bothPlaces(
    place(here),
    place(there),
    (self, other) => `${label} is ${self.text} here but ${other.text} at ${where(other.pos)}`,
  );
}

/** The merged `settings` as plain data, the shape `SettingsSchema` describes; absent settings stay absent. */
export function settingsToPlain(services: MergedServices): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  const { secondaryZones, geoServices } = services.manage;
  if (secondaryZones) settings.secondary_zones = { manage: toPlain(secondaryZones.value) };
  if (geoServices) settings.geo_services = { manage: toPlain(geoServices.value) };
  if (services.safety) settings.safety = toPlain(services.safety.value);
  return settings;
}
