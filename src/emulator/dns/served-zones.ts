import type { WireRecord } from '../../dns-wire/index.js';
import type { Account, ZoneState } from '../dyn/account.js';
import type { PublishHistory } from '../dyn/publish-history.js';
import { servedRecords } from './presentation.js';

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

interface Version {
  /** From when the name servers serve it (the publish's time, plus the lag when read). */
  fromMs: number;
  state: ZoneState | null;
  serial: number;
  served: ServedZone | null;
}

/**
 * The zones the emulator's name servers serve, `lagMs` behind the API: a publish (or a zone created or deleted) is
 * served `lagMs` after it happened, the version before it until then, as secondaries that take a while to pick up a
 * NOTIFY would. Zones published before the servers started are served at once. A change is noticed when a query
 * comes; its time is the publish's own (PublishHistory), else the time it was noticed. Only the versions still
 * needed are kept.
 */
export class ServedZones {
  private readonly versions = new Map<string, Version[]>();

  constructor(
    private readonly source: ServedSource,
    private readonly lagMs: number,
  ) {
    for (const state of source.account().zones.values())
      this.versions.set(state.zone, [{ fromMs: Number.NEGATIVE_INFINITY, ...this.version(state) }]);
  }

  /** Every zone served now, with its records as of `lagMs` ago. */
  current(): ServedZone[] {
    const now = this.source.now();
    this.observe(now);
    const served: ServedZone[] = [];
    for (const list of this.versions.values()) {
      const inForce = list.filter((v) => v.fromMs + this.lagMs <= now);
      const version = inForce.at(-1);
      if (version && inForce.length > 1) list.splice(0, inForce.length - 1);
      if (version?.served) served.push(version.served);
    }
    return served;
  }

  private observe(now: number): void {
    const zones = this.source.account().zones;
    for (const state of zones.values()) {
      const list = this.versions.get(state.zone) ?? [];
      const latest = list.at(-1);
      if (latest?.state === state && latest.serial === state.serial) continue;
      const published = this.source.publishes.entries.findLast(
        (entry) => entry.zone === state.zone && entry.serial === state.serial,
      );
      list.push({ fromMs: published?.atMs ?? now, ...this.version(state) });
      this.versions.set(state.zone, list);
    }
    for (const [zone, list] of this.versions) {
      if (!zones.has(zone) && list.at(-1)?.state !== null)
        list.push({ fromMs: now, state: null, serial: 0, served: null });
    }
  }

  private version(state: ZoneState): Omit<Version, 'fromMs'> {
    return { state, serial: state.serial, served: servedZone(state.zone, servedRecords(state)) };
  }
}
