import type { ForeignRecord } from './foreign-record.js';
import type { GeoService } from './geo.js';
import type { LiveRecordSet } from './record-set.js';
import type { LiveSecondaryZone } from './secondary.js';
import type { LiveWebapp } from './waf.js';

/**
 * Everything `edgeplan import` reads live: each object in model form, beside what the model cannot express about
 * it. Read by providers (dyn/read/read-inventory.ts, waf/read-inventory.ts), turned into YAML by import/documents.ts.
 */

export interface ZoneInventory {
  zone: string;
  /** Every record set of a type the provider supports, as plan reads them (`LiveZone.records`). */
  records: LiveRecordSet[];
  /**
   * `<fqdn> <TYPE>` of records of other types, sorted (`LiveZone.unsupported`); SOA and the apex NS records (the
   * service's own) left out.
   */
  unsupported: string[];
  /** Those records with their TTL and rdata, when the provider reads them (`LiveZone.foreign`). */
  foreign?: ForeignRecord[];
  /**
   * `<fqdn> <TYPE>` of records the zone serves that the provider keeps for itself (its SOA, its apex NS set) or
   * that are there but not served (disabled), sorted: never managed, listed by import. Absent: none worth naming.
   */
  providerOwned?: string[];
}

export interface GeoInventory {
  service: GeoService;
  /**
   * Why the service cannot be written as desired state (group record data of a type geo groups cannot manage, a
   * group without record data, an unknown country code); empty when it can.
   */
  problems: string[];
}

export interface DnsInventory {
  zones: ZoneInventory[];
  secondaryZones: LiveSecondaryZone[];
  geoServices: GeoInventory[];
}

export interface WafInventory {
  webapps: LiveWebapp[];
  /** Selected webapps the API client may not read (403), as `name (id)`: listed, not imported. */
  unreadable?: string[];
}

/** Which DNS objects a provider's inventory holds, by name: what `edgeplan import` selected. */
export interface DnsInventorySelection {
  zones(name: string): boolean;
  geoServices(name: string): boolean;
  /**
   * The zones `--zones` names one by one (no glob), for a provider that cannot list its zones (an RFC 2136 server);
   * undefined when `--zones` is absent or holds a glob.
   */
  zoneNames?: readonly string[];
}

/** Which objects to import, by name (globs); `undefined`: every one of that kind. */
export interface ImportSelection {
  zones?: (name: string) => boolean;
  geoServices?: (name: string) => boolean;
  webapps?: (name: string) => boolean;
}
