/**
 * One session's pending edits of one zone (help.dyn.com, Get zone changeset API). Edits are kept record by record
 * against the published ids they touch, so the session's own view is always "published state with my edits on top",
 * and publish can check the whole set against whatever is published by then (another session may have published
 * meanwhile).
 *
 * Visibility choice (the docs leave it open): a session's reads show published + its own pending changes, so that
 * "add, then list" is consistent; other sessions see nothing of them until publish.
 */
import type { RecordState, ZoneState } from './account.js';
import { compareRecords } from './account.js';
import type { Rdata } from './rdata.js';

/**
 * A record as one session sees it. `id` is the record_id shown to clients (0 while pending add); `key` tells the
 * changeset which record it is: the published id, or the negative sequence number of a pending add.
 */
export interface ViewRecord extends RecordState {
  key: number;
}

export interface RecordValues {
  fqdn: string;
  type: string;
  ttl: number;
  rdata: Rdata;
}

/** One pending change, in the order it was made; `id` of add is 0 (no record id before publish). */
export interface PendingChange extends RecordValues {
  seq: number;
  action: 'add' | 'update' | 'delete';
  id: number;
}

export class Changeset {
  private seq = 0;
  private readonly adds = new Map<number, PendingChange>();
  /** Updates and deletes of published records, by record id. */
  private readonly edits = new Map<number, PendingChange>();
  /** Nodes removed with `DELETE /Node/` (each with every node below it): their geo links go at publish. */
  readonly removedNodes = new Set<string>();

  isEmpty(): boolean {
    return this.adds.size === 0 && this.edits.size === 0 && this.removedNodes.size === 0;
  }

  /** Published ids this changeset updates or deletes; publish fails when one of them is gone. */
  touchedIds(): number[] {
    return [...this.edits.keys()];
  }

  changes(): PendingChange[] {
    return [...this.adds.values(), ...this.edits.values()].sort((a, b) => a.seq - b.seq);
  }

  /**
   * Published records with this changeset applied; pending adds last with id 0. With `fqdn`, only that node's
   * records: the record handlers need no more, and copying and sorting a large zone per write would make the
   * emulator the bottleneck of a benchmark.
   */
  view(zone: ZoneState, fqdn?: string): ViewRecord[] {
    const out: ViewRecord[] = [];
    for (const r of zone.records.values()) {
      if (fqdn !== undefined && r.fqdn !== fqdn) continue;
      const edit = this.edits.get(r.id);
      if (edit?.action === 'delete') continue;
      const values = edit ? { ttl: edit.ttl, rdata: edit.rdata } : {};
      out.push({ ...r, ...values, key: r.id });
    }
    out.sort(compareRecords);
    for (const add of this.adds.values()) {
      if (fqdn !== undefined && add.fqdn !== fqdn) continue;
      const { type, ttl, rdata } = add;
      out.push({ id: 0, key: -add.seq, fqdn: add.fqdn, type, ttl, rdata, ...nsClass(type) });
    }
    return out;
  }

  add(values: RecordValues): void {
    const seq = ++this.seq;
    this.adds.set(seq, { ...values, seq, action: 'add', id: 0 });
  }

  update(target: ViewRecord, ttl: number, rdata: Rdata): void {
    const values = { fqdn: target.fqdn, type: target.type, ttl, rdata };
    if (target.key < 0) {
      const add = this.adds.get(-target.key);
      if (add) this.adds.set(-target.key, { ...add, ttl, rdata });
      return;
    }
    this.edits.set(target.id, { ...values, seq: ++this.seq, action: 'update', id: target.id });
  }

  remove(target: ViewRecord): void {
    if (target.key < 0) {
      this.adds.delete(-target.key);
      return;
    }
    const { fqdn, type, ttl, rdata } = target;
    this.edits.set(target.id, { fqdn, type, ttl, rdata, seq: ++this.seq, action: 'delete', id: target.id });
  }
}

/** A pending NS record is an ordinary one (`service_class: ""`); other types carry no service class. */
function nsClass(type: string): { serviceClass?: string } {
  return type === 'NS' ? { serviceClass: '' } : {};
}

/** The zone's own SOA and `Primary` NS records: created with the zone, never removed or edited by clients. */
export function isProtected(record: RecordState): boolean {
  return record.type === 'SOA' || (record.type === 'NS' && record.serviceClass === 'Primary');
}
