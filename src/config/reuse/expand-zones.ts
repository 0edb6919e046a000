import { closestNames } from '../../model/closest-names.js';
import { type Diagnostic, pushAll } from '../../model/diagnostic.js';
import { recordNameToFqdn } from '../../model/names.js';
import type { ReuseStep } from '../../model/provenance.js';
import type { MergedDocument, MergedRecord, MergedZone } from '../read/merge.js';
import {
  diagnosticAt,
  entryOf,
  isSeq,
  type PEntry,
  type PMap,
  type PNode,
  where,
} from '../read/positioned.js';
import { type Contribution, itemsOf, overlay, union, unusedOverrides } from './contributions.js';
import { mirrored, sameAsProblems, sourceOf } from './mirrors.js';
import type { Template } from './read-templates.js';
import { textWithZoneName, withZoneName } from './zone-text.js';

/**
 * The merged document with every zone's templates and `same_as` expanded into its records: what the zone serves,
 * as if written out. A set is given once: by the zone's own records, which replace a template's or the source
 * zone's set only with `override: true`; two templates giving one set, or a set given twice without `override`, is a
 * problem at both places. A zone that uses neither is returned as it is, so a state without templates loads, plans
 * and renders exactly as before. Each record keeps the places its maps were written (templates' files included)
 * and, for the maps that came from elsewhere, what they came through (`MergedRecord.via`).
 */
export function expandZones(
  merged: MergedDocument,
  templates: ReadonlyMap<string, Template>,
): { merged: MergedDocument; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byName = new Map(merged.zones.map((zone) => [zone.zone, zone]));
  const zones = merged.zones.map((zone) => {
    // Stryker disable next-line ArrayDeclaration: equivalent, merge.ts gives every zone a templates list
    if (!zone.sameAs && (zone.templates ?? []).length === 0) {
      pushAll(diagnostics, unusedOverrides(overriding(zone), new Set(), zone.zone));
      return zone;
    }
    const own = ownContributions(zone);
    const used = new Set<PMap>();
    let below = templateContributions(zone, zone.zone, templates, diagnostics, own, used);
    const source = sourceOf(zone, byName);
    pushAll(diagnostics, sameAsProblems(zone, source, byName));
    // A zone same_as itself is its own source with a same_as: refused above, expanded as a zone without one.
    if (source && !source.sameAs) {
      // Stryker disable next-line ArrayDeclaration: equivalent, the source's own problems are reported as its own
      const silent: Diagnostic[] = [];
      const sourceOwn = ownContributions(source);
      const sourceBelow = templateContributions(source, zone.zone, templates, silent, sourceOwn, new Set());
      const served = [...sourceOwn, ...sourceBelow].map((one) => mirrored(one, source, zone));
      below = [...below, ...overlay(own, served, zone.zone, diagnostics, used)];
    }
    pushAll(diagnostics, unusedOverrides(own, used, zone.zone));
    return { ...zone, records: recordsOf([...own, ...below]), recordsGiven: true };
  });
  return { merged: { ...merged, zones }, diagnostics };
}

/** The zone's own maps that say `override` (none in nearly every zone: only these are made contributions). */
function overriding(zone: MergedZone): Contribution[] {
  const some = zone.records.some((record) => itemsOf(record.value).some((item) => entryOf(item, 'override')));
  return some ? ownContributions(zone) : [];
}

/** The zone's own records, one contribution per map. */
function ownContributions(zone: MergedZone): Contribution[] {
  return zone.records.flatMap((record) =>
    itemsOf(record.value).map((item) => ({
      name: record.name,
      fqdn: record.fqdn,
      keyPos: record.keyPos,
      item,
      via: [],
      source: "the zone's records",
      record,
    })),
  );
}

/**
 * The sets of the templates `zone` lists, `{zone}` replaced by `forZone` (the zone itself, or a mirror of it),
 * less those `own` replaces; a template listed twice or defined nowhere is a problem at its place.
 */
function templateContributions(
  zone: MergedZone,
  forZone: string,
  templates: ReadonlyMap<string, Template>,
  diagnostics: Diagnostic[],
  own: readonly Contribution[],
  used: Set<PMap>,
): Contribution[] {
  const listed = new Map<string, PNode>();
  const sources: Contribution[][] = [];
  // Stryker disable next-line ArrayDeclaration: equivalent, merge.ts gives every zone a templates list
  for (const item of (zone.templates ?? []).flatMap((entry) =>
    // Stryker disable next-line ArrayDeclaration: equivalent, a list that is not one is the schema's; strings skipped
    isSeq(entry.value) ? entry.value.items : [],
  )) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') continue;
    const name = item.value;
    const first = listed.get(name);
    if (first) {
      diagnostics.push(
        diagnosticAt(
          'EP1108',
          item.pos,
          `template "${name}" is listed twice in zone "${zone.zone}"; first at ${where(first.pos)}`,
        ),
      );
      continue;
    }
    listed.set(name, item);
    const template = templates.get(name);
    if (!template) {
      diagnostics.push(diagnosticAt('EP1220', item.pos, missingTemplate(name, zone.zone, templates)));
      continue;
    }
    const via: ReuseStep[] = [{ kind: 'template', name }];
    const contributions = template.records.flatMap((entry) =>
      fromTemplate(entry, zone.zone, forZone, via, name),
    );
    sources.push(overlay(own, contributions, zone.zone, diagnostics, used));
  }
  return union(sources, zone.zone, diagnostics);
}

/**
 * A template's record name as `zone` uses it, values for `forZone`: names are `zone`'s (a mirror rebases them with
 * the source's own), values already say the mirror's name.
 */
function fromTemplate(
  written: PEntry,
  zone: string,
  forZone: string,
  via: ReuseStep[],
  name: string,
): Contribution[] {
  const key = textWithZoneName(written.key, zone);
  const value = withZoneName(written.value, forZone);
  const fqdn = recordNameToFqdn(key, zone);
  return itemsOf(value).map((item) => ({
    name: key,
    fqdn,
    keyPos: written.keyPos,
    item,
    via,
    source: `template "${name}"`,
  }));
}

function missingTemplate(name: string, zone: string, templates: ReadonlyMap<string, Template>): string {
  const defined = [...templates.values()];
  const close = closestNames(
    name,
    defined.map((one) => one.name),
  ).flatMap((one) => defined.filter((t) => t.name === one).map((t) => `${one} (${where(t.entry.keyPos)})`));
  const hint =
    close.length > 0
      ? `; did you mean ${close.join(' or ')}?`
      : templates.size === 0
        ? '; no file has templates:'
        : '';
  return `template "${name}" of zone "${zone}" is not defined in any file${hint}`;
}

/**
 * The zone's records from its contributions, by name in order of first appearance: a name only its own records
 * give stays the record it was; a name with maps from elsewhere becomes one record whose value is its map, or the
 * list of its maps (one per source, as a name's list of maps is one per TTL), with `via` for the maps from elsewhere.
 */
function recordsOf(contributions: readonly Contribution[]): MergedRecord[] {
  const byFqdn = new Map<string, { first: Contribution; list: Contribution[] }>();
  for (const one of contributions) {
    const found = byFqdn.get(one.fqdn);
    if (found) found.list.push(one);
    else byFqdn.set(one.fqdn, { first: one, list: [one] });
  }
  return [...byFqdn.values()].map(({ first, list }) => {
    if (first.record && list.every((one) => one.record === first.record)) return first.record;
    const via = new Map<PNode, ReuseStep[]>(
      list.filter((one) => one.via.length > 0).map((one) => [one.item, one.via]),
    );
    const value: PNode =
      list.length === 1
        ? first.item
        : { kind: 'seq', pos: first.item.pos, items: list.map((one) => one.item) };
    return { name: first.name, fqdn: first.fqdn, keyPos: first.keyPos, value, via };
  });
}
