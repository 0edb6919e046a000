import { closestNames } from '../../model/closest-names.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { DEFAULT_TTL } from '../../model/dns.js';
import { aLabelName } from '../../model/idn.js';
import { normaliseName, relativeName } from '../../model/names.js';
import { bothPlaces, type Place } from '../read/both-places.js';
import type { MergedZone } from '../read/merge.js';
import { diagnosticAt, entryOf, type PEntry, type PMap, where } from '../read/positioned.js';
import type { Contribution } from './contributions.js';

/**
 * A zone that says `same_as: <source>` serves the source's record sets (its templates' too, `{zone}` then the
 * mirror's name) as well as its own. Relative names rebase: `www` of the source is `www` of the mirror, and a record
 * name the source wrote absolute inside itself is the same name inside the mirror. Names inside values stay as
 * written: a relative one (`mail`, `@`) already means "in this zone", and an absolute one (`web.example.com.`)
 * means that very host, which is what a mirror serving "exactly the same" must point at.
 */

/** The zone `zone.sameAs` names, when the state has it. */
export function sourceOf(zone: MergedZone, zones: ReadonlyMap<string, MergedZone>): MergedZone | undefined {
  const name = nameOf(zone.sameAs);
  // Stryker disable next-line ConditionalExpression: equivalent, no zone is named undefined
  return name === undefined ? undefined : zones.get(name);
}

/** What is wrong with `zone.sameAs`: a source the state does not have, the zone itself, or a mirror of a mirror. */
export function sameAsProblems(
  zone: MergedZone,
  source: MergedZone | undefined,
  zones: ReadonlyMap<string, MergedZone>,
): Diagnostic[] {
  const entry = zone.sameAs;
  const name = nameOf(entry);
  if (!entry || name === undefined) return [];
  if (!source) {
    const close = closestNames(name, [...zones.keys()]);
    const hint = close.length > 0 ? `; did you mean ${close.join(' or ')}?` : '';
    const message = `same_as of zone "${zone.zone}" names "${name}", which is not a zone of this desired state${hint}`;
    return [diagnosticAt('EP1221', entry.value.pos, message)];
  }
  if (source === zone)
    return [diagnosticAt('EP1221', entry.value.pos, `zone "${zone.zone}" cannot be the same as itself`)];
  if (!source.sameAs) return [];
  const place = (of: MergedZone, at: PEntry): Place => ({ text: of.zone, pos: at.value.pos });
  const message = (self: Place, other: Place) =>
    self.text === zone.zone
      ? `zone "${zone.zone}" is the same as "${name}", which is itself same_as another zone at ${where(other.pos)}; ` +
        `a mirror names the zone that holds the records`
      : `zone "${self.text}" is same_as another zone, and zone "${zone.zone}" is the same as it at ` +
        `${where(other.pos)}; a mirror names the zone that holds the records`;
  return bothPlaces('EP1221', place(zone, entry), place(source, source.sameAs), message);
}

/**
 * A contribution of `source` as `mirror` serves it: name rebased, `same_as` added to what it came through, and the
 * source's TTL kept: a map without `ttl` gets the source's `default_ttl` when the two zones' differ.
 */
export function mirrored(one: Contribution, source: MergedZone, mirror: MergedZone): Contribution {
  const relative = relativeName(one.fqdn, source.zone);
  const fqdn = relative === '@' ? mirror.zone : `${relative}.${mirror.zone}`;
  const name = one.name.endsWith('.') ? relativeName(fqdn, mirror.zone) : one.name;
  return {
    name,
    fqdn,
    keyPos: one.keyPos,
    item: withSourceTtl(one.item, source, mirror),
    via: [{ kind: 'same_as', zone: source.zone }, ...one.via],
    source: `zone "${source.zone}" (same_as)`,
  };
}

function withSourceTtl(item: PMap, source: MergedZone, mirror: MergedZone): PMap {
  // Each test below spares a copy; without it the map gets a second `ttl` after its own, which entryOf never reads.
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, see above
  if (entryOf(item, 'ttl')) return item;
  const from = ttlOf(source);
  // Stryker disable next-line ConditionalExpression: equivalent, the TTL added is the mirror's own
  if (from === ttlOf(mirror)) return item;
  const ttl: PEntry = source.defaultTtl ?? {
    // Stryker disable next-line StringLiteral: equivalent, the key is set to ttl where the entry is added
    key: 'ttl',
    keyPos: item.pos,
    value: { kind: 'scalar', pos: item.pos, value: from },
  };
  return { ...item, entries: [...item.entries, { ...ttl, key: 'ttl' }] };
}

/** The zone's `default_ttl` as written, or 3600 (model/dns.ts DEFAULT_TTL) when it has none. */
function ttlOf(zone: MergedZone): number {
  const value = zone.defaultTtl?.value;
  // Stryker disable next-line ConditionalExpression: equivalent, a default_ttl that is no number is the schema's
  return value?.kind === 'scalar' && typeof value.value === 'number' ? value.value : DEFAULT_TTL;
}

function nameOf(entry: PEntry | undefined): string | undefined {
  const value = entry?.value;
  return value?.kind === 'scalar' && typeof value.value === 'string'
    ? normaliseName(aLabelName(value.value))
    : undefined;
}
