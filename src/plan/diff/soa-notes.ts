import type { DesiredZone, LiveZone } from '../../model/dns.js';
import { type DnsPart, providerLive } from '../../model/dns-providers.js';
import type { LiveState } from '../../model/live.js';
import { SOA_FIELDS } from '../../model/record-types/soa.js';

/**
 * Notes on a zone that several DNS providers serve, where the SOA fields they read differ (RFC 1035 §3.3.13): a
 * secondary or a resolver follows the timers of whichever server it asks, so the providers should agree on them
 * (MNAME names each provider's primary and may differ on purpose: it is named with the rest). The serial is never
 * compared: each provider numbers its own versions. Providers that do not read their SOA (`LiveZone.soa`) are left
 * out; so is a zone that does not exist live on a provider. In the order of the parts; computePlan sorts the notes.
 */
export function soaNotes(parts: readonly DnsPart[], live: LiveState): string[] {
  const byZone = new Map<string, { provider: string; fields: string[] }[]>();
  for (const { name: provider, implicit, desired } of parts) {
    // Without `providers:` a zone has one provider: nothing to compare (skipping it is only quicker).
    // Stryker disable next-line ConditionalExpression: equivalent, as said above
    if (implicit !== undefined) continue;
    const state = providerLive(live, provider);
    for (const { zone } of desired.zones) {
      const found: LiveZone | null | undefined = Object.hasOwn(state.zones, zone)
        ? state.zones[zone]
        : undefined;
      const value = found?.soa?.records[0]?.value;
      if (value === undefined) continue;
      byZone.set(zone, [...(byZone.get(zone) ?? []), { provider, fields: value.split(' ') }]);
    }
  }
  const notes: string[] = [];
  for (const [zone, soas] of byZone) {
    const differing = SOA_FIELDS.flatMap((field, index) => {
      const values = soas.map((soa) => soa.fields[index]);
      if (new Set(values).size < 2) return [];
      return [`${field} ${soas.map((soa, at) => `${soa.provider} ${values[at]}`).join(', ')}`];
    });
    if (differing.length === 0) continue;
    notes.push(
      `zone ${zone}: the SOA of its providers differ (${differing.join('; ')}); secondaries and resolvers follow ` +
        'the timers of whichever server they ask: set them alike with "@": { soa: {...} }',
    );
  }
  return notes;
}

/**
 * A note for a zone that exists and declares `soa` while its provider gave no SOA the model can hold (an RNAME
 * with an escaped dot, a set of two SOA records): the declared fields are not planned, rather than written over
 * what was not read. A provider that never reads its SOA refuses `soa` at validation, so it is never the cause.
 * `shown`: the zone's provider as the plan shows it (model/shown-provider.ts; none for the implicit provider).
 */
export function unreadSoaNote(
  desired: DesiredZone,
  live: LiveZone | null,
  shown: string | undefined,
): string[] {
  const declared = desired.records.some((set) => set.type === 'SOA');
  if (!declared || live === null || live.soa !== undefined) return [];
  const where = shown === undefined ? '' : ` on ${shown}`;
  return [
    `zone ${desired.zone}${where}: its SOA could not be read as one record with plain names, so the soa it ` +
      'declares is not planned; check the SOA the provider serves',
  ];
}
