import type { DesiredZone, LiveZone } from '../../model/dns.js';
import { compareRecordSets } from '../../model/record-set.js';

/**
 * A live zone as the diff sees it. The zone's own apex NS set (`LiveZone.apexNs`) names the servers the parent's
 * delegation points at (RFC 1034 §4.2.2): it joins the zone's record sets, and so is compared, changed and checked,
 * only when the desired zone declares an apex NS set (`"@": { ns: [...] }`). A zone that does not leaves it as it is
 * live, whatever its `manage:`, so that no plan ever deletes it.
 */
export function withDeclaredApexNs(live: LiveZone, desired: DesiredZone): LiveZone {
  const declared = desired.records.some((set) => set.type === 'NS' && set.fqdn === desired.zone);
  if (!declared || live.apexNs === undefined) return live;
  // Records keep the order LiveZone.records promises; the diff orders its changes itself, so not sorting is equivalent.
  // Stryker disable next-line MethodExpression: equivalent, as said above
  return { ...live, records: [...live.records, live.apexNs].sort(compareRecordSets) };
}
