import type { GeoGroup, GeoNode } from '../../../model/geo.js';
import type { SerialStyle } from '../../../model/zone.js';

/**
 * The Dyn provider's calls, as its compiler (compile.ts) writes them into plan steps and its writer sends them:
 * plain data, each op exactly one API request. Record values are canonical strings of their type
 * (model/record-types); the writer maps them to the wire's rdata.
 */
export type DynZoneOp =
  | { kind: 'create-zone'; zone: string; rname: string; ttl: number; serialStyle: SerialStyle }
  | { kind: 'add-record'; zone: string; fqdn: string; type: string; value: string; ttl: number }
  | {
      kind: 'update-record';
      zone: string;
      fqdn: string;
      type: string;
      ref: string;
      value: string;
      ttl: number;
    }
  | { kind: 'delete-record'; zone: string; fqdn: string; type: string; ref: string }
  /** Every record of `type` at the node becomes `values`, all with `ttl`: one request however many change. */
  | { kind: 'replace-records'; zone: string; fqdn: string; type: string; values: string[]; ttl: number }
  /** Every record of `type` at the node is deleted: one request however many there are. */
  | { kind: 'delete-records'; zone: string; fqdn: string; type: string }
  | { kind: 'publish'; zone: string };

/** One write to a secondary zone; each is one request and takes effect at once (no publish). */
export type DynSecondaryOp =
  | {
      kind: 'create-secondary';
      zone: string;
      masters: string[];
      contactNickname?: string;
      tsigKeyName?: string;
    }
  | {
      kind: 'update-secondary';
      zone: string;
      masters: string[];
      contactNickname?: string;
      tsigKeyName?: string;
    }
  | { kind: 'delete-secondary'; zone: string };

/**
 * One write to a geo service; each is one request and takes effect at once. `update-geo` carries only the fields
 * that change: the service's PUT updates only the fields sent. A rename and (de)activation are PUTs of their own,
 * as the vendor SDK sends them (dyninc/dyn-python `dyn/tm/services/geo.py`: the `service_name` setter sends
 * `new_name` alone, `activate()`/`deactivate()` send `activate`/`deactivate` alone).
 */
export type DynGeoOp =
  | { kind: 'create-geo'; name: string; groups: GeoGroup[]; nodes: GeoNode[]; ttl?: number }
  | { kind: 'update-geo'; name: string; groups?: GeoGroup[]; nodes?: GeoNode[]; ttl?: number }
  | { kind: 'rename-geo'; name: string; newName: string }
  | { kind: 'activate-geo'; name: string; active: boolean }
  | { kind: 'delete-geo'; name: string };

/** One record set of a zone file: every value of `type` at `fqdn`, canonical, with one TTL. */
export interface ZoneFileSet {
  fqdn: string;
  type: string;
  ttl: number;
  values: string[];
}

/**
 * A zone created by uploading master files (zone-file.ts, compile.ts): each op is one upload, then the read-back
 * that checks the zone holds the upload's records (more requests only when the service's task has not ended).
 * `create-zone-from-file` (`POST /ZoneFile/<zone>/`) creates the zone with its SOA contact and default TTL;
 * `add-zone-file` (`PUT`) adds a further file, when the zone's records do not fit in one.
 */
export type DynZoneFileOp =
  | { kind: 'create-zone-from-file'; zone: string; rname: string; ttl: number; sets: ZoneFileSet[] }
  | { kind: 'add-zone-file'; zone: string; ttl: number; sets: ZoneFileSet[] };

export type DynOp = DynZoneOp | DynZoneFileOp | DynSecondaryOp | DynGeoOp;
