import type { GeoOp, GeoService } from './geo.js';
import type { SafetyPolicy } from './safety.js';
import type { DesiredSecondaryZone, LiveSecondaryZone, ManageMode, SecondaryOp } from './secondary.js';
import type { DesiredWaf } from './waf.js';

export type * from './geo.js';
export type * from './secondary.js';

/**
 * Domain types of the DNS side, shared by config, plan, apply and providers. All names are normalised
 * (see names.ts) and all collections sorted, so that two equal states serialise to the same JSON.
 */

export type SerialStyle = 'increment' | 'epoch' | 'day' | 'minute';

/** TTL used when neither the record nor its zone's `default_ttl` gives one. */
export const DEFAULT_TTL = 3600;

/** The service refuses more than this many A records at one node (api/dyn.md §5). */
export const MAX_A_RECORDS_PER_NODE = 13;

/** The value of one A record set: one TTL for the whole set, addresses in `sortAddresses` order. */
export interface ARecordSet {
  fqdn: string;
  ttl: number;
  addresses: string[];
}

export interface DesiredZone {
  zone: string;
  /** `default_ttl` of the zone (DEFAULT_TTL when absent); also the TTL of a zone the plan creates. */
  defaultTtl: number;
  /** Sorted by fqdn; every record set has a concrete TTL (its own, else the zone's default). */
  records: ARecordSet[];
  /** Globs on names relative to the zone (`@` for the apex); matching names are never touched. */
  unmanaged: string[];
}

export interface DesiredState {
  /** Sorted by zone name. */
  zones: DesiredZone[];
  /** Sorted by zone name; config always fills it (absent = none). */
  secondaryZones?: DesiredSecondaryZone[];
  /** Sorted by name; config always fills it (absent = none). */
  geoServices?: GeoService[];
  /** Which secondary zones and geo services edgeplan owns; absent = `listed` for both. */
  manage?: { secondaryZones: ManageMode; geoServices: ManageMode };
  /** `settings.safety`; absent = DEFAULT_SAFETY (safety.ts). */
  safety?: SafetyPolicy;
  /** The `waf` section; absent when no file has one (the WAF service is then never contacted). */
  waf?: DesiredWaf;
}

/** One live A record. `recordId` is the provider's opaque reference; it never takes part in equality. */
export interface LiveARecord {
  recordId: number;
  address: string;
  ttl: number;
}

/** The A records at one live node, sorted by address then recordId. */
export interface LiveNode {
  fqdn: string;
  records: LiveARecord[];
}

export interface LiveZone {
  zone: string;
  serial: number;
  serialStyle: SerialStyle;
  /** Nodes holding at least one A record, sorted by fqdn. Other record types are not read into the model. */
  nodes: LiveNode[];
}

export interface LiveDnsState {
  /** One entry per zone that was asked for; `null` when the zone does not exist live. */
  zones: Record<string, LiveZone | null>;
  /** Every secondary zone of the account, sorted by zone; absent = not read. */
  secondaryZones?: LiveSecondaryZone[];
  /** Every geo service of the account, in `sortGeoService` form, sorted by name; absent = not read. */
  geoServices?: GeoService[];
}

/**
 * One write the apply will make, plain data so a plan can be saved and reviewed. Providers map each op to
 * exactly one API request.
 */
export type DnsOp = ZoneOp | SecondaryOp | GeoOp;

/** The ops of a zone step: pending in the session until the zone's one `publish`. */
export type ZoneOp =
  | { kind: 'create-zone'; zone: string; rname: string; ttl: number; serialStyle: SerialStyle }
  | { kind: 'add-record'; zone: string; fqdn: string; address: string; ttl: number }
  | { kind: 'update-record'; zone: string; fqdn: string; recordId: number; address: string; ttl: number }
  | { kind: 'delete-record'; zone: string; fqdn: string; recordId: number }
  /** Every A record at the node becomes `addresses` (sorted), all with `ttl`: one request however many change. */
  | { kind: 'replace-records'; zone: string; fqdn: string; addresses: string[]; ttl: number }
  /** Every A record at the node is deleted: one request however many there are. */
  | { kind: 'delete-records'; zone: string; fqdn: string }
  | { kind: 'publish'; zone: string };

/** What plan needs to read: live state of the named zones. */
export interface DnsReader {
  readZones(zones: readonly string[]): Promise<LiveDnsState>;
  /** Every secondary zone of the account, in as few requests as the service allows. */
  readSecondaryZones(): Promise<LiveSecondaryZone[]>;
  /** Every geo service of the account, in as few requests as the service allows. */
  readGeoServices(): Promise<GeoService[]>;
}

/**
 * What apply needs to write. `execute` runs one op inside the provider's session (changes stay pending until the
 * zone's `publish` op); `discardPending` drops the session's unpublished changes of one zone.
 */
export interface DnsWriter {
  execute(op: DnsOp): Promise<void>;
  discardPending(zone: string): Promise<void>;
}

export interface DnsProvider extends DnsReader, DnsWriter {
  /** Ends the session (log out). Safe to call more than once. */
  close(): Promise<void>;
}
