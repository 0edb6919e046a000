import type { DesiredZone, LiveZone } from '../../model/dns.js';
import { compareRecordSets, type LiveRecordSet } from '../../model/record-set.js';

/**
 * A live zone as the diff sees it. The zone's own apex NS set (`LiveZone.apexNs`) names the servers the parent's
 * delegation points at (RFC 1034 §4.2.2), and its SOA (`LiveZone.soa`) is the provider's: each joins the zone's
 * record sets, and so is compared, changed and checked, only when the desired zone declares it
 * (`"@": { ns: [...] }`, `"@": { soa: {...} }`). A zone that does not leaves it as it is live, whatever its
 * `manage:`, so that no plan ever deletes it.
 */
export function withDeclaredApexNs(live: LiveZone, desired: DesiredZone): LiveZone {
  const declared = (type: string) =>
    desired.records.some((set) => set.type === type && set.fqdn === desired.zone);
  const joined: LiveRecordSet[] = [];
  if (live.apexNs !== undefined && declared('NS')) joined.push(live.apexNs);
  if (live.soa !== undefined && declared('SOA')) joined.push(live.soa);
  if (joined.length === 0) return live;
  // Records keep the order LiveZone.records promises; the diff orders its changes itself, so not sorting is equivalent.
  // Stryker disable next-line MethodExpression: equivalent, as said above
  return { ...live, records: [...live.records, ...joined].sort(compareRecordSets) };
}
