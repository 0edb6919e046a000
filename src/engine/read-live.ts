import type { DesiredState, DnsProvider, DnsReader, LiveDnsState } from '../model/dns.js';
import { type DnsPart, dnsParts } from '../model/dns-providers.js';
import { readsGeoServices, readsSecondaryZones, usesDns } from '../model/dns-scope.js';
import type { LiveState } from '../model/live.js';
import { ownValue } from '../model/own-value.js';
import type { Providers } from './providers.js';

/**
 * Reads live state of exactly what the desired state names (zones by name; all secondary zones and all geo
 * services, one list request each, only when the desired state has any or owns the section; the named webapps),
 * every service in parallel. Each DNS provider reads its own part (model/dns-providers.ts) into `dns` under its
 * name, all at once. The account's zone list comes with the zones; with secondary zones but no primary zone desired
 * it is read alone (one request), so that a secondary zone named like a live primary zone is a plan error rather
 * than a refused apply.
 */
export async function readLive(desired: DesiredState, providers: Providers): Promise<LiveState> {
  if (desired.waf && !providers.waf)
    throw new Error('readLive: the desired state has a waf section but no WAF provider');
  const wafRefs = desired.waf?.webapps.map((webapp) => webapp.ref) ?? [];
  const parts = dnsParts(desired);
  const [dns, wafState] = await Promise.all([
    Promise.all(parts.map(async (part) => [part.name, await readPart(part, providers)] as const)),
    desired.waf ? providers.waf?.readWaf(wafRefs) : undefined,
  ]);
  return { dns: Object.fromEntries(dns), ...(wafState ? { waf: wafState } : {}) };
}

async function readPart(part: DnsPart, providers: Providers): Promise<LiveDnsState> {
  const { desired } = part;
  if (!usesDns(desired)) return { zones: {} };
  const dns: DnsProvider | undefined = ownValue(providers.dns ?? {}, part.name);
  if (!dns) throw new Error(`readLive: the desired state names DNS objects but no DNS provider ${part.name}`);
  // A provider without secondary zones or geo services (no reader) holds none: nothing to read, nothing to delete.
  const [live, secondaryZones, geoServices] = await Promise.all([
    readZones(dns, desired),
    readsSecondaryZones(desired) ? (dns.readSecondaryZones?.() ?? []) : undefined,
    readsGeoServices(desired) ? (dns.readGeoServices?.() ?? []) : undefined,
  ]);
  return {
    ...live,
    ...(secondaryZones ? { secondaryZones } : {}),
    ...(geoServices ? { geoServices } : {}),
  };
}

function readZones(dns: DnsReader, desired: DesiredState): Promise<LiveDnsState> | LiveDnsState {
  if (desired.zones.length > 0) return dns.readZones(desired.zones.map((zone) => zone.zone));
  if ((desired.secondaryZones?.length ?? 0) === 0 || !dns.readAccountZones) return { zones: {} };
  return dns.readAccountZones().then((accountZones) => ({ zones: {}, accountZones }));
}
