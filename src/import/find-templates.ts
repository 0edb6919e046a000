import { compareStrings } from '../model/compare.js';
import { templateName } from './template-names.js';
import type { NameDocument, ZoneDocument } from './zone-document.js';
import { type ZoneSet, zoneSets } from './zone-sets.js';

/** An imported zone: its name and the document import writes for it. */
export interface ImportedZone {
  zone: string;
  document: ZoneDocument;
}

/** A zone as written with what it shares: the templates it lists, or the zone it mirrors (`same_as`). */
export interface SharingZoneDocument extends ZoneDocument {
  same_as?: string;
  templates?: string[];
}

export interface FoundTemplates {
  /** Each template's record sets by name relative to the zone, every set with its TTL; sorted by template name. */
  templates: Record<string, Record<string, NameDocument>>;
  /** The zones in their input order, each with its own records left. */
  zones: { zone: string; document: SharingZoneDocument }[];
  /** A line per template (`mail-google: 3 sets, 25 zones`) and per mirror, for the command to print. */
  summary: string[];
}

/** Zones that must share a group of sets before it becomes a template, unless the caller says otherwise. */
export const DEFAULT_MIN_ZONES = 3;

/**
 * The templates and mirrors of imported zones (pure, deterministic; expanding the result gives back every zone
 * exactly).
 * - Mirrors first: a zone whose whole document equals another's, values relative to each zone (its name as
 *   `{zone}`), becomes `same_as` the lexically first of them, so none mirrors a mirror. A zone with `unmanaged`, no
 *   records, or a set that is not shareable (zone-sets.ts: `allow_lints`, a name of several TTLs, a brace) is no
 *   mirror and has none: what it leaves alone, allows or writes apart is its own.
 * - Templates among the other zones: a shareable set (zone-sets.ts) that at least `minZones` zones hold with the same
 *   name, type, TTL and values relative to the zone is shared; sets held by exactly the same zones form one
 *   template, named from what it holds (template-names.ts).
 * - A mirror's copy of its source's own sets keeps their values as written, so a source whose own sets (outside
 *   templates) name the zone (its name, or `@`) has no mirrors: its group is dissolved and its zones join the
 *   template search again, until no group needs it.
 */
export function findTemplates(zones: readonly ImportedZone[], minZones = DEFAULT_MIN_ZONES): FoundTemplates {
  const sets = new Map(zones.map(({ zone, document }) => [zone, zoneSets(zone, document)]));
  // Stryker disable next-line ArrayDeclaration: every zone asked about is one of `zones`, a key of `sets`
  const setsOf = (zone: string) => sets.get(zone) ?? [];
  const sourceOf = mirrors(zones, setsOf);
  for (;;) {
    const bundles = findBundles(
      zones.filter(({ zone }) => !sourceOf.has(zone)).map(({ zone }) => zone),
      setsOf,
      minZones,
    );
    const dissolved = [...new Set(sourceOf.values())].filter((source) =>
      setsOf(source).some((set) => set.namesZone && !bundles.templated.has(source, set.shape)),
    );
    if (dissolved.length === 0) return written(zones, setsOf, sourceOf, bundles);
    for (const [mirror, source] of [...sourceOf]) if (dissolved.includes(source)) sourceOf.delete(mirror);
  }
}

/** Mirror → its source: the lexically first zone of each group of zones with equal documents. */
function mirrors(zones: readonly ImportedZone[], setsOf: (zone: string) => ZoneSet[]): Map<string, string> {
  const groups = new Map<string, string[]>();
  for (const { zone, document } of zones) {
    const own = setsOf(zone);
    if (own.length === 0 || document.unmanaged || own.some((set) => !set.shareable)) continue;
    const key = JSON.stringify([document.default_ttl, own.map((set) => set.shape).sort(compareStrings)]);
    groups.set(key, [...(groups.get(key) ?? []), zone]);
  }
  const sourceOf = new Map<string, string>();
  for (const group of groups.values()) {
    const [source, ...others] = [...group].sort(compareStrings);
    for (const mirror of others) sourceOf.set(mirror, source as string);
  }
  return sourceOf;
}

interface Bundle {
  name: string;
  zones: string[];
  sets: ZoneSet[];
}

interface Bundles {
  list: Bundle[];
  templated: { has(zone: string, shape: string): boolean };
}

/** The templates among `zones`: each shareable shape that enough zones hold, grouped by the zones that hold it. */
function findBundles(
  zones: readonly string[],
  setsOf: (zone: string) => ZoneSet[],
  minZones: number,
): Bundles {
  const holders = new Map<string, { set: ZoneSet; zones: string[] }>();
  for (const zone of zones)
    for (const set of setsOf(zone)) {
      if (!set.shareable) continue;
      const entry = holders.get(set.shape) ?? { set, zones: [] };
      entry.zones.push(zone);
      holders.set(set.shape, entry);
    }
  const byZones = new Map<string, { zones: string[]; sets: ZoneSet[] }>();
  for (const { set, zones: holding } of holders.values()) {
    if (holding.length < minZones) continue;
    const key = JSON.stringify(holding);
    const bundle = byZones.get(key) ?? { zones: holding, sets: [] };
    bundle.sets.push(set);
    byZones.set(key, bundle);
  }
  // Each bundle's sets by name, then type; the widest bundle first, then by their first set: the same input names
  // the same bundles the same way, and writes each template's names and types in order.
  const ordered = [...byZones.values()]
    .map((b) => ({ ...b, sets: [...b.sets].sort(bySetOrder) }))
    .sort(
      (a, b) => b.zones.length - a.zones.length || bySetOrder(a.sets[0] as ZoneSet, b.sets[0] as ZoneSet),
    );
  const taken = new Set<string>();
  const list = ordered.map((bundle) => {
    const name = templateName(bundle.sets, taken);
    taken.add(name);
    return { name, ...bundle };
  });
  const keys = new Set(
    list.flatMap((b) => b.zones.flatMap((zone) => b.sets.map((s) => `${zone} ${s.shape}`))),
  );
  return { list, templated: { has: (zone, shape) => keys.has(`${zone} ${shape}`) } };
}

function written(
  zones: readonly ImportedZone[],
  setsOf: (zone: string) => ZoneSet[],
  sourceOf: ReadonlyMap<string, string>,
  bundles: Bundles,
): FoundTemplates {
  const list = [...bundles.list].sort((a, b) => compareStrings(a.name, b.name));
  const templates = Object.fromEntries(list.map((b) => [b.name, templateDocument(b.sets)]));
  const usedBy = new Map<string, string[]>();
  for (const b of list) for (const zone of b.zones) usedBy.set(zone, [...(usedBy.get(zone) ?? []), b.name]);
  const out = zones.map(({ zone, document }) => {
    const source = sourceOf.get(zone);
    if (source !== undefined)
      return { zone, document: { default_ttl: document.default_ttl, same_as: source, records: {} } };
    const used = usedBy.get(zone);
    if (used === undefined) return { zone, document };
    const own = setsOf(zone).filter((set) => !bundles.templated.has(zone, set.shape));
    return {
      zone,
      document: {
        default_ttl: document.default_ttl,
        templates: used,
        records: ownRecords(document, own),
        ...(document.unmanaged ? { unmanaged: document.unmanaged } : {}),
      },
    };
  });
  const summary = [
    ...list.map((b) => `template ${b.name}: ${b.sets.length} record sets, ${b.zones.length} zones`),
    ...zones.flatMap(({ zone }) => {
      const source = sourceOf.get(zone);
      return source === undefined ? [] : [`zone ${zone}: same_as ${source}`];
    }),
  ];
  return { templates, zones: out, summary };
}

/** Sets by name, then type key, then the rest of their shape. */
function bySetOrder(a: ZoneSet, b: ZoneSet): number {
  return compareStrings(a.name, b.name) || compareStrings(a.key, b.key) || compareStrings(a.shape, b.shape);
}

/**
 * A template's sets (in order) by name, each name's map with its TTL written last (a template has no default TTL of
 * its own). All sets of a name in one template have one TTL: the zones holding them hold the name with one TTL.
 */
function templateDocument(sets: readonly ZoneSet[]): Record<string, NameDocument> {
  const names = new Map<string, { types: [string, unknown][]; ttl: number }>();
  for (const set of sets) {
    const name = names.get(set.name) ?? { types: [], ttl: set.ttl };
    name.types.push([set.key, set.relative]);
    names.set(set.name, name);
  }
  return Object.fromEntries(
    [...names].map(([name, { types, ttl }]) => [name, { ...Object.fromEntries(types), ttl }]),
  );
}

/** The zone's records keeping only `own` sets: a name none of whose sets is left is dropped, the rest as written. */
function ownRecords(document: ZoneDocument, own: readonly ZoneSet[]): ZoneDocument['records'] {
  const keep = new Set(own.map((set) => `${set.name} ${set.key}`));
  // Object.fromEntries, not `records[name] =`: a node named `__proto__` must stay an own key.
  return Object.fromEntries(
    Object.entries(document.records).flatMap(([name, written]): [string, NameDocument | NameDocument[]][] => {
      if (Array.isArray(written)) return [[name, written]];
      const left = Object.entries(written).filter(([key]) => !isType(key) || keep.has(`${name} ${key}`));
      return left.some(([key]) => isType(key)) ? [[name, Object.fromEntries(left)]] : [];
    }),
  );
}

function isType(key: string): boolean {
  return key !== 'ttl' && key !== 'allow_lints';
}
