import type { Rfc2136Op } from '../rfc2136/ops.js';

/**
 * The PowerDNS provider's calls, as its compiler (compile.ts) writes them into plan steps and its writer sends them:
 * plain data, each op exactly one request of the PowerDNS Authoritative HTTP API, or one DNS UPDATE. Names are normalised (lower case,
 * no trailing dot) as everywhere in the model; record values are canonical strings of their type, which are the
 * presentation format PowerDNS's `content` carries, so the writer sends them as they are.
 */

/** Every record of `type` at `fqdn` becomes `values`, all with `ttl`; the rrset is created when absent. */
export interface PdnsReplace {
  fqdn: string;
  type: string;
  ttl: number;
  values: string[];
  /**
   * An SOA's serial as the plan read it: its value leaves the serial out (record-types/soa.ts) and PowerDNS's
   * rrset carries it, so it is sent as read, and PowerDNS applies the zone's SOA-EDIT-API to it.
   */
  serial?: number;
}

/** Every record of `type` at `fqdn` is deleted. */
export interface PdnsDelete {
  fqdn: string;
  type: string;
}

/** How a zone the plan creates is set up (the provider's `zone_kind`, `nameservers` and `soa_edit_api`). */
export type PdnsZoneKind = 'Native' | 'Master';
export const PDNS_ZONE_KINDS: readonly PdnsZoneKind[] = ['Native', 'Master'];
export const PDNS_SOA_EDIT_API = ['DEFAULT', 'INCREASE', 'EPOCH'] as const;
export type PdnsSoaEditApi = (typeof PDNS_SOA_EDIT_API)[number];

export type PdnsZoneOp =
  /** `POST /zones`: the zone and every record set it starts with, in one request. */
  | {
      kind: 'create-zone';
      zone: string;
      zoneKind: PdnsZoneKind;
      nameservers: string[];
      soaEditApi: PdnsSoaEditApi;
      replace: PdnsReplace[];
    }
  /** `PATCH /zones/<zone>`: every change of the zone in one atomic request; deletes are sent first. */
  | { kind: 'patch-zone'; zone: string; delete: PdnsDelete[]; replace: PdnsReplace[] };

/** A secondary zone is a PowerDNS `Slave` zone: created with its masters, updated by a PUT, deleted. */
export type PdnsSecondaryOp =
  | { kind: 'create-secondary'; zone: string; masters: string[] }
  | { kind: 'update-secondary'; zone: string; masters: string[] }
  | { kind: 'delete-secondary'; zone: string };

/**
 * Every PowerDNS op; with the provider's `dnsupdate_*` settings, a change of an existing zone is the RFC 2136
 * provider's op instead of a `patch-zone`: one UPDATE message of a chain, sent to PowerDNS's DNS port.
 */
export type PdnsOp = PdnsZoneOp | PdnsSecondaryOp | Rfc2136Op;
