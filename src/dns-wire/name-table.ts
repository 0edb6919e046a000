/**
 * Name compression (RFC 1035 §4.1.4) for the messages edgeplan writes: a name is written as its labels up to the
 * first suffix already in the message, then a two-octet pointer to that suffix. A pointer holds a 14-bit offset,
 * so only suffixes written in the first 16 KiB can be pointed at; later ones are written in full.
 *
 * The table works on a sink that writes octets or only counts them (update.ts measures a message without writing
 * it): the offsets are the same either way. `mark` and `rollback` take back what the names written since added, so a
 * measure can try an entry and undo it when it does not fit.
 */

/** Where octets go: `buffer` null when they are only counted. */
export interface Sink {
  buffer: Buffer | null;
  offset: number;
}

/** The largest offset a pointer holds (14 bits). */
const MAX_POINTER = 0x3fff;
const POINTER = 0xc000;

export class NameTable {
  private readonly offsets = new Map<string, number>();
  private readonly added: string[] = [];

  /**
   * Writes `name` (labels split on dots as dns-packet writes them; `.` or empty is the root) at the sink's offset.
   * `compress` false writes it in full and keeps none of its suffixes (RDATA of types that must not be compressed,
   * RFC 3597 §4, is never pointed into either).
   */
  write(sink: Sink, name: string, compress = true): void {
    const stripped = name.replace(/^\.|\.$/g, '');
    const labels = stripped === '' ? [] : stripped.split('.');
    for (let i = 0; i < labels.length; i++) {
      const suffix = compress ? labels.slice(i).join('.') : '';
      const at = compress ? this.offsets.get(suffix) : undefined;
      if (at !== undefined) {
        writePointer(sink, at);
        return;
      }
      if (compress && sink.offset <= MAX_POINTER) {
        this.offsets.set(suffix, sink.offset);
        this.added.push(suffix);
      }
      writeLabel(sink, labels[i] ?? '');
    }
    if (sink.buffer) sink.buffer[sink.offset] = 0;
    sink.offset += 1;
  }

  /** A point to come back to: the suffixes kept so far. */
  mark(): number {
    return this.added.length;
  }

  /** Forgets the suffixes kept since `mark`. */
  rollback(mark: number): void {
    for (const suffix of this.added.splice(mark)) this.offsets.delete(suffix);
  }
}

function writePointer(sink: Sink, at: number): void {
  sink.buffer?.writeUInt16BE(POINTER | at, sink.offset);
  sink.offset += 2;
}

function writeLabel(sink: Sink, label: string): void {
  const length = Buffer.byteLength(label);
  if (sink.buffer) {
    sink.buffer[sink.offset] = length;
    sink.buffer.write(label, sink.offset + 1);
  }
  sink.offset += 1 + length;
}
