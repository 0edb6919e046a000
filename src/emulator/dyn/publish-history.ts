/**
 * Every publish the emulator made, in order, with the zone's whole record set right after it. Tests compare each
 * entry with the state a plan should lead to: a publish that carries only part of a zone's changes shows up as an
 * entry that matches neither the state before nor the state after the plan.
 */
import type { RecordState, ZoneState } from './account.js';

export interface PublishEntry {
  zone: string;
  serial: number;
  atMs: number;
  /** Published records of the zone after this publish, sorted by id. */
  records: RecordState[];
}

/** Entries kept; the oldest are dropped beyond this (a long-running emulator must not grow without bound). */
const MAX_ENTRIES = 10_000;

export class PublishHistory {
  private readonly list: PublishEntry[] = [];

  get entries(): readonly PublishEntry[] {
    return this.list;
  }

  record(zone: ZoneState, atMs: number): void {
    const records = [...zone.records.values()]
      .map((r) => ({ ...r, rdata: { ...r.rdata } }))
      .sort((a, b) => a.id - b.id);
    this.list.push({ zone: zone.zone, serial: zone.serial, atMs, records });
    if (this.list.length > MAX_ENTRIES) this.list.shift();
  }

  clear(): void {
    this.list.length = 0;
  }
}
