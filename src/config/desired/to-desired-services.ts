import { compareStrings } from '../../model/compare.js';
import type { DesiredState } from '../../model/dns.js';
import {
  DEFAULT_GEO_LABEL,
  DEFAULT_GEO_WEIGHT,
  type GeoRecords,
  type GeoService,
  sortGeoService,
} from '../../model/geo.js';
import { aLabelName } from '../../model/idn.js';
import { sortAddresses } from '../../model/ipv4.js';
import { normaliseName } from '../../model/names.js';
import type { DesiredSecondaryZone } from '../../model/secondary.js';
import { type MergedServices, settingsToPlain } from '../read/merge-services.js';
import { toPlain } from '../read/positioned.js';
import { toSafetyPolicy } from '../schema/safety-schema.js';
import {
  type GeoGroupDocument,
  GeoServiceSchema,
  SecondaryZoneSchema,
  SettingsSchema,
} from '../schema/schema-services.js';
import type { ReadGeoGroup } from './read-records.js';
import type { TypedValues } from './record-values.js';

type Services = Required<Pick<DesiredState, 'geoServices' | 'manage'>> &
  Pick<DesiredState, 'safety'> & { secondaryZones: Omit<DesiredSecondaryZone, 'providers'>[] };

/**
 * The validated `secondary_zones`, `geo_services` and `settings` in model form: zone and node names normalised,
 * geo service names kept exactly as written, group data canonical (read-records.ts), sets sorted and unique,
 * every section present (empty when absent). Each entry's value is parsed on its own, so no name is ever a key
 * of an object built here.
 */
export function toDesiredServices(services: MergedServices, geoGroups: readonly ReadGeoGroup[]): Services {
  const secondaryZones = services.secondaryZones.map((entry): Omit<DesiredSecondaryZone, 'providers'> => {
    const zone = SecondaryZoneSchema.parse(toPlain(entry.value));
    return {
      zone: normaliseName(entry.key),
      at: entry.keyPos,
      masters: sortAddresses(zone.masters),
      contactNickname: zone.contact_nickname ?? null,
      tsigKeyName: zone.tsig_key_name ?? null,
    };
  });
  const geoServices = services.geoServices.map((entry): GeoService => {
    const service = GeoServiceSchema.parse(toPlain(entry.value));
    const groups = service.groups.map((group, index) => {
      const read = geoGroups.find((candidate) => candidate.service === entry && candidate.index === index);
      const records = (read?.sets ?? []).map((set) => geoRecords(set, group));
      return { name: group.name, countries: group.countries, records };
    });
    const nodes = (service.nodes ?? []).map((n) => ({
      zone: normaliseName(aLabelName(n.zone)),
      fqdn: normaliseName(aLabelName(n.fqdn)),
    }));
    return sortGeoService({
      name: entry.key,
      groups,
      nodes,
      at: entry.keyPos,
      ...(service.ttl === undefined ? {} : { ttl: service.ttl }),
      ...(service.active === undefined ? {} : { active: service.active }),
      ...(service.renamed_from === undefined ? {} : { renamedFrom: service.renamed_from }),
    });
  });
  const settings = SettingsSchema.parse(settingsToPlain(services));
  return {
    secondaryZones: secondaryZones.sort((a, b) => compareStrings(a.zone, b.zone)),
    geoServices: geoServices.sort((a, b) => compareStrings(a.name, b.name)),
    manage: {
      secondaryZones: settings.secondary_zones?.manage ?? 'listed',
      geoServices: settings.geo_services?.manage ?? 'listed',
    },
    ...(settings.safety ? { safety: toSafetyPolicy(settings.safety) } : {}),
  };
}

/**
 * One type of a group in the model: its values, and the options the YAML gives. Once one value of a type has a
 * weight (or label), every value of it has one, the service's default for the others; none: not managed.
 */
function geoRecords(set: TypedValues, group: GeoGroupDocument): GeoRecords {
  const values = set.values.map((placed) => placed.value);
  const option = <T>(field: 'weight' | 'label', check: (v: unknown) => v is T, fallback: T) =>
    set.values.some((placed) => check(placed.options?.[field]))
      ? set.values.map((placed) => {
          const given = placed.options?.[field];
          return check(given) ? given : fallback;
        })
      : undefined;
  const weights = option('weight', (v): v is number => typeof v === 'number', DEFAULT_GEO_WEIGHT);
  const labels = option('label', (v): v is string => typeof v === 'string', DEFAULT_GEO_LABEL);
  const key = set.type.key;
  const serveCount = group.serve_count?.[key];
  const ttl = group.ttl?.[key];
  return {
    type: set.type.type,
    values,
    ...(weights ? { weights } : {}),
    ...(labels ? { labels } : {}),
    ...(typeof serveCount === 'number' ? { serveCount } : {}),
    ...(typeof ttl === 'number' ? { ttl } : {}),
  };
}
