import type { Rfc2136Client } from './client.js';
import { Rfc2136Error } from './errors.js';
import { readSnapshot, type ZoneSnapshot } from './zone-snapshot.js';

/**
 * The zone as the server serves it, by zone transfer: right after a message it took, or before a failed step's
 * undo. A read lost on the way is asked again by the client itself (client.ts, `read`), so a failure here is final
 * for this step; the error says what was being read (`reading`: after a message, that the server took it, so the
 * step's discard reads the zone again before undoing it).
 */
export async function readBack(
  client: Pick<Rfc2136Client, 'label' | 'transfer'>,
  zone: string,
  what: string,
  reading: string,
): Promise<ZoneSnapshot> {
  try {
    return await readSnapshot(client, zone, what);
  } catch (error) {
    if (!(error instanceof Rfc2136Error)) throw error;
    throw new Rfc2136Error(what, client.label, `${reading} failed (${error.message})`, { cause: error });
  }
}
