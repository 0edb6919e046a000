import type { DnsCapabilities } from '../../model/provider.js';
import { canonicalStrings } from '../../model/record-types/character-strings.js';
import { RECORD_TYPES } from '../../model/record-types/registry.js';
import { pdnsLocProblem } from './loc-content.js';

/** The record type PowerDNS serves only when the server is set up for it (`expand-alias` and a `resolver`). */
const ALIAS = 'ALIAS';

/**
 * PowerDNS serves a signed zone's DNSKEY set from its own keystore (`pdnsutil secure-zone`, the API's cryptokeys)
 * and ignores DNSKEY records there (its `direct-dnskey` setting, off by default). Measured on pdns_server 4.7: a
 * DNSKEY record written through the API is served while the zone is unsigned, and no longer once a key is added.
 */
const SERVER_KEYS =
  "PowerDNS serves a signed zone's DNSKEY set from its own keys (pdnsutil secure-zone / add-zone-key) and " +
  'ignores DNSKEY records there: leave dnskey out of this zone and manage the keys there';

/** Why a PowerDNS provider that writes by DNS UPDATE does not take `soa` (its SOA is written through the HTTP API). */
const SOA_BY_UPDATE =
  'it writes by DNS UPDATE, where edgeplan does not change the SOA of PowerDNS yet; write through its HTTP API ' +
  '(leave out dnsupdate_server_env and dnsupdate_tsig_env), or leave soa out of this zone';

/**
 * What a PowerDNS Authoritative server manages through its HTTP API: every registered record type but DNSKEY
 * (its rrsets carry any type in presentation format, which is our canonical value), secondary zones (`Slave` zones
 * with their masters; PowerDNS has no contact nickname, and TSIG keys are its own objects, not a name on the zone),
 * and no geo services (that is Dyn's Traffic Management). PowerDNS documents no per-name limit.
 *
 * ALIAS is stored by any server but answered only by one started with `expand-alias=yes` and a `resolver`
 * (PowerDNS docs, "ALIAS"); without them the apex answers nothing for A and AAAA. So it is supported only when the
 * provider's settings say the server is set up for it (`alias: true`), and the provider does not write by DNS
 * UPDATE: ALIAS is PowerDNS's own type, with no code an UPDATE message can carry.
 *
 * Written by DNS UPDATE, a CAA record whose value is empty (`0 issue ""`) is stored by PowerDNS 4.7 without its
 * quotes (`0 issue `) and then served with a value of one NUL octet (`0 issue "\000"`), which is another record:
 * refused at validation then (the same record written through the HTTP API is stored and served as written).
 *
 * The apex NS set and the SOA are rrsets like any other to its API: written where the desired state declares them,
 * through the HTTP API only (their handling by DNS UPDATE on PowerDNS is not checked yet). The SOA is written with
 * the serial read (PowerDNS then applies the zone's SOA-EDIT-API to it).
 */
export function pdnsCapabilities(options: { alias?: boolean; dnsUpdate?: boolean } = {}): DnsCapabilities {
  const alias = options.alias === true && options.dnsUpdate !== true;
  return {
    recordTypes: RECORD_TYPES.map((type) => type.type).filter(
      (type) =>
        (alias || type !== ALIAS) && type !== 'DNSKEY' && (options.dnsUpdate !== true || type !== 'SOA'),
    ),
    typeAdvice: { DNSKEY: SERVER_KEYS, ...(options.dnsUpdate ? { SOA: SOA_BY_UPDATE } : {}) },
    genericTypes: true,
    geoServices: false,
    secondaryZones: true,
    secondaryZoneContacts: false,
    oneLabelZones: true,
    maxRecordsPerName: {},
    apexNs: options.dnsUpdate !== true,
    valueProblem: options.dnsUpdate ? updateValueProblem : locValueProblem,
    ...(options.dnsUpdate
      ? {
          apexNsAdvice:
            'it writes by DNS UPDATE, where edgeplan does not change the apex NS set of PowerDNS yet; write through ' +
            'its HTTP API (leave out dnsupdate_server_env and dnsupdate_tsig_env), or leave the apex NS set out of this zone',
        }
      : {}),
  };
}

/** Values PowerDNS keeps as other values, by whichever path they are written (loc-content.ts). */
function locValueProblem(type: string, value: string): string | null {
  return type === 'LOC' ? pdnsLocProblem(value) : null;
}

function updateValueProblem(type: string, value: string): string | null {
  if (type === 'LOC') return pdnsLocProblem(value);
  if (type !== 'CAA' || canonicalStrings(value)[2]?.octets.length !== 0) return null;
  return (
    'writes by DNS UPDATE, and PowerDNS serves a CAA value written so empty as one NUL octet: write ' +
    '`0 issue ";"` to let no CA issue'
  );
}
