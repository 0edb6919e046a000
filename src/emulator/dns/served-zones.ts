import type { WireRecord } from '../../dns-wire/index.js';
import type { Account } from '../dyn/account.js';
import type { PublishHistory } from '../dyn/publish-history.js';
import { servedRecords, type ZoneVersion } from './presentation.js';

/** One zone as the emulator's name servers serve it: its records by name, and every name that exists. */
export interface ServedZone {
  zone: string;
  byName: ReadonlyMap<string, readonly WireRecord[]>;
  /** Names with records and the empty non-terminals above them (RFC 4592 §2.2.2), up to the apex. */
  names: ReadonlySet<string>;
}

/** The zone's records indexed for answering. */
export function servedZone(zone: string, records: readonly WireRecord[]): ServedZone {
  const byName = new Map<string, WireRecord[]>();
  const names = new Set([zone]);
  for (const record of records) {
    byName.set(record.name, [...(byName.get(record.name) ?? []), record]);
    for (let name = record.name; name.length > zone.length; name = name.slice(name.indexOf('.') + 1))
      names.add(name);
  }
  return { zone, byName, names };
}

/** What the name servers read: the account as published, the publishes with their times, and the clock. */
export interface ServedSource {
  account(): Account;
  publishes: PublishHistory;
  now(): number;
}

/**
 * The zones the emulator's name servers serve, `lagMs` behind the API, as secondaries that take a while to pick up
 * a NOTIFY would: each zone as its last publish at least `lagMs` old left it (PublishHistory), else as it was when
 * this object was made (the account as loaded: served at once). A zone created or deleted is served, or no longer
 * served, `lagMs` after a query first noticed it. Versions are turned into DNS records once, when first served.
 */
export class ServedZones {
  private readonly baseline = new Map<string, ZoneVersion>();
  /** Per zone, its last change of presence: present or not since `atMs`, and what it was `before`. */
  private readonly presence = new Map<string, { present: boolean; atMs: number; before: boolean }>();
  private readonly indexed = new WeakMap<object, ServedZone>();

  constructor(
    private readonly source: ServedSource,
    private readonly lagMs: number,
  ) {
    // A shallow copy: a publish replaces a zone's record objects rather than changing them.
    for (const z of source.account().zones.values()) {
      this.baseline.set(z.zone, {
        zone: z.zone,
        serial: z.serial,
        rname: z.rname,
        records: [...z.records.values()],
      });
      this.presence.set(z.zone, { present: true, atMs: Number.NEGATIVE_INFINITY, before: true });
    }
  }

  /** Every zone served now, sorted by name. */
  current(): ServedZone[] {
    const now = this.source.now();
    const cutoff = now - this.lagMs;
    const zones = this.source.account().zones;
    const served: ServedZone[] = [];
    for (const name of [...new Set([...this.presence.keys(), ...zones.keys()])].sort()) {
      const present = zones.has(name);
      let change = this.presence.get(name);
      if (change?.present !== present) {
        change = { present, atMs: now, before: change?.present ?? false };
        this.presence.set(name, change);
      }
      if (!(change.atMs <= cutoff ? change.present : change.before)) continue;
      const version = this.versionAt(name, cutoff);
      if (version) served.push(version);
    }
    return served;
  }

  /** The zone as its last publish before `cutoff` left it, else as first loaded, else as it is now. */
  private versionAt(zone: string, cutoff: number): ServedZone | undefined {
    const state = this.source.account().zones.get(zone);
    const entry = this.source.publishes.entries.findLast((e) => e.zone === zone && e.atMs <= cutoff);
    const key = entry ?? this.baseline.get(zone);
    const cached = key && this.indexed.get(key);
    if (cached) return cached;
    const version: ZoneVersion | undefined = entry
      ? { zone, serial: entry.serial, rname: state?.rname ?? '', records: entry.records }
      : (this.baseline.get(zone) ??
        (state && { zone, serial: state.serial, rname: state.rname, records: [...state.records.values()] }));
    if (!version) return undefined;
    const indexed = servedZone(zone, servedRecords(version));
    if (key) this.indexed.set(key, indexed);
    return indexed;
  }
}
