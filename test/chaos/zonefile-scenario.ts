/**
 * The chaos scenarios (chaos-scenario.ts) on a zone-file provider: each live zone as the zone file a person would
 * keep (names absolute or relative, TXT quoted and split at 255 octets, KX records edgeplan does not manage), the
 * desired state with a `files` provider, and what no apply may change in a file: the records it keeps as written
 * (the apex NS, KX), the sets at names the zone leaves unmanaged, and the SOA but for its serial.
 */
import { parse, stringify } from 'yaml';
import { normaliseName } from '../../src/model/names.js';
import { ZONEFILE_CAPABILITIES } from '../../src/providers/zonefile/capabilities.js';
import { readZoneContent } from '../../src/providers/zonefile/zone-content.js';
import { isMail, type LiveRecord, type Rdata, type Scenario } from './chaos-scenario.js';

export const NAMESERVER = 'ns1.example.net.';
const SUPPORTED: ReadonlySet<string> = new Set(ZONEFILE_CAPABILITIES.recordTypes);

/** The desired state of `scenario` on one zone-file provider `files`, whose directory is `zones/`. */
export function zonefileYaml(scenario: Scenario, yamlOf: (s: Scenario) => string): string {
  const { zones } = parse(yamlOf(scenario)) as { zones: Record<string, Record<string, unknown>> };
  return stringify({
    providers: { files: { type: 'zonefile', directory: 'zones', nameservers: [NAMESERVER] } },
    zones: Object.fromEntries(
      Object.entries(zones).map(([zone, spec]) => [zone, { providers: ['files'], ...spec }]),
    ),
  });
}

/** The zone file of a live zone: SOA (serial 7), the apex NS, then each record; null when there is no zone. */
export function zoneFileOf(zone: string, records: readonly LiveRecord[] | null): string | null {
  if (records === null) return null;
  return [
    `$ORIGIN ${zone}.`,
    '$TTL 300',
    `@ 300 IN SOA ${NAMESERVER} hostmaster.${zone}. 7 3600 600 1209600 300`,
    `@ 300 IN NS ${NAMESERVER}`,
    ...records.map((r) => `${r.label} ${r.ttl} IN ${r.type} ${rdataText(r.type, r.rdata)}`),
    '',
  ].join('\n');
}

function rdataText(type: string, rdata: Rdata): string {
  switch (type) {
    case 'A':
    case 'AAAA':
      return String(rdata.address);
    case 'MX':
      return `${rdata.preference} ${absolute(String(rdata.exchange))}`;
    case 'CNAME':
      return absolute(String(rdata.cname));
    case 'TXT':
      return txtText(String(rdata.txtdata));
    case 'KX':
      return `${rdata.preference} ${absolute(String(rdata.exchange))}`;
    default:
      throw new Error(`no zone-file text for ${type}`);
  }
}

/** A name the service reads as absolute (`web.example.net`) written absolute; a single label stays relative. */
function absolute(name: string): string {
  return name.endsWith('.') || !name.includes('.') ? name : `${name}.`;
}

/** Quoted strings as written live (`"a" "b"`) as they are; bare text quoted, split every 255 octets. */
function txtText(text: string): string {
  if (text.startsWith('"')) return text;
  const parts = text.match(/.{1,255}/g) ?? [''];
  return parts.map((part) => `"${part}"`).join(' ');
}

/**
 * What no apply of `scenario` may change in the text of `zone`'s file, one line per record or set: records kept as
 * written, sets at names the zone leaves unmanaged, and the SOA's fields but its serial.
 */
export function untouchable(scenario: Scenario, zone: string, text: string): string[] {
  const read = readZoneContent(text, zone, SUPPORTED);
  if (!read.ok) return [`unreadable: ${read.problems.map((p) => `${p.line}: ${p.message}`).join('; ')}`];
  const { soa, kept, sets } = read.content;
  const unmanaged = scenario.desired[zone]?.unmanaged ?? false;
  const label = (fqdn: string) => (fqdn === zone ? '@' : fqdn.slice(0, -(zone.length + 1)));
  return [
    `SOA ${soa.mname} ${soa.rname} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minimum} ${soa.ttl}`,
    ...kept.map((r) => `${normaliseName(r.owner)} ${r.type} ${r.ttl} ${r.rdata.join(' ')}`),
    ...sets
      .filter((set) => unmanaged && isMail(label(set.fqdn)))
      .map((set) => `${set.fqdn} ${set.type} ${JSON.stringify(set.records)}`),
  ].sort();
}
