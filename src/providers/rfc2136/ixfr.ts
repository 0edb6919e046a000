import type { WireRecord } from '../../dns-wire/rdata.js';
import { EdgeplanError } from '../../model/edgeplan-error.js';

/**
 * An incremental zone transfer (IXFR, RFC 1995) read against the zone as the client last read it (`base`, its SOA
 * first), answer by answer. The server answers one of three ways (§4):
 *
 * - the SOA alone, at the serial asked from: the zone has not changed (`current`);
 * - the SOA, then the zone's other records, then the SOA again: a whole zone, as AXFR sends it (`full`), when it
 *   keeps no journal back to that serial;
 * - the new SOA, then per change the old SOA, the records deleted, the new SOA, the records added, and the new SOA
 *   last: applied here to `base` (`changes`).
 *
 * Anything that does not fit `base` (a change from another serial, a deletion of a record it does not hold, an
 * addition it holds already, an answer that ends before the changes reach the serial announced) is IxfrMismatchError: the caller reads the
 * zone whole instead. Nothing here is believed that an AXFR would not be.
 */
export type IxfrResult =
  | { kind: 'current'; records: readonly WireRecord[] }
  | { kind: 'full' | 'changes'; records: WireRecord[] };

type State = 'start' | 'second' | 'full' | 'deleting' | 'adding' | 'done';

export class IxfrReader {
  private state: State = 'start';
  private newest: WireRecord | undefined;
  private readonly full: WireRecord[] = [];
  private zone: Map<string, WireRecord> | undefined;
  private at: number;
  /** Records read so far, for the transfer's record cap. */
  count = 0;

  constructor(private readonly base: readonly WireRecord[]) {
    this.at = serialOf(base[0]);
  }

  /** Takes one answer's records; true while more answers are to come. */
  accept(records: readonly WireRecord[]): boolean {
    for (const record of records) {
      this.count += 1;
      this.take(record);
      if (this.state === 'done') return false;
    }
    // The SOA alone in the first answer, at the serial asked from: the zone has not changed (RFC 1995 §4).
    if (this.state === 'second' && serialOf(this.newest) === serialOf(this.base[0])) this.state = 'done';
    return this.state !== 'done';
  }

  result(): IxfrResult {
    const newest = this.newest;
    if (this.state !== 'done' || newest === undefined)
      throw new IxfrMismatchError('the transfer did not end');
    if (this.zone === undefined && this.full.length === 0) return { kind: 'current', records: this.base };
    if (this.zone === undefined) return { kind: 'full', records: [newest, ...this.full] };
    return { kind: 'changes', records: [newest, ...this.zone.values()] };
  }

  private take(record: WireRecord): void {
    const soa = record.type === 'SOA';
    switch (this.state) {
      case 'start':
        if (!soa) throw new IxfrMismatchError('the transfer does not start with the SOA');
        this.newest = record;
        this.state = 'second';
        return;
      case 'second':
        if (!soa) {
          this.full.push(record);
          this.state = 'full';
          return;
        }
        this.zone = new Map(this.base.slice(1).map((held) => [keyOf(held), held]));
        this.oldSoa(record);
        return;
      case 'full':
        if (soa) this.state = 'done';
        else this.full.push(record);
        return;
      case 'deleting':
        if (soa) {
          this.at = serialOf(record);
          this.state = 'adding';
        } else if (!this.zone?.delete(keyOf(record)))
          throw new IxfrMismatchError(`a deletion of ${keyOf(record)}, which the zone does not hold`);
        return;
      case 'adding':
        if (soa && serialOf(record) === serialOf(this.newest) && this.at === serialOf(record))
          this.state = 'done';
        else if (soa) this.oldSoa(record);
        else if (this.zone?.has(keyOf(record)))
          throw new IxfrMismatchError(`an addition of ${keyOf(record)}, which the zone holds already`);
        else this.zone?.set(keyOf(record), record);
        return;
      default:
        return;
    }
  }

  /** The old SOA that opens a change: it must be the serial the zone is at. */
  private oldSoa(record: WireRecord): void {
    if (serialOf(record) !== this.at)
      throw new IxfrMismatchError(`a change from serial ${serialOf(record)}, not ${this.at}`);
    this.state = 'deleting';
  }
}

/** An IXFR answer that does not fit the zone as last read: read it whole instead. */
export class IxfrMismatchError extends EdgeplanError {
  override readonly name = 'IxfrMismatchError';
  override readonly code = 'EP9003';
}

/** A record's identity in a zone: name, type and value (an RRset holds a value once; its TTL is the set's). */
function keyOf({ name, type, value }: WireRecord): string {
  return `${name} ${type} ${value}`;
}

function serialOf(soa: WireRecord | undefined): number {
  return Number(soa?.value.split(/\s+/)[2]);
}
