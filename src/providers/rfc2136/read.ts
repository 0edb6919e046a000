import type { WireRecord } from '../../dns-wire/rdata.js';
import { compareStrings } from '../../model/compare.js';
import type { LiveDnsState, LiveZone } from '../../model/dns.js';
import { isWritableRecordName } from '../../model/dns-names.js';
import { type ForeignRecord, sortForeign } from '../../model/foreign-record.js';
import { normaliseName } from '../../model/names.js';
import { compareRecordSets, type LiveRecordSet } from '../../model/record-set.js';
import { recordType } from '../../model/record-types/index.js';
import { sortValues } from '../../model/record-types/registry.js';
import { SOA } from '../../model/record-types/soa.js';
import type { Rfc2136Client } from './client.js';
import { Rfc2136Error } from './errors.js';

/** Each zone by one zone transfer, one after the other (a server serves transfers of one client in turn). */
export async function readZones(
  client: Rfc2136Client,
  zones: readonly string[],
  supported: ReadonlySet<string>,
): Promise<LiveDnsState> {
  const read: Record<string, LiveZone | null> = {};
  for (const zone of zones) {
    const records = await client.transfer(zone);
    read[zone] = records === null ? null : liveZone(zone, records, supported, client.label);
  }
  return { zones: read };
}

/**
 * A transferred zone in the model: its serial from the SOA; every record set of a supported type, each value read
 * into its canonical form by the type's own parser; other types, and a set with a value its type's parser cannot
 * read, named in `unsupported` (left as they are live, never dropped), records of other types also kept with their
 * rdata as the server serves them (`foreign`: the DNSKEY set the server signs with, which a CDS is checked
 * against). The SOA (`soa`, where SOA is supported) and the apex NS set (`apexNs`) are read apart, each managed
 * only where the desired state declares it (plan/diff/declared-apex-ns.ts).
 */
export function liveZone(
  zone: string,
  records: readonly WireRecord[],
  supported: ReadonlySet<string>,
  server: string,
): LiveZone {
  const soa = records[0];
  const serial = Number(soa?.value.split(/\s+/)[2]);
  if (soa?.type !== 'SOA' || !Number.isInteger(serial))
    throw new Rfc2136Error(`AXFR ${zone}`, server, 'the transfer has no SOA with a serial');
  const sets = new Map<string, LiveRecordSet>();
  const unsupported = new Set<string>();
  const foreign: ForeignRecord[] = [];
  for (const record of records) {
    const fqdn = normaliseName(record.name);
    if (record.type === 'SOA') continue;
    // A name no desired state can write (control characters, escaped dots) is left alone, as a zone file's is.
    const known =
      isWritableRecordName(fqdn) && supported.has(record.type) ? recordType(record.type) : undefined;
    if (known === undefined) {
      unsupported.add(`${fqdn} ${record.type}`);
      foreign.push({ fqdn, type: record.type, ttl: record.ttl, rdata: record.value });
      continue;
    }
    const key = `${fqdn} ${record.type}`;
    const parsed = known.parsePresentation(record.value);
    // A value the model cannot hold (an NS of "." at the apex) makes its whole set one the plan leaves alone.
    if (!parsed.ok || unsupported.has(key)) {
      unsupported.add(key);
      sets.delete(key);
      continue;
    }
    const set = sets.get(key) ?? { fqdn, type: record.type, records: [] };
    set.records.push({ value: parsed.value, ttl: record.ttl });
    sets.set(key, set);
  }
  const live = [...sets.values()].map((set) => {
    const ttls = new Map(set.records.map((r) => [r.value, r.ttl]));
    const values = sortValues(set.type, [...ttls.keys()]);
    return { ...set, records: values.map((value) => ({ value, ttl: ttls.get(value) ?? 0 })) };
  });
  const apexNs = live.find((set) => isServerRecord(set.type, set.fqdn, zone));
  const soaSet = supported.has('SOA') ? liveSoa(zone, soa, serial) : undefined;
  return {
    zone,
    serial,
    serialStyle: 'increment',
    records: live.filter((set) => set !== apexNs).sort(compareRecordSets),
    ...(apexNs ? { apexNs } : {}),
    ...(soaSet ? { soa: soaSet } : {}),
    unsupported: [...unsupported].sort(compareStrings),
    ...(foreign.length > 0 ? { foreign: sortForeign(foreign) } : {}),
  };
}

/**
 * The zone's SOA as the model holds it (`LiveZone.soa`): its fields without the serial, the serial as its `ref`;
 * none when the model cannot read it, so that a declared `soa` is not planned against it.
 */
function liveSoa(zone: string, soa: WireRecord, serial: number): LiveRecordSet | undefined {
  const value = SOA.parsePresentation(soa.value);
  if (!value.ok) return undefined;
  return { fqdn: zone, type: 'SOA', records: [{ value: value.value, ttl: soa.ttl, ref: String(serial) }] };
}

/** The zone's SOA and apex NS set: the server's own (the apex NS set is managed where declared). */
export function isServerRecord(type: string, fqdn: string, zone: string): boolean {
  return type === 'SOA' || (type === 'NS' && fqdn === zone);
}
