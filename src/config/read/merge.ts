import { type Diagnostic, pushAll } from '../../model/diagnostic.js';
import { aLabelName } from '../../model/idn.js';
import { normaliseName, recordNameToFqdn } from '../../model/names.js';
import type { ReuseStep } from '../../model/provenance.js';
import { bothPlaces, entryPlace, namedTwice, type Place } from './both-places.js';
import { type MergedServices, mergeServices } from './merge-services.js';
import {
  entryOf,
  isMap,
  isSeq,
  type PEntry,
  type PNode,
  type Position,
  toPlain,
  where,
} from './positioned.js';

/**
 * All files merged into one document, every value still carrying the place it was written.
 *
 * How files combine: zones are merged by normalised name (a zone may span files; two spellings of one zone in the
 * same file are a duplicate); a record name may appear once per zone across all files (`www` and
 * `www.example.com.` are the same name), with all its types in that one place, even where the types differ;
 * `default_ttl`, `create` and `manage` may repeat only with the same value; `unmanaged` and `absent` lists are
 * concatenated in load order. Every duplicate is reported at both places, each naming the other.
 * Values the schema rejected are skipped here; the schema has already reported them.
 */
export interface MergedDocument {
  /** In order of first appearance. */
  zones: MergedZone[];
  /** Secondary zones, geo services and settings (merge-services.ts). */
  services: MergedServices;
}

export interface MergedZone {
  /** Normalised name, the identity zones are merged by. */
  zone: string;
  /** Every place the zone is named, in load order. */
  keys: PEntry[];
  defaultTtl: PEntry | undefined;
  /** `create:`, once: it may repeat across files only with the same value. */
  create: PEntry | undefined;
  records: MergedRecord[];
  /** Some file gives the zone a `records` map (even an empty one). */
  recordsGiven: boolean;
  /** Items of every `unmanaged` list of the zone, in load order. */
  unmanaged: PNode[];
  /** `manage:`, once: it may repeat across files only with the same value. */
  manage: PEntry | undefined;
  /** Items of every `absent` list of the zone, in load order. */
  absent: PNode[];
  /** Every `providers` list of the zone, in load order (they must agree: provider-rules.ts). */
  providers: PEntry[];
  /** Every `templates` list of the zone, in load order (their names together: reuse/expand-zones.ts). */
  templates?: PEntry[];
  /** `same_as:`, once: it may repeat across files only with the same value. */
  sameAs?: PEntry | undefined;
}

export interface MergedRecord {
  /** The name as written under `records`. */
  name: string;
  fqdn: string;
  keyPos: Position;
  value: PNode;
  /** The maps of `value` that a template or another zone gave (reuse/expand-zones.ts), and what they came through. */
  via?: ReadonlyMap<PNode, ReuseStep[]>;
}

export interface MergeResult {
  merged: MergedDocument;
  diagnostics: Diagnostic[];
}

/** Merges file roots given in load order. */
export function mergeDocuments(roots: readonly PNode[]): MergeResult {
  const zones = new Map<string, MergedZone>();
  const recordIndex = new Map<MergedZone, Map<string, MergedRecord>>();
  const diagnostics: Diagnostic[] = [];

  for (const root of roots) {
    const zonesNode = isMap(root) ? entryOf(root, 'zones')?.value : undefined;
    if (!isMap(zonesNode)) continue;
    for (const entry of zonesNode.entries) {
      // A zone written in Unicode is its A-labels (model/idn.ts); rules.ts says why one that has none is refused.
      const name = normaliseName(aLabelName(entry.key));
      let zone = zones.get(name);
      const sameFile = zone?.keys.find((key) => key.keyPos.file === entry.keyPos.file);
      if (sameFile) {
        pushAll(
          diagnostics,
          bothPlaces('EP1011', entryPlace(entry), entryPlace(sameFile), namedTwice('zone')),
        );
        continue;
      }
      if (!zone) {
        zone = {
          zone: name,
          keys: [],
          defaultTtl: undefined,
          create: undefined,
          records: [],
          recordsGiven: false,
          unmanaged: [],
          manage: undefined,
          absent: [],
          providers: [],
          templates: [],
          sameAs: undefined,
        };
        zones.set(name, zone);
        recordIndex.set(zone, new Map());
      }
      zone.keys.push(entry);
      pushAll(diagnostics, mergeZone(zone, entry.value, recordIndex.get(zone) ?? new Map()));
    }
  }
  const services = mergeServices(roots);
  pushAll(diagnostics, services.diagnostics);
  return { merged: { zones: [...zones.values()], services: services.services }, diagnostics };
}

function mergeZone(zone: MergedZone, value: PNode, byFqdn: Map<string, MergedRecord>): Diagnostic[] {
  if (!isMap(value)) return [];
  const diagnostics: Diagnostic[] = [];
  zone.defaultTtl = once(zone, 'default_ttl', zone.defaultTtl, entryOf(value, 'default_ttl'), diagnostics);
  zone.create = once(zone, 'create', zone.create, entryOf(value, 'create'), diagnostics);
  zone.manage = once(zone, 'manage', zone.manage, entryOf(value, 'manage'), diagnostics);
  zone.sameAs = once(zone, 'same_as', zone.sameAs, entryOf(value, 'same_as'), diagnostics);

  const records = entryOf(value, 'records')?.value;
  if (records !== undefined) zone.recordsGiven = true;
  for (const entry of isMap(records) ? records.entries : []) {
    const fqdn = recordNameToFqdn(entry.key, zone.zone);
    const first = byFqdn.get(fqdn);
    if (first) {
      const named = namedTwice(`record`, ` of zone "${zone.zone}"`);
      // Why a name is defined once: its record sets are checked together (CNAME alone, delegations, geo nodes).
      const message = (self: Place, other: Place) =>
        `${named(self, other)}; all record types of a name are given in one place`;
      pushAll(
        diagnostics,
        bothPlaces('EP1011', entryPlace(entry), { text: first.name, pos: first.keyPos }, message),
      );
      continue;
    }
    const record = { name: entry.key, fqdn, keyPos: entry.keyPos, value: entry.value };
    byFqdn.set(fqdn, record);
    zone.records.push(record);
  }

  const unmanaged = entryOf(value, 'unmanaged')?.value;
  if (isSeq(unmanaged)) pushAll(zone.unmanaged, unmanaged.items);
  const absent = entryOf(value, 'absent')?.value;
  if (isSeq(absent)) pushAll(zone.absent, absent.items);
  const providers = entryOf(value, 'providers');
  if (providers) zone.providers.push(providers);
  const templates = entryOf(value, 'templates');
  if (templates) zone.templates?.push(templates);
  return diagnostics;
}

/**
 * A zone setting that may repeat across files only with the same value: the first place it is given, and a
 * problem at both places when `entry` gives another value.
 */
function once(
  zone: MergedZone,
  key: string,
  first: PEntry | undefined,
  entry: PEntry | undefined,
  diagnostics: Diagnostic[],
): PEntry | undefined {
  if (!entry || !first) return first ?? entry;
  const [here, there] = [valuePlace(entry), valuePlace(first)];
  if (here.text !== there.text) {
    const message = (self: Place, other: Place) =>
      `${key} of zone "${zone.zone}" is ${self.text} here but ${other.text} at ${where(other.pos)}`;
    pushAll(diagnostics, bothPlaces('EP1012', here, there, message));
  }
  return first;
}

/** The value as JSON, keys of a map sorted: `{ a, b }` and `{ b, a }` are the same setting. */
const valuePlace = (entry: PEntry): Place => {
  const { value } = entry;
  const keys = value.kind === 'map' ? value.entries.map((one) => one.key).sort() : undefined;
  return { text: JSON.stringify(toPlain(value), keys), pos: entry.keyPos };
};
