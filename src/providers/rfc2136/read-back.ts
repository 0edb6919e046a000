import type { Rfc2136Client } from './client.js';
import { Rfc2136Error } from './errors.js';
import { readSnapshot, type ZoneSnapshot } from './zone-snapshot.js';

/** Reads of a zone after a message it took, at most: one lost read must not leave an applied message unknown. */
export const READ_BACK_ATTEMPTS = 3;

/**
 * The zone as the server serves it, by zone transfer: right after a message it took, or before a failed step's
 * undo. A read that fails is sent again, up to READ_BACK_ATTEMPTS in all; when every read fails, the error says what
 * was being read (`reading`: after a message, that the server took it, so the step's discard reads the zone again
 * before undoing it).
 */
export async function readBack(
  client: Pick<Rfc2136Client, 'label' | 'transfer'>,
  zone: string,
  what: string,
  reading: string,
): Promise<ZoneSnapshot> {
  let last: unknown;
  for (let attempt = 1; attempt <= READ_BACK_ATTEMPTS; attempt++) {
    try {
      return await readSnapshot(client, zone, what);
    } catch (error) {
      if (!(error instanceof Rfc2136Error)) throw error;
      last = error;
    }
  }
  throw new Rfc2136Error(
    what,
    client.label,
    `${reading} failed ${READ_BACK_ATTEMPTS} times (last: ${last instanceof Error ? last.message : String(last)})`,
  );
}
