import pLimit from 'p-limit';
import { compareStrings } from '../../model/compare.js';
import type { LiveDnsState, LiveZone, SerialStyle } from '../../model/dns.js';
import { isWritableRecordName } from '../../model/dns-names.js';
import { type ForeignRecord, foreignNames, sortForeign } from '../../model/foreign-record.js';
import { sortAddresses } from '../../model/ipv4.js';
import { normaliseName } from '../../model/names.js';
import { compareRecordSets, type LiveRecordSet } from '../../model/record-set.js';
import { recordType, sortValues } from '../../model/record-types/registry.js';
import { SOA } from '../../model/record-types/soa.js';
import type { LiveSecondaryZone } from '../../model/secondary.js';
import type { PdnsClient } from './client.js';
import { PdnsApiError, PdnsWireError, parseWire } from './errors.js';
import { isSecondaryKind, isZoneWire, type RrsetWire, ZoneListWire, ZoneWire } from './wire.js';

export const DEFAULT_READ_CONCURRENCY = 16;

/**
 * How a read finds which zones exist: `direct`, one `GET /zones/<zone>` per zone, 404 meaning absent; `listed`, ONE
 * `GET /zones` first, then a `GET /zones/<zone>` only per zone the list holds (one not listed is absent, read no
 * further). Listing costs one request and saves one per absent zone: worth it when a plan may create zones; after
 * an apply, when the zones read exist (created or changed by it), a direct read is one request less.
 */
export type ZoneLookup = 'direct' | 'listed';

/**
 * Live state of the named zones, each zone's rrsets from ONE `GET /zones/<zone>` (the zone with every rrset) and
 * found as `lookup` says; zones are read in parallel, at most `concurrency` at a time. Never one request per
 * record. A single zone is always read directly (a list would only add a request).
 */
export async function readZones(
  client: PdnsClient,
  zones: readonly string[],
  supported: ReadonlySet<string>,
  options: { concurrency?: number; lookup?: ZoneLookup } = {},
): Promise<LiveDnsState> {
  const wanted = [...new Set(zones.map(normaliseName))].sort(compareStrings);
  const listed =
    options.lookup === 'listed' && wanted.length > 1
      ? new Set((await listZones(client)).map((zone) => normaliseName(zone.name)))
      : undefined;
  const limit = pLimit(options.concurrency ?? DEFAULT_READ_CONCURRENCY);
  const read = await Promise.all(
    wanted.map((zone) =>
      listed && !listed.has(zone) ? null : limit(() => readZone(client, zone, supported)),
    ),
  );
  return { zones: Object.fromEntries(wanted.map((zone, i) => [zone, read[i] ?? null])) };
}

async function readZone(
  client: PdnsClient,
  zone: string,
  supported: ReadonlySet<string>,
): Promise<LiveZone | null> {
  const read = await readZoneWire(client, zone);
  if (read === null) return null;
  const { wire } = read;
  return {
    zone,
    serial: wire.serial,
    serialStyle: serialStyleOf(wire.soa_edit_api),
    ...zoneRecords(zone, wire.rrsets, supported),
    // A signed zone's DNSKEY set comes from the keystore (cryptokeys), never from its rrsets.
    keysApart: true,
  };
}

/**
 * One `GET /zones/<zone>`: the zone with every rrset as the server sent it, or null when it does not exist. With
 * `only`, the server is asked for that one rrset (`rrset_name` and `rrset_type`, which PowerDNS 4.7.3, the tests'
 * server, honours; a server that ignores them answers with every rrset, which the caller picks from).
 */
export async function readZoneWire(
  client: PdnsClient,
  zone: string,
  only?: { name: string; type: string },
): Promise<{ wire: ZoneWire; context: string } | null> {
  const filter = only
    ? `?rrset_name=${encodeURIComponent(only.name)}&rrset_type=${encodeURIComponent(only.type)}`
    : '';
  const path = `${client.zonesPath(zone)}${filter}`;
  let data: unknown;
  try {
    data = await client.call('GET', path, undefined, 'idempotent');
  } catch (error) {
    if (error instanceof PdnsApiError && error.isNotFound) return null;
    throw error;
  }
  const context = `zone ${zone}: GET ${path}`;
  // A zone of thousands of rrsets is checked by a plain walk and taken as it is; zod only for one that fails it.
  const wire = isZoneWire(data) ? data : parseWire(ZoneWire, data, context);
  const problems = foreignParts(zone, wire);
  if (problems.length > 0) throw new PdnsWireError(context, problems);
  return { wire, context };
}

/** Rrsets shown at most, by name, when an answer holds some outside its zone. */
const SHOWN = 5;

/**
 * What of an answer to `GET /zones/<zone>` is not that zone: another zone's name, rrsets outside it. Taken as the
 * zone asked for, they would become wrong creates and deletes (a proxy's mistake, a server's bug).
 */
function foreignParts(zone: string, wire: ZoneWire): string[] {
  const name = normaliseName(wire.name);
  const outside = [
    ...new Set(wire.rrsets.map((rrset) => normaliseName(rrset.name)).filter((fqdn) => !isInZone(fqdn, zone))),
  ];
  const more = outside.length > SHOWN ? ` and ${outside.length - SHOWN} more` : '';
  return [
    ...(name === zone ? [] : [`name: the answer is zone ${JSON.stringify(wire.name)}, not ${zone}`]),
    ...(outside.length === 0
      ? []
      : [
          `rrsets: ${outside.length === 1 ? 'a name' : 'names'} outside zone ${zone}: ` +
            `${outside
              .slice(0, SHOWN)
              .map((fqdn) => JSON.stringify(fqdn))
              .join(', ')}${more}`,
        ]),
  ];
}

function isInZone(fqdn: string, zone: string): boolean {
  return fqdn === zone || fqdn.endsWith(`.${zone}`);
}

/**
 * The zone's rrsets in the model: a set of a supported type with each enabled record's `content` read into its
 * canonical value by the type's own parser. Every other set is kept as foreign records (its `content` is already
 * presentation form, RFC 3597 for types PowerDNS does not know) and named in `unsupported`: a set of another type,
 * and a set of a supported type with a value the model cannot hold (`toroot CNAME .`), never dropped and never
 * touched (live-checks.ts refuses a desired set of that name and type); so is every set at a name no desired
 * state can write (dns-names.ts `isWritableRecordName`). PowerDNS's own SOA is left out, as are disabled records:
 * PowerDNS does not serve them (and a REPLACE of their set drops them). The apex NS set is read apart (`apexNs`):
 * managed only where the desired state declares it (plan/diff/declared-apex-ns.ts).
 */
export function zoneRecords(
  zone: string,
  rrsets: readonly RrsetWire[],
  supported: ReadonlySet<string>,
): Pick<LiveZone, 'records' | 'unsupported' | 'foreign' | 'apexNs' | 'soa'> {
  const records: LiveRecordSet[] = [];
  let apexNs: LiveRecordSet | undefined;
  let soa: LiveRecordSet | undefined;
  const foreign: ForeignRecord[] = [];
  for (const rrset of rrsets) {
    const fqdn = normaliseName(rrset.name);
    const enabled = rrset.records.filter((record) => record.disabled !== true);
    if (rrset.type === 'SOA') {
      soa = supported.has('SOA') && fqdn === zone ? liveSoa(zone, rrset.ttl, enabled) : undefined;
      continue;
    }
    if (enabled.length === 0) continue;
    // PowerDNS names a label's dot or control character with RFC 1035 §5.1's escapes (`a\.b`, `\007`): no desired
    // state can write such a name, so its sets are left alone, as a zone transfer's are.
    const known =
      isWritableRecordName(fqdn) && supported.has(rrset.type) ? recordType(rrset.type) : undefined;
    const values = enabled.map((record) => known?.parsePresentation(record.content));
    const ttl = rrset.ttl;
    if (known === undefined || !values.every((value) => value?.ok === true)) {
      const type = rrset.type;
      foreign.push(...enabled.map((record) => ({ fqdn, type, ttl, rdata: record.content })));
      continue;
    }
    // Keys in sorted order, as the live digest takes them (fingerprint.ts): no sorted copy of each set.
    const set = {
      fqdn,
      records: sortValues(
        rrset.type,
        values.flatMap((value) => (value?.ok ? [value.value] : [])),
      ).map((value) => ({ ttl, value })),
      type: rrset.type,
    };
    if (isServiceRecord(set.type, fqdn, zone)) apexNs = set;
    else records.push(set);
  }
  return {
    records: records.sort(compareRecordSets),
    ...(apexNs ? { apexNs } : {}),
    ...(soa ? { soa } : {}),
    unsupported: foreignNames(foreign),
    foreign: sortForeign(foreign),
  };
}

/**
 * The zone's SOA as the model holds it (`LiveZone.soa`): its fields without the serial, the serial as its `ref`
 * (the compiler sends it back as read); none when there is not exactly one record the model can read.
 */
function liveSoa(
  zone: string,
  ttl: number,
  records: readonly { content: string }[],
): LiveRecordSet | undefined {
  const [only] = records;
  const value = only && records.length === 1 ? SOA.parsePresentation(only.content) : undefined;
  if (!value?.ok || only === undefined) return undefined;
  const ref = only.content.trim().split(/\s+/)[2] ?? '';
  return { fqdn: zone, type: 'SOA', records: [{ value: value.value, ttl, ref }] };
}

/** The zone's SOA and apex NS set: what import calls PowerDNS's own (the apex NS set is managed where declared). */
export function isServiceRecord(type: string, fqdn: string, zone: string): boolean {
  return type === 'SOA' || (type === 'NS' && fqdn === zone);
}

/** How PowerDNS changes the serial on API edits (`soa_edit_api`), in the model's terms. */
function serialStyleOf(soaEditApi: string | undefined): SerialStyle {
  switch (soaEditApi?.toUpperCase()) {
    case 'INCREASE':
      return 'increment';
    case 'EPOCH':
      return 'epoch';
    default:
      return 'day';
  }
}

/** Every `Slave` zone of the server, from ONE `GET /zones` (the list carries each zone's masters). */
export async function readSecondaryZones(client: PdnsClient): Promise<LiveSecondaryZone[]> {
  return secondaryZonesOf(await listZones(client));
}

/** Every zone of the server, primary and secondary: ONE `GET /zones` (without rrsets). */
export async function listZones(client: PdnsClient): Promise<ZoneListWire> {
  const path = client.zonesPath();
  return parseWire(ZoneListWire, await client.call('GET', path, undefined, 'idempotent'), `GET ${path}`);
}

/** The `Slave` zones of a zone list, in the model, sorted by zone. */
export function secondaryZonesOf(list: ZoneListWire): LiveSecondaryZone[] {
  return list
    .filter((zone) => isSecondaryKind(zone.kind))
    .map((zone) => ({
      zone: normaliseName(zone.name),
      masters: sortAddresses(zone.masters ?? []),
      contactNickname: '',
      tsigKeyName: '',
      active: '',
    }))
    .sort((a, b) => compareStrings(a.zone, b.zone));
}
