import type { GeoGroup, GeoNode } from './geo.js';
import type { ChangeSource } from './provenance.js';
import type { RecordSetValue } from './record-set.js';
import type { DnsTarget, Target } from './target.js';
import type { BotRef, CachePurge, GoodBotsMode } from './waf.js';
import type { ZoneSettings } from './zone.js';

/**
 * What a plan changes, provider-neutral: one envelope `{ address, action, before, after }` for every kind of object
 * (after Terraform's ResourceInstanceChange). `address` is typed; `before` is the live value (null: absent),
 * `after` the desired one (null: deleted). HOW a change is made (which API calls) is the provider's business and
 * lives in the plan's steps, never here.
 */
export type ChangeAction = 'create' | 'update' | 'delete';

export type Change = ZoneChange | RecordSetChange | SecondaryChange | GeoChange | WebappChange;

interface ChangeOf<A, V> {
  address: A;
  action: ChangeAction;
  before: V | null;
  after: V | null;
}

/**
 * A zone the plan creates (only `create`: zones are never deleted by a plan). `provider`, on zone, record-set and
 * secondary addresses: the name of the DNS provider the object is on (target.ts).
 */
export type ZoneChange = ChangeOf<
  { kind: 'zone'; zone: string; provider: string },
  ZoneSettings | ProviderZoneValue
>;
/**
 * `kept`: live values another tool owns (an `unmanaged` entry with a value glob matches them), sorted; they are in
 * both `before` and `after`, because providers write whole sets. Absent: none.
 */
export type RecordSetChange = ChangeOf<RecordSetAddress, RecordSetValue> & {
  kept?: string[];
  /** Where `after` came from when a template or another zone gave it (provenance.ts); absent: the zone's records. */
  provenance?: ChangeSource;
};
export type SecondaryChange = ChangeOf<
  { kind: 'secondary'; zone: string; provider: string },
  SecondaryZoneValue
>;
export type GeoChange = ChangeOf<{ kind: 'geo'; name: string }, GeoServiceValue>;
export type WebappChange = ChangeOf<WebappAddress, WebappValue>;

export type Address = Change['address'];

export interface RecordSetAddress {
  kind: 'record-set';
  zone: string;
  fqdn: string;
  type: string;
  provider: string;
}

/** A webapp as the desired state names it (`ref`: its name or id) and as it is live. */
export interface WebappAddress {
  kind: 'webapp';
  ref: string;
  id: string;
  name: string;
}

/**
 * A zone creation as a provider whose zones take no contact or serial style shows it (PowerDNS): its own settings
 * for new zones, in its order. The provider's compiler says (`DnsCompiler.zoneCreation`); its calls are still
 * compiled from the ZoneSettings.
 */
export interface ProviderZoneValue {
  settings: ZoneSetting[];
}

export interface ZoneSetting {
  name: string;
  value: string;
}

/** A secondary zone's managed values; `contactNickname`/`tsigKeyName` only when managed. */
export interface SecondaryZoneValue {
  masters: string[];
  contactNickname?: string;
  tsigKeyName?: string;
}

export interface GeoServiceValue {
  /** Sorted by name. */
  groups: GeoGroup[];
  /** Sorted by zone, then fqdn. */
  nodes: GeoNode[];
  /** The service's TTL and whether it is active; absent when not shown live or not managed. */
  ttl?: number;
  active?: boolean;
  /** `before` of a rename only: the live name, renamed to the change's `address.name`. */
  name?: string;
}

/**
 * The bots a webapp has enabled, sorted by name then id; `after` also carries the desired state's mode, and the
 * cache purge asked for after the change (`purge_after_apply`).
 */
export interface WebappValue {
  enabled: BotRef[];
  mode?: GoodBotsMode;
  purge?: CachePurge;
}

/** An address of something on a DNS provider: a zone, a record set or a secondary zone. */
export type DnsAddress = Extract<Address, { provider: string }>;

/** The target (what `--target` names) an address belongs to: a record set belongs to its zone. */
export function targetOf(address: DnsAddress): DnsTarget;
export function targetOf(address: Address): Target;
export function targetOf(address: Address): Target {
  switch (address.kind) {
    case 'zone':
    case 'record-set':
      return { kind: 'zone', name: address.zone, provider: address.provider };
    case 'secondary':
      return { kind: 'secondary', name: address.zone, provider: address.provider };
    case 'geo':
      return { kind: 'geo', name: address.name };
    case 'webapp':
      return { kind: 'webapp', name: address.ref };
  }
}
