import type { ProviderZoneValue, SecondaryChange } from '../../model/change.js';
import type { DnsCompiler, ZoneCompileInput } from '../../model/provider.js';
import { compareRecordSets } from '../../model/record-set.js';
import { MAX_UPDATE_OCTETS, rfc2136Compiler } from '../rfc2136/compile.js';
import type { Rfc2136Op } from '../rfc2136/ops.js';
import { withNewZoneSoa } from './new-zone-soa.js';
import type {
  PdnsDelete,
  PdnsReplace,
  PdnsSecondaryOp,
  PdnsSoaEditApi,
  PdnsZoneKind,
  PdnsZoneOp,
} from './ops.js';

/** How the provider sets up a zone it creates (its settings under `providers:`). */
export interface PdnsZoneSettings {
  zoneKind: PdnsZoneKind;
  /** Name servers PowerDNS puts in the new zone's apex NS set (absolute names, with the trailing dot). */
  nameservers: string[];
  soaEditApi: PdnsSoaEditApi;
}

export const DEFAULT_PDNS_ZONE_SETTINGS: PdnsZoneSettings = {
  zoneKind: 'Native',
  nameservers: [],
  soaEditApi: 'DEFAULT',
};

/** Writing existing zones by DNS UPDATE (the provider's `dnsupdate_*` settings): the RFC 2136 provider's packing. */
export interface PdnsUpdateWrites {
  /** The provider's name, for messages. */
  provider: string;
  /** The largest UPDATE packed (tests make chains with small zones); default MAX_UPDATE_OCTETS. */
  maxOctets?: number;
}

/**
 * The PowerDNS compiler: a target's provider-neutral changes → the API's calls (ops.ts). Pure and stateless. A
 * zone's changes are ONE request, whatever their number: the zone's creation with every record set it starts with
 * (`POST /zones` takes rrsets), or one `PATCH` of its rrsets, which PowerDNS applies atomically (all or nothing,
 * with one serial change). With `updates`, an existing zone's changes are UPDATE messages instead, as the RFC 2136
 * provider packs them (one when they fit 64 KiB), each conditional on the zone's SOA: a precondition PowerDNS
 * checks, which a PATCH cannot carry (write.ts). A zone is still created by its `POST`. Geo services are not
 * PowerDNS's: the capabilities refuse them at validation, so a geo change reaching this compiler is a programming
 * error.
 */
export function pdnsCompiler(
  settings: PdnsZoneSettings = DEFAULT_PDNS_ZONE_SETTINGS,
  updates?: PdnsUpdateWrites,
) {
  const messages = updates && rfc2136Compiler(updates.provider, updates.maxOctets ?? MAX_UPDATE_OCTETS);
  return {
    compileZone: (input: ZoneCompileInput): (PdnsZoneOp | Rfc2136Op)[] =>
      messages && !input.create ? messages.compileZone(input) : compileZone(input, settings),
    compileSecondary,
    // The contact and serial style are Dyn's: a PowerDNS zone is set up by the provider's settings.
    zoneCreation: (): ProviderZoneValue => ({
      settings: [
        { name: 'kind', value: settings.zoneKind },
        { name: 'nameservers', value: settings.nameservers.join(' ') || 'none' },
        { name: 'soa_edit_api', value: settings.soaEditApi },
      ],
    }),
  } satisfies DnsCompiler;
}

/**
 * Deletes, then replacements, each by fqdn then type (PowerDNS applies a PATCH's rrsets in order, so a name can
 * change type: the old set goes before the CNAME comes). An updated set is replaced whole: the rrset is PowerDNS's
 * unit, so one value or twenty cost the same.
 */
function compileZone(input: ZoneCompileInput, settings: PdnsZoneSettings): PdnsZoneOp[] {
  const { zone } = input;
  const deletes: PdnsDelete[] = [];
  const replaces: PdnsReplace[] = [];
  const sets = [...input.sets].sort((a, b) => compareRecordSets(a.change.address, b.change.address));
  for (const { change, live } of sets) {
    const { fqdn, type } = change.address;
    // The SOA's serial is its live record's ref (pdns/read.ts): sent back as read.
    const serial = type === 'SOA' && live[0]?.ref !== undefined ? { serial: Number(live[0].ref) } : {};
    if (change.after === null) deletes.push({ fqdn, type });
    else replaces.push({ fqdn, type, ttl: change.after.ttl, values: [...change.after.values], ...serial });
  }
  const { create } = input;
  if (create)
    return [
      {
        kind: 'create-zone',
        zone,
        zoneKind: settings.zoneKind,
        nameservers: [...settings.nameservers],
        soaEditApi: settings.soaEditApi,
        replace: replaces.map((set) => withNewZoneSoa(set, create, settings.nameservers)),
      },
    ];
  return [{ kind: 'patch-zone', zone, delete: deletes, replace: replaces }];
}

/** A `Slave` zone: one request each; PowerDNS keeps no contact, and TSIG keys are not named on the zone. */
function compileSecondary(change: SecondaryChange): PdnsSecondaryOp[] {
  const { zone } = change.address;
  if (change.after === null) return [{ kind: 'delete-secondary', zone }];
  const masters = [...change.after.masters];
  return [{ kind: change.before === null ? 'create-secondary' : 'update-secondary', zone, masters }];
}
