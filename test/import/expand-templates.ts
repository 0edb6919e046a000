/**
 * What the finder's output means, written independently of the finder: templates and `same_as` expanded back into
 * each zone's record sets, on the format's definition. A template's `{zone}` is the using zone's name; a template
 * set has its own `ttl`; a mirror serves its source's sets, the source's templates expanded for the mirror and its
 * own sets as written. A set from two places, or a mirror of a mirror, throws: the finder must produce neither.
 */
import type { FoundTemplates, ImportedZone } from '../../src/import/find-templates.js';
import type { NameDocument, ZoneDocument } from '../../src/import/zone-document.js';

/** A zone as what it serves: its default TTL, `unmanaged`, and its sets as sorted `[name, key, ttl, values, lints]`. */
export interface Served {
  default_ttl: number;
  unmanaged: unknown;
  sets: string[];
}

/** What an imported zone's document serves, flattened. */
export function served(document: ZoneDocument): Served {
  return {
    default_ttl: document.default_ttl,
    unmanaged: document.unmanaged,
    sets: ownSets(document).sort(),
  };
}

/** What each zone of the finder's output serves once its templates and `same_as` are expanded. */
export function expand(found: FoundTemplates): Map<string, Served> {
  const byZone = new Map(found.zones.map((z) => [z.zone, z.document]));
  const out = new Map<string, Served>();
  for (const { zone, document } of found.zones) {
    let sets: string[];
    if (document.same_as !== undefined) {
      const source = byZone.get(document.same_as);
      if (!source) throw new Error(`${zone}: same_as ${document.same_as}, no such zone`);
      if (source.same_as !== undefined)
        throw new Error(`${zone}: mirrors ${document.same_as}, itself a mirror`);
      sets = [...templateSets(found, source.templates ?? [], zone), ...ownSets(source), ...ownSets(document)];
    } else {
      sets = [...templateSets(found, document.templates ?? [], zone), ...ownSets(document)];
    }
    const places = sets.map((s) => JSON.stringify((JSON.parse(s) as unknown[]).slice(0, 2)));
    const twice = places.find((p, i) => places.indexOf(p) !== i);
    if (twice) throw new Error(`${zone}: ${twice} defined twice`);
    out.set(zone, { default_ttl: document.default_ttl, unmanaged: document.unmanaged, sets: sets.sort() });
  }
  return out;
}

/** The imported zones as what they serve, for comparing with `expand`. */
export function servedBy(zones: readonly ImportedZone[]): Map<string, Served> {
  return new Map(zones.map(({ zone, document }) => [zone, served(document)]));
}

function ownSets(document: ZoneDocument): string[] {
  return Object.entries(document.records).flatMap(([name, written]) =>
    (Array.isArray(written) ? written : [written]).flatMap((map) => mapSets(name, map, document.default_ttl)),
  );
}

function templateSets(found: FoundTemplates, names: readonly string[], zone: string): string[] {
  return names.flatMap((template) => {
    const body = found.templates[template];
    if (!body) throw new Error(`${zone}: template ${template}, no such template`);
    return Object.entries(body).flatMap(([name, map]) => {
      if (typeof map.ttl !== 'number') throw new Error(`template ${template}: ${name} has no ttl`);
      return mapSets(name, substitute(map, zone) as NameDocument, map.ttl);
    });
  });
}

function mapSets(name: string, map: NameDocument, defaultTtl: number): string[] {
  const ttl = typeof map.ttl === 'number' ? map.ttl : defaultTtl;
  return Object.entries(map)
    .filter(([key]) => key !== 'ttl' && key !== 'allow_lints')
    .map(([key, values]) => JSON.stringify([name, key, ttl, values, map.allow_lints ?? null]));
}

function substitute(value: unknown, zone: string): unknown {
  if (typeof value === 'string') return value.replaceAll('{zone}', zone);
  if (Array.isArray(value)) return value.map((v) => substitute(v, zone));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, zone)]));
  return value;
}
