import type { PublishNotRead, PublishRecord } from './audit-note.js';
import type { SourcePosition } from './diagnostic.js';
import type { DnsProviderSpec } from './dns-provider-spec.js';
import type { ForeignRecord } from './foreign-record.js';
import type { GeoService } from './geo.js';
import type { DnsInventory, DnsInventorySelection } from './inventory.js';
import type { DnsCapabilities, DnsCompiler, ProviderAccount, StepWriter } from './provider.js';
import type { LiveRecordSet, RecordSet } from './record-set.js';
import type { SafetyPolicy } from './safety.js';
import type { DesiredSecondaryZone, LiveSecondaryZone, ManageMode } from './secondary.js';
import type { UnmanagedEntry } from './unmanaged.js';
import type { DesiredWaf } from './waf.js';
import type { SerialStyle } from './zone.js';

export type * from './geo.js';
export type * from './record-set.js';
export type * from './secondary.js';
export { DEFAULT_TTL, type SerialStyle } from './zone.js';

/**
 * Domain types of the DNS side, shared by config, plan, apply and providers. All names are normalised
 * (see names.ts) and all collections sorted, so that two equal states serialise to the same JSON.
 */

export interface DesiredZone {
  zone: string;
  /**
   * Lint errors of this zone's sets that their `allow_lints` allows as they are (config/lints/lint-allowances.ts):
   * a plan that creates or changes one of these sets refuses it. Absent: none. Never part of a digest.
   */
  allowedFindings?: AllowedFinding[];
  /** Where the zone is first named, for problems found against live state. Never part of a digest. */
  at?: SourcePosition;
  /** `default_ttl` of the zone (DEFAULT_TTL when absent); also the TTL of a zone the plan creates. */
  defaultTtl: number;
  /** Sorted by fqdn, then type; every set has a concrete TTL (its own, else the zone's default). */
  records: RecordSet[];
  /** What other tools own (model/unmanaged.ts), in load order: never created, changed or deleted. */
  unmanaged: UnmanagedEntry[];
  /**
   * `manage: declared`: edgeplan creates and changes only the record sets `records` names, and deletes others only
   * when `absent` lists them. Absent: `all`, every managed set not in `records` is deleted.
   */
  manage?: 'declared';
  /** `absent:` of a `declared` zone: sets to delete, by fqdn (every type there) or fqdn and type; sorted. */
  absent?: AbsentSet[];
  /**
   * `false` when no file gives the zone a `records` map: a plan that would delete live records of it refuses
   * instead (a records file that was not read looks like this). Absent: given, if only as `records: {}`.
   */
  recordsGiven?: false;
  /**
   * `create:`: how the zone is set up if the plan creates it, and the declaration that creating it is meant (the
   * `zone-create` safety rule holds back creating a zone without one). Absent: not declared.
   */
  create?: ZoneCreate;
  /** The DNS providers the zone is on, by name, sorted (the implicit provider's name without `providers:`). */
  providers: string[];
  /** `same_as:`: the zone whose record sets this zone serves too (normalised). Absent: none. */
  sameAs?: string;
  /** `templates:`: the templates the zone lists, by name, sorted. Absent: none. Never part of a digest. */
  templates?: string[];
}

/** A lint error of a desired set that `allow_lints` allows: the set, the lint's name, the finding's message. */
export interface AllowedFinding {
  fqdn: string;
  type: string;
  lint: string;
  message: string;
}

/** An `absent:` entry: the record set of `type` at `fqdn`, or every managed set there when `type` is absent. */
export interface AbsentSet {
  fqdn: string;
  type?: string;
}

/** A zone's `create:` settings; each absent one takes its default (`hostmaster@<zone>`, `increment`). */
export interface ZoneCreate {
  /** The SOA contact (RNAME) as an email address. */
  contact?: string;
  serialStyle?: SerialStyle;
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
  /**
   * The DNS providers, sorted by name (dns-providers.ts): the `providers:` section, or without one the provider the
   * loader creates, IMPLICIT_PROVIDER (one Dyn provider from EDGEPLAN_DYN_*; shown-provider.ts).
   */
  dnsProviders: DnsProviderSpec[];
  /** The provider that holds the geo services (the one that supports them), when any is used. */
  geoProvider?: string;
}

export interface LiveZone {
  zone: string;
  serial: number;
  serialStyle: SerialStyle;
  /**
   * Every record set of a registered type the provider supports, sorted by fqdn then type; the service's own
   * records (SOA, the apex NS set) left out.
   */
  records: LiveRecordSet[];
  /**
   * The zone's own apex NS set, read by a provider that writes it (`DnsCapabilities.apexNs`); absent otherwise. The
   * diff counts it among `records` only for a zone whose desired state declares it (plan/diff/declared-apex-ns.ts).
   */
  apexNs?: LiveRecordSet;
  /**
   * The zone's SOA, read by a provider that writes it (`DnsCapabilities.soa`): one record, its value without the
   * serial (record-types/soa.ts), its `ref` the serial as read. The diff counts it among `records` only for a zone
   * whose desired state declares `soa` (plan/diff/declared-apex-ns.ts).
   */
  soa?: LiveRecordSet;
  /** `<fqdn> <TYPE>` of live records edgeplan cannot manage (other types), sorted: never touched, shown by import. */
  unsupported: string[];
  /**
   * Those records with their TTL and rdata (`sortForeign` order), when the provider reads them: listed by import
   * and by the plan, never in a step. Absent: there are none, or the provider names them only (`unsupported`).
   */
  foreign?: ForeignRecord[];
  /**
   * The zone's DNSKEY set is served from where its reader does not look (PowerDNS's keystore), so a CDS or
   * CDNSKEY is not checked against live keys at plan time (plan/diff/key-match-checks.ts). Absent: the records
   * read are what the zone serves.
   */
  keysApart?: true;
}

export interface LiveDnsState {
  /**
   * One entry per zone that was asked for; `null` when the zone does not exist live as a primary zone (it may be a
   * secondary zone: `accountZones` says). Read with `Object.hasOwn`.
   */
  zones: Record<string, LiveZone | null>;
  /** Every zone of the account, primary and secondary, sorted by name: read with the zones; absent = not read. */
  accountZones?: AccountZone[];
  /** Every secondary zone of the account, sorted by zone; absent = not read. */
  secondaryZones?: LiveSecondaryZone[];
  /** Every geo service of the account, in `sortGeoService` form, sorted by name; absent = not read. */
  geoServices?: GeoService[];
}

/** A zone of the account as the zone list names it; `type` absent when the service did not say. */
export interface AccountZone {
  zone: string;
  type?: 'primary' | 'secondary';
}

/** What plan needs to read of a DNS provider. */
export interface DnsReader {
  /** The named zones, and the account's zone list they were found in (`accountZones`). */
  readZones(zones: readonly string[]): Promise<LiveDnsState>;
  /**
   * Every zone of the account, primary and secondary: one list request. Absent when the provider does not read it
   * (the checks that need it are skipped then).
   */
  readAccountZones?(): Promise<AccountZone[]>;
  /**
   * Every secondary zone of the account, in as few requests as the service allows. Absent exactly when the
   * provider has no secondary zones (`capabilities.secondaryZones` false): it holds none.
   */
  readSecondaryZones?(): Promise<LiveSecondaryZone[]>;
  /**
   * Every geo service of the account, in as few requests as the service allows. Absent exactly when the provider
   * has no geo services (`capabilities.geoServices` false): it holds none.
   */
  readGeoServices?(): Promise<GeoService[]>;
  /**
   * Everything `edgeplan import` writes from this provider: the selected zones (every record set, and what the
   * model cannot hold named), secondary zones and geo services. Absent: the provider cannot be imported from.
   */
  readInventory?(select: DnsInventorySelection): Promise<DnsInventory>;
}

/** A DNS provider with secondary zones: their reader and compiler present. */
export type WithSecondaryZones = Required<Pick<DnsProvider, 'readSecondaryZones' | 'compileSecondary'>>;
/** A DNS provider with geo services: their reader and compiler present. */
export type WithGeoServices = Required<Pick<DnsProvider, 'readGeoServices' | 'compileGeo'>>;

/** A DNS provider: what it can do, how it compiles changes into calls, how it reads and writes. */
export interface DnsProvider extends DnsReader, DnsCompiler, StepWriter {
  /** Which provider executes a plan step (`PlanStep.provider`): `dyn`. */
  readonly name: string;
  readonly capabilities: DnsCapabilities;
  /** The account it works on; absent: plans it reads are not bound to an account. */
  readonly account?: ProviderAccount;
  /** Ends the session (log out). Safe to call more than once. */
  close(): Promise<void>;
  /**
   * Optional pacing: the requests per window the client paces to now (the announced limit once the service has
   * sent one), for the plan's duration estimate; undefined while unpaced.
   */
  rateBudget?(): { limit: number; windowMs: number } | undefined;
  /**
   * Optional session hook: ends the session so that a later read starts a new one (a re-plan after a failed
   * discard must not see the session's unpublished changes). Safe to call when no session is open.
   */
  endSession?(): Promise<void>;
  /** Optional: a zone's last publish from its notes, so that drift tells edgeplan's publishes from others'. */
  readLastPublish?(zone: string): Promise<PublishRecord | PublishNotRead | null>;
}
