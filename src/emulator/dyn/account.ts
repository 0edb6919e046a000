/**
 * Published state of the one emulated account: credentials, zones and their records. Only publish, zone create
 * and zone delete change it; pending edits live in session changesets (changeset.ts) until publish.
 */
import { compareStrings } from '../../model/compare.js';
import type { SerialStyle } from '../../model/dns.js';
import { normaliseName } from '../../model/names.js';
import type { Rdata } from './rdata.js';
import { parseRdata, parseTtl } from './rdata.js';
import type { DnsSeed, ParsedDnsSeed, RecordSeedValue } from './seed.js';
import type { GeoServiceState, SecondaryState } from './service-seed.js';
import { geoFromSeed, geoToSeed, secondaryFromSeed, secondaryToSeed } from './service-seed.js';
import { type ZoneNote, zoneNoteFromSeed, zoneNoteToSeed } from './zone-note-state.js';

export interface Credentials {
  customer_name: string;
  user_name: string;
  password: string;
}

export const DEMO_CREDENTIALS: Credentials = { customer_name: 'demo', user_name: 'demo', password: 'demo' };

/** A published record. `id` is stable for its life; `serviceClass` only on NS (`Primary` = not deletable). */
export interface RecordState {
  id: number;
  fqdn: string;
  type: string;
  ttl: number;
  rdata: Rdata;
  serviceClass?: string;
}

export interface ZoneState {
  zone: string;
  serialStyle: SerialStyle;
  serial: number;
  /** Default TTL: used by records posted with ttl 0 or none. */
  ttl: number;
  rname: string;
  /** By id. */
  records: Map<number, RecordState>;
  /** Frozen (`PUT /Zone/<zone>/ {freeze}`): no record write and no publish until thawed. Not shown by GET. */
  frozen: boolean;
  /** The zone's notes, newest first (zone-notes.ts). */
  notes: ZoneNote[];
}

const DEFAULT_NS = [
  'ns1.p01.dynect.net.',
  'ns2.p01.dynect.net.',
  'ns3.p01.dynect.net.',
  'ns4.p01.dynect.net.',
];
const NS_TTL = 86400;

export interface NewZone {
  rname: string;
  ttl: number;
  serialStyle: SerialStyle;
  serial?: number;
  frozen?: boolean;
  notes?: ZoneNote[];
}

export class Account {
  readonly zones = new Map<string, ZoneState>();
  /** Secondary zones by name; a name is either here or in `zones`. */
  readonly secondaries = new Map<string, SecondaryState>();
  /** Geo services by exact name. */
  readonly geoServices = new Map<string, GeoServiceState>();
  credentials: Credentials = DEMO_CREDENTIALS;
  private nextId = 1;

  /** The account of a validated `dns:` section (seed.ts `parseSeed`); none: no zones, demo credentials. */
  static fromSeed(dns: ParsedDnsSeed = {}): Account {
    const account = new Account();
    account.credentials = dns.credentials ?? DEMO_CREDENTIALS;
    const taken = Object.values(dns.zones ?? {}).flatMap((z) => (z?.records ?? []).map((r) => r.id ?? 0));
    account.nextId = taken.reduce((next, id) => Math.max(next, id + 1), dns.next_record_id ?? 1);
    for (const [name, zoneSeed] of Object.entries(dns.zones ?? {})) {
      const zone = normaliseName(name);
      const ttl = parseTtl(zoneSeed?.ttl) ?? 3600;
      const records = zoneSeed?.records ?? [];
      const state = account.addZone(zone, {
        rname: zoneSeed?.rname ?? `admin@${zone}`,
        ttl,
        serialStyle: zoneSeed?.serial_style ?? 'increment',
        serial: zoneSeed?.serial ?? 0,
        frozen: zoneSeed?.frozen ?? false,
        notes: (zoneSeed?.notes ?? []).map((note) => zoneNoteFromSeed(note, zoneSeed?.serial ?? 0)),
        withSoa: !records.some((r) => r.type === 'SOA'),
        withNs: !records.some((r) => r.type === 'NS' && normaliseName(r.fqdn) === zone),
      });
      for (const r of records) account.insertSeedRecord(state, r);
      syncSoaSerial(state);
    }
    for (const [name, s] of Object.entries(dns.secondary_zones ?? {})) {
      account.secondaries.set(normaliseName(name), secondaryFromSeed(name, s));
    }
    for (const [name, g] of Object.entries(dns.geo_services ?? {}))
      account.geoServices.set(name, geoFromSeed(name, g));
    return account;
  }

  allocateId(): number {
    return this.nextId++;
  }

  /**
   * Creates a primary zone with its SOA and four `Primary` NS records at the apex (help.dyn.com, Create zone API).
   */
  createZone(zone: string, options: NewZone): ZoneState {
    return this.addZone(zone, { ...options, serial: options.serial ?? 0, withSoa: true, withNs: true });
  }

  private addZone(
    zone: string,
    o: NewZone & { serial: number; withSoa: boolean; withNs: boolean },
  ): ZoneState {
    const state: ZoneState = {
      zone,
      serialStyle: o.serialStyle,
      serial: o.serial,
      ttl: o.ttl,
      rname: o.rname,
      records: new Map(),
      frozen: o.frozen ?? false,
      notes: o.notes ?? [],
    };
    if (o.withSoa) {
      const rdata = {
        rname: o.rname,
        mname: DEFAULT_NS[0] ?? '',
        serial: o.serial,
        refresh: 3600,
        retry: 600,
      };
      this.put(state, {
        fqdn: zone,
        type: 'SOA',
        ttl: 3600,
        rdata: { ...rdata, expire: 604800, minimum: 1800 },
      });
    }
    if (o.withNs) {
      for (const ns of DEFAULT_NS) {
        this.put(state, {
          fqdn: zone,
          type: 'NS',
          ttl: NS_TTL,
          rdata: { nsdname: ns },
          serviceClass: 'Primary',
        });
      }
    }
    this.zones.set(zone, state);
    return state;
  }

  private put(zone: ZoneState, record: Omit<RecordState, 'id'>, id = this.allocateId()): void {
    zone.records.set(id, { id, ...record });
  }

  private insertSeedRecord(zone: ZoneState, r: RecordSeedValue): void {
    const parsed = parseRdata(r.type, r.rdata);
    if (!('rdata' in parsed)) return; // unreachable: the seed schema already checked rdata
    const fqdn = normaliseName(r.fqdn);
    const ttl = parseTtl(r.ttl) || zone.ttl;
    const apexNs = r.type === 'NS' && fqdn === zone.zone;
    const serviceClass = r.type === 'NS' ? (r.service_class ?? (apexNs ? 'Primary' : '')) : undefined;
    this.put(zone, { fqdn, type: r.type, ttl, rdata: parsed.rdata, serviceClass }, r.id ?? this.allocateId());
  }

  /** The `dns:` section in seed form, ids included: what the state file holds and `snapshot()` returns. */
  toSeed(): DnsSeed {
    const zones = [...this.zones.values()].sort((a, b) => compareStrings(a.zone, b.zone));
    const out = zones.map((z) => [
      z.zone,
      {
        serial_style: z.serialStyle,
        serial: z.serial,
        ttl: z.ttl,
        rname: z.rname,
        ...(z.frozen ? { frozen: true } : {}),
        ...(z.notes.length > 0 ? { notes: z.notes.map(zoneNoteToSeed) } : {}),
        records: sortedRecords(z).map((r) => ({
          id: r.id,
          fqdn: r.fqdn,
          type: r.type,
          ttl: r.ttl,
          rdata: { ...r.rdata },
          ...(r.serviceClass !== undefined ? { service_class: r.serviceClass } : {}),
        })),
      },
    ]);
    const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => compareStrings(a, b));
    return {
      credentials: { ...this.credentials },
      zones: Object.fromEntries(out),
      ...(this.secondaries.size > 0
        ? {
            secondary_zones: Object.fromEntries(
              byKey(this.secondaries).map(([k, v]) => [k, secondaryToSeed(v)]),
            ),
          }
        : {}),
      ...(this.geoServices.size > 0
        ? { geo_services: Object.fromEntries(byKey(this.geoServices).map(([k, v]) => [k, geoToSeed(v)])) }
        : {}),
      next_record_id: this.nextId,
    };
  }
}

/** Records in a stable order: fqdn, then type, then id. */
export function sortedRecords(zone: ZoneState): RecordState[] {
  return [...zone.records.values()].sort(compareRecords);
}

export function compareRecords(a: Omit<RecordState, 'id'> & { id: number }, b: typeof a): number {
  return compareStrings(a.fqdn, b.fqdn) || compareStrings(a.type, b.type) || a.id - b.id;
}

/** Keeps the SOA rdata's serial equal to the zone serial. */
export function syncSoaSerial(zone: ZoneState): void {
  for (const r of zone.records.values()) {
    if (r.type === 'SOA') r.rdata = { ...r.rdata, serial: zone.serial };
  }
}
