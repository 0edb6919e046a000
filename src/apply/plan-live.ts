import type { DesiredState, DnsReader } from '../model/dns.js';
import { readsGeoServices, readsSecondaryZones } from '../model/dns-scope.js';
import type { WafReader } from '../model/waf.js';
import { computePlan } from '../plan/index.js';
import type { Plan } from '../plan/types.js';

/** The providers a plan reads from, one per service. */
export interface LiveReaders {
  dns: DnsReader;
  /** Required when the desired state has a `waf` section. */
  waf?: WafReader;
}

/**
 * Reads live state of exactly what the desired state names (zones by name; all secondary zones and all geo
 * services, one list request each, only when the desired state has any or owns the section), then computes the
 * plan (pure).
 */
export async function planLive(desired: DesiredState, readers: LiveReaders): Promise<Plan> {
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
  return computePlan(desired, {
    ...live,
    ...(secondaryZones ? { secondaryZones } : {}),
    ...(geoServices ? { geoServices } : {}),
    ...(waf ? { waf } : {}),
  });
}
