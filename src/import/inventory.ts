import type { LiveNode } from '../model/dns.js';
import type { GeoService } from '../model/geo.js';
import type { LiveSecondaryZone } from '../model/secondary.js';
import type { LiveWebapp } from '../model/waf.js';

/**
 * Everything `edgeplan import` reads live: each object in model form, beside what the model cannot express about
 * it. Read by providers (dyn/read-inventory.ts, waf/read-inventory.ts), turned into YAML by import/documents.ts.
 */

export interface ZoneInventory {
  zone: string;
  /** A records by node, as plan reads them. */
  nodes: LiveNode[];
  /** Records of other types, `<fqdn> <TYPE>`, sorted; SOA and the apex NS records (the service's own) left out. */
  otherRecords: string[];
}

export interface GeoInventory {
  service: GeoService;
  /** Why the service cannot be written as desired state (non-A rdata, a group without A rdata, …); empty when it can. */
  problems: string[];
}

export interface DnsInventory {
  zones: ZoneInventory[];
  secondaryZones: LiveSecondaryZone[];
  geoServices: GeoInventory[];
}

export interface WafInventory {
  webapps: LiveWebapp[];
}

/** Which objects to import, by name (globs); `undefined`: every one of that kind. */
export interface ImportSelection {
  zones?: (name: string) => boolean;
  geoServices?: (name: string) => boolean;
  webapps?: (name: string) => boolean;
}
