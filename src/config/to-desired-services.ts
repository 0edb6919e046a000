import type { DesiredState } from '../model/dns.js';
import { type GeoService, sortGeoService } from '../model/geo.js';
import { sortAddresses } from '../model/ipv4.js';
import { normaliseName } from '../model/names.js';
import type { DesiredSecondaryZone } from '../model/secondary.js';
import { toSafetyPolicy } from './safety-schema.js';
import type { DesiredStateDocument } from './schema.js';

type Services = Required<Pick<DesiredState, 'secondaryZones' | 'geoServices' | 'manage'>> &
  Pick<DesiredState, 'safety'>;

/**
 * The validated `secondary_zones`, `geo_services` and `settings` in model form: zone and node names normalised,
 * geo service names kept exactly as written, sets sorted and unique, every section present (empty when absent).
 */
export function toDesiredServices(document: DesiredStateDocument): Services {
  const secondaryZones = Object.entries(document.secondary_zones ?? {}).map(
    ([name, zone]): DesiredSecondaryZone => ({
      zone: normaliseName(name),
      masters: sortAddresses(zone.masters),
      contactNickname: zone.contact_nickname ?? null,
      tsigKeyName: zone.tsig_key_name ?? null,
    }),
  );
  const geoServices = Object.entries(document.geo_services ?? {}).map(
    ([name, service]): GeoService =>
      sortGeoService({
        name,
        groups: service.groups.map((g) => ({ name: g.name, countries: g.countries, addresses: g.a })),
        nodes: (service.nodes ?? []).map((n) => ({
          zone: normaliseName(n.zone),
          fqdn: normaliseName(n.fqdn),
        })),
      }),
  );
  return {
    secondaryZones: secondaryZones.sort((a, b) => compare(a.zone, b.zone)),
    geoServices: geoServices.sort((a, b) => compare(a.name, b.name)),
    manage: {
      secondaryZones: document.settings?.secondary_zones?.manage ?? 'listed',
      geoServices: document.settings?.geo_services?.manage ?? 'listed',
    },
    ...(document.settings?.safety ? { safety: toSafetyPolicy(document.settings.safety) } : {}),
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
