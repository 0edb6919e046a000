import type { LiveZone } from '../../model/dns.js';
import { type DnsPart, providerLive } from '../../model/dns-providers.js';
import type { LiveState } from '../../model/live.js';

/**
 * Notes on a zone that several DNS providers serve, where their apex NS sets differ as read live. A resolver asks
 * whichever servers the parent's delegation names (RFC 1034 §4.2.2), and each of them answers with its own apex NS
 * set: every provider's set should name every provider's servers, as the delegation does. Providers that do not read
 * their apex NS set (`LiveZone.apexNs`) are left out; so is a zone that does not exist live on a provider. In the
 * order of the parts; computePlan sorts the plan's notes.
 */
export function apexNsNotes(parts: readonly DnsPart[], live: LiveState): string[] {
  const byZone = new Map<string, { provider: string; servers: string }[]>();
  for (const { name: provider, implicit, desired } of parts) {
    // Without `providers:` a zone has one provider: nothing to compare (skipping it is only quicker).
    // Stryker disable next-line ConditionalExpression: equivalent, as said above
    if (implicit !== undefined) continue;
    const state = providerLive(live, provider);
    for (const { zone } of desired.zones) {
      const found: LiveZone | null | undefined = Object.hasOwn(state.zones, zone)
        ? state.zones[zone]
        : undefined;
      const apexNs = found?.apexNs;
      if (!apexNs) continue;
      const servers = apexNs.records.map((record) => record.value).join(', ');
      byZone.set(zone, [...(byZone.get(zone) ?? []), { provider, servers }]);
    }
  }
  const notes: string[] = [];
  for (const [zone, sets] of byZone) {
    if (new Set(sets.map((set) => set.servers)).size < 2) continue;
    const each = sets.map((set) => `${set.provider} serves ${set.servers}`).join('; ');
    notes.push(
      `zone ${zone}: the apex NS sets of its providers differ (${each}); each provider's set should name every ` +
        "provider's servers, as the parent zone's delegation does",
    );
  }
  return notes;
}
