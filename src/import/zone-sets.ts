import type { NameDocument, ZoneDocument } from './zone-document.js';

/** How a template writes the name of the zone that uses it. */
export const ZONE_PLACEHOLDER = '{zone}';

/**
 * One record set of an imported zone as the template finder sees it: its name relative to the zone, its type key,
 * its TTL, its values as written, and `shape`, what identifies it across zones (the zone's name in its values
 * replaced by `{zone}`). `shareable` says whether the set may move into a template without changing meaning.
 */
export interface ZoneSet {
  name: string;
  key: string;
  ttl: number;
  /** The values as the zone's YAML writes them. */
  values: unknown;
  /** The values relative to the zone: its name replaced by `{zone}`. */
  relative: unknown;
  /** `name key ttl relative`, as JSON: equal shapes are the same set in any zone. */
  shape: string;
  shareable: boolean;
  /**
   * A value names the zone (its name, or `@`, which import writes for the zone's own name): a copy into another zone
   * would have to say whose name it means.
   */
  namesZone: boolean;
}

const LABEL_CHAR = '[A-Za-z0-9_-]';

/**
 * `value` with every string's mention of `zone` replaced by `{zone}`: only where the zone's name stands whole, not
 * inside a longer label (`notexample.com`) or a longer name (`example.com.au`). Case-sensitive: a copy in another
 * case would expand to the zone's name in lower case, which is not what was written.
 */
export function relativeToZone(value: unknown, zone: string): unknown {
  const escaped = zone.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const mention = new RegExp(`(?<!${LABEL_CHAR})${escaped}(?!${LABEL_CHAR}|\\.${LABEL_CHAR})`, 'g');
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(mention, ZONE_PLACEHOLDER);
    if (Array.isArray(v)) return v.map(visit);
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, visit(inner)]));
    return v;
  };
  return visit(value);
}

/** The keys of a name's map that are not record types. */
const NOT_TYPES = new Set(['ttl', 'allow_lints']);

/**
 * The record sets of an imported zone, in the order its YAML writes them. A set is shareable when moving it into a
 * template keeps its meaning exactly: its name holds one TTL (a name with sets of several TTLs stays whole on the
 * zone), carries no `allow_lints` (an allowance is the zone's own), and no value holds a brace (`{zone}` written
 * literally would expand). A name import writes absolute (a doubled name) ends in its own zone's name twice, so no
 * two zones share it: the shape keeps it apart.
 */
export function zoneSets(zone: string, document: ZoneDocument): ZoneSet[] {
  const sets: ZoneSet[] = [];
  for (const [name, written] of Object.entries(document.records)) {
    const maps: NameDocument[] = Array.isArray(written) ? written : [written];
    for (const map of maps) {
      const ttl = typeof map.ttl === 'number' ? map.ttl : document.default_ttl;
      for (const [key, values] of Object.entries(map)) {
        if (NOT_TYPES.has(key)) continue;
        const relative = relativeToZone(values, zone);
        const text = JSON.stringify(values);
        sets.push({
          name,
          key,
          ttl,
          values,
          relative,
          shape: JSON.stringify([name, key, ttl, relative]),
          shareable:
            maps.length === 1 && map.allow_lints === undefined && !someString(values, (v) => /[{}]/.test(v)),
          namesZone: JSON.stringify(relative) !== text || someString(values, (v) => v === '@'),
        });
      }
    }
  }
  return sets;
}

/** Whether a string of the value (a string, or one inside its lists and maps) passes `test`. */
function someString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (typeof value === 'object' && value !== null)
    return Object.values(value).some((v) => someString(v, test));
  return false;
}
