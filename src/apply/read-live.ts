import type { DesiredState, DnsReader, LiveDnsState } from '../model/dns.js';
import { readsGeoServices, readsSecondaryZones, usesDns } from '../model/dns-scope.js';
import type { LiveState } from '../model/live.js';
import type { Providers } from './providers.js';

/**
 * Reads live state of exactly what the desired state names (zones by name; all secondary zones and all geo
 * services, one list request each, only when the desired state has any or owns the section; the named webapps),
 * every service in parallel. The account's zone list comes with the zones; with secondary zones but no primary
 * zone desired it is read alone (one request), so that a secondary zone named like a live primary zone is a plan
 * error rather than a refused apply.
 */
export async function readLive(desired: DesiredState, providers: Providers): Promise<LiveState> {
  const { dns, waf } = providers;
  if (usesDns(desired) && !dns)
    throw new Error('readLive: the desired state names DNS objects but no DNS provider');
  if (desired.waf && !waf)
    throw new Error('readLive: the desired state has a waf section but no WAF provider');
  const wafRefs = desired.waf?.webapps.map((webapp) => webapp.ref) ?? [];
  const [live, secondaryZones, geoServices, wafState] = await Promise.all([
    dns ? readZones(dns, desired) : { zones: {} },
    dns && readsSecondaryZones(desired) ? dns.readSecondaryZones() : undefined,
    dns && readsGeoServices(desired) ? dns.readGeoServices() : undefined,
    desired.waf ? waf?.readWaf(wafRefs) : undefined,
  ]);
  return {
    ...live,
    ...(secondaryZones ? { secondaryZones } : {}),
    ...(geoServices ? { geoServices } : {}),
    ...(wafState ? { waf: wafState } : {}),
  };
}

function readZones(dns: DnsReader, desired: DesiredState): Promise<LiveDnsState> | LiveDnsState {
  if (desired.zones.length > 0) return dns.readZones(desired.zones.map((zone) => zone.zone));
  if ((desired.secondaryZones?.length ?? 0) === 0) return { zones: {} };
  return dns.readAccountZones().then((accountZones) => ({ zones: {}, accountZones }));
}
