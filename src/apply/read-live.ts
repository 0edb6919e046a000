import type { DesiredState } from '../model/dns.js';
import { readsGeoServices, readsSecondaryZones } from '../model/dns-scope.js';
import type { LiveState } from '../model/live.js';
import type { LiveReaders } from './plan-live.js';

/**
 * Reads live state of exactly what the desired state names (zones by name; all secondary zones and all geo
 * services, one list request each, only when the desired state has any or owns the section; the named webapps),
 * every service in parallel.
 */
export async function readLive(desired: DesiredState, readers: LiveReaders): Promise<LiveState> {
  const { dns } = readers;
  if (desired.waf && !readers.waf)
    throw new Error('planLive: the desired state has a waf section but no WAF reader');
  const wafRefs = desired.waf?.webapps.map((webapp) => webapp.ref) ?? [];
  const [live, secondaryZones, geoServices, waf] = await Promise.all([
    dns.readZones(desired.zones.map((zone) => zone.zone)),
    readsSecondaryZones(desired) ? dns.readSecondaryZones() : undefined,
    readsGeoServices(desired) ? dns.readGeoServices() : undefined,
    desired.waf ? readers.waf?.readWaf(wafRefs) : undefined,
  ]);
  return {
    ...live,
    ...(secondaryZones ? { secondaryZones } : {}),
    ...(geoServices ? { geoServices } : {}),
    ...(waf ? { waf } : {}),
  };
}
