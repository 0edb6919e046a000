import { compareStrings } from '../../model/compare.js';
import { type DnsPart, providerLive } from '../../model/dns-providers.js';
import type { LiveState } from '../../model/live.js';
import type { LeftAlone } from '../types.js';

/**
 * The live records of types edgeplan does not manage in each planned zone (`LiveZone.unsupported`, by name and
 * type), per provider: the plan lists them, and never has a step for them. A zone on several providers also says,
 * per provider, which of them another provider of the zone holds and this one lacks: edgeplan does not copy them,
 * so a zone that gains a provider, or moves to one, arrives there without them. Sorted by zone, then provider;
 * a zone with nothing to say has no entry.
 */
export function leftAloneOf(parts: readonly DnsPart[], live: LiveState): LeftAlone[] {
  const held = parts.flatMap((part) => {
    const zones = providerLive(live, part.name).zones;
    return part.desired.zones.map(({ zone }) => ({
      zone,
      provider: part.name,
      names: Object.hasOwn(zones, zone) ? (zones[zone]?.unsupported ?? []) : [],
    }));
  });
  const entries: LeftAlone[] = [];
  for (const entry of held) {
    const own = new Set(entry.names);
    const elsewhere = held
      .filter((other) => other.zone === entry.zone && other.provider !== entry.provider)
      .flatMap((other) => other.names)
      .filter((name) => !own.has(name));
    const notCopied = [...new Set(elsewhere)].sort(compareStrings);
    if (entry.names.length === 0 && notCopied.length === 0) continue;
    entries.push({
      zone: entry.zone,
      provider: entry.provider,
      records: entry.names,
      ...(notCopied.length > 0 ? { notCopied } : {}),
    });
  }
  return entries.sort((a, b) => compareStrings(a.zone, b.zone) || compareStrings(a.provider, b.provider));
}
