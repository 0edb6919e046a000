import type { GeoGroup, GeoNode } from '../model/geo.js';
import type { ChangeAction } from './types.js';

/**
 * The plan sections for secondary zones and geo services, for people (apply executes `steps` only). Plain data,
 * every array sorted as documented, so equal inputs serialise identically.
 */

/** A secondary zone's managed values; `contactNickname`/`tsigKeyName` only when set. */
export interface SecondaryZoneValue {
  masters: string[];
  contactNickname?: string;
  tsigKeyName?: string;
}

export interface SecondaryZonePlan {
  action: ChangeAction;
  zone: string;
  /** A delete: the zone and its data go away (`settings.secondary_zones.manage: all`). */
  destructive: boolean;
  before: SecondaryZoneValue | null;
  after: SecondaryZoneValue | null;
}

/** One group of a geo service, matched by name: `before`/`after` null when it is created/deleted. */
export interface GeoGroupChange {
  action: ChangeAction;
  name: string;
  before: GeoGroup | null;
  after: GeoGroup | null;
}

export interface GeoServicePlan {
  action: ChangeAction;
  name: string;
  /** A delete: the service and every link go away (`settings.geo_services.manage: all`). */
  destructive: boolean;
  /** Only groups that change, sorted by name. */
  groups: GeoGroupChange[];
  /** Nodes the apply links, and unlinks, each sorted by zone then fqdn. */
  linked: GeoNode[];
  unlinked: GeoNode[];
}
