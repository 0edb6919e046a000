import type { Change } from '../../../src/model/change.js';
import type { LiveDnsState, LiveZone } from '../../../src/model/dns.js';
import type { LiveSecondaryZone } from '../../../src/model/secondary.js';
import { isChangeOf } from '../../../src/plan/index.js';

/**
 * What the live state becomes once a plan's CHANGES are made (not its ops: those are the provider's, tested
 * there): a created zone exists, empty; a record set is replaced by its `after` value (all records with its TTL)
 * or removed; a secondary zone or geo service takes its `after` value or goes. Strict: a change whose `before`
 * does not describe the live state it meets throws, so a plan that misreads live state cannot converge by luck.
 */
export function simulateChanges(live: LiveDnsState, changes: readonly Change[]): LiveDnsState {
  const zones: Record<string, LiveZone | null> = structuredClone(live.zones);
  let secondaries = structuredClone(live.secondaryZones ?? []);
  let geo = structuredClone(live.geoServices ?? []);
  let ref = 1_000_000;
  for (const change of changes) {
    if (isChangeOf(change, 'zone')) {
      const { zone } = change.address;
      if (zones[zone]) throw new Error(`create of existing zone ${zone}`);
      zones[zone] = { zone, serial: 0, serialStyle: 'increment', records: [], unsupported: [] };
    } else if (isChangeOf(change, 'record-set')) {
      const { zone, fqdn, type } = change.address;
      const found = zones[zone];
      if (!found) throw new Error(`${change.action} of ${fqdn} ${type} in absent zone ${zone}`);
      const same = (set: { fqdn: string; type: string }) => set.fqdn === fqdn && set.type === type;
      const had = found.records.some((set) => same(set) && set.records.length > 0);
      if (had !== (change.before !== null))
        throw new Error(`${change.action} of ${fqdn} ${type}: before is wrong`);
      found.records = found.records.filter((set) => !same(set));
      if (change.after) {
        const { ttl, values } = change.after;
        found.records.push({
          fqdn,
          type,
          records: values.map((value) => ({ value, ttl, ref: String(ref++) })),
        });
      }
    } else if (isChangeOf(change, 'secondary')) {
      const { zone } = change.address;
      secondaries = secondaries.filter((s) => s.zone !== zone);
      if (change.after) {
        const { masters, contactNickname = '', tsigKeyName = '' } = change.after;
        secondaries.push({
          zone,
          masters,
          contactNickname,
          tsigKeyName,
          active: 'Y',
        } satisfies LiveSecondaryZone);
      }
    } else if (isChangeOf(change, 'geo')) {
      const { name } = change.address;
      geo = geo.filter((s) => s.name !== name);
      if (change.after) geo.push({ name, ...change.after });
    }
  }
  return {
    zones,
    ...(live.secondaryZones ? { secondaryZones: secondaries } : {}),
    ...(live.geoServices ? { geoServices: geo } : {}),
  };
}
