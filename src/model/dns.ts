import type { DnsProviderSpec } from './dns-provider-spec.js';
import type { GeoService } from './geo.js';
import type { DnsCapabilities, DnsCompiler, ProviderAccount, StepWriter } from './provider.js';
import type { LiveRecordSet, RecordSet } from './record-set.js';
import type { SafetyPolicy } from './safety.js';
import type { DesiredSecondaryZone, LiveSecondaryZone, ManageMode } from './secondary.js';
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
  /** `default_ttl` of the zone (DEFAULT_TTL when absent); also the TTL of a zone the plan creates. */
  defaultTtl: number;
  /** Sorted by fqdn, then type; every set has a concrete TTL (its own, else the zone's default). */
  records: RecordSet[];
  /** Globs on names relative to the zone (`@` for the apex); matching names are never touched. */
  unmanaged: string[];
  /** The DNS providers the zone is on, by name, sorted; present exactly when the desired state has `providers:`. */
  providers?: string[];
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
   * The `providers:` section, sorted by name (dns-providers.ts); absent: one Dyn provider from EDGEPLAN_DYN_*, and
   * no zone or target names a provider.
   */
  dnsProviders?: DnsProviderSpec[];
  /** With `providers:`: the provider that holds the geo services (the one that supports them), when any is used. */
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
  /** `<fqdn> <TYPE>` of live records edgeplan cannot manage (other types), sorted: never touched, shown by import. */
  unsupported: string[];
}

export interface LiveDnsState {
  /** One entry per zone that was asked for; `null` when the zone does not exist live. Read with `Object.hasOwn`. */
  zones: Record<string, LiveZone | null>;
  /** Every secondary zone of the account, sorted by zone; absent = not read. */
  secondaryZones?: LiveSecondaryZone[];
  /** Every geo service of the account, in `sortGeoService` form, sorted by name; absent = not read. */
  geoServices?: GeoService[];
}

/** What plan needs to read of a DNS provider. */
export interface DnsReader {
  readZones(zones: readonly string[]): Promise<LiveDnsState>;
  /** Every secondary zone of the account, in as few requests as the service allows. */
  readSecondaryZones(): Promise<LiveSecondaryZone[]>;
  /** Every geo service of the account, in as few requests as the service allows. */
  readGeoServices(): Promise<GeoService[]>;
}

/** A DNS provider: what it can do, how it compiles changes into calls, how it reads and writes. */
export interface DnsProvider extends DnsReader, DnsCompiler, StepWriter {
  /** Which provider executes a plan step (`PlanStep.provider`): `dyn`. */
  readonly name: string;
  readonly capabilities: DnsCapabilities;
  /** The account it works on; absent: plans it reads are not bound to an account. */
  readonly account?: ProviderAccount;
  /** Ends the session (log out). Safe to call more than once. */
  close(): Promise<void>;
}
