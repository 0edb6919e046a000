import type { Rfc2136Client } from './client.js';
import { Rfc2136OutcomeUnknownError } from './errors.js';
import type { Rfc2136Set } from './ops.js';
import { serialOf, setsUnlike, snapshotOf } from './zone-snapshot.js';

/** What settling a lost answer needs of the client: the SOA and a zone transfer. */
export type SettleClient = Pick<Rfc2136Client, 'label' | 'soa' | 'transfer'>;

/** One UPDATE whose answer was lost: what it was, the serial it was conditional on, the sets as it makes them. */
export interface LostUpdate {
  what: string;
  zone: string;
  serial: number;
  sets: readonly Rfc2136Set[];
  direction: 'forward' | 'back';
  lost: unknown;
}

/**
 * Where an UPDATE whose answer was lost stands, by reading the server, never assumed. The server applied the
 * message whole or not at all, and only while its SOA was the one the message named:
 *
 * | the server shows                                         | so                            | then                        |
 * |----------------------------------------------------------|-------------------------------|-----------------------------|
 * | the serial the message was conditional on                | it was not applied            | 'not-applied'               |
 * | another serial, and every set of the message as it sets it | it was applied              | 'applied'                   |
 * | another serial, anything else (or no SOA, or no read)     | another writer, or not known | Rfc2136OutcomeUnknownError  |
 *
 * Reads: one SOA query, and one zone transfer when the serial moved.
 */
export async function settleLostUpdate(
  client: SettleClient,
  lost: LostUpdate,
): Promise<'applied' | 'not-applied'> {
  let reason: string;
  try {
    const soa = await client.soa(lost.zone);
    const serial = soa === null ? null : serialOf(soa);
    if (serial === lost.serial) return 'not-applied';
    if (serial === null) reason = 'the server no longer serves the zone';
    else {
      const unlike = await setsUnlikeNow(client, lost);
      if (unlike.length === 0) return 'applied';
      reason = `the zone's serial moved to ${serial} but ${unlike.join(', ')} ${unlike.length === 1 ? 'is' : 'are'} not as the message sets them (another writer?)`;
    }
  } catch (error) {
    reason = `reading the zone again failed too (${error instanceof Error ? error.message : String(error)})`;
  }
  throw new Rfc2136OutcomeUnknownError(
    `${lost.what} at ${client.label}: the answer was lost and ${reason}: the message may have been applied; ` +
      `plan again to see the zone as it is (${lost.lost instanceof Error ? lost.lost.message : String(lost.lost)})`,
  );
}

/** The message's sets (`fqdn type`) the zone does not hold as the message makes them. */
async function setsUnlikeNow(client: SettleClient, lost: LostUpdate): Promise<string[]> {
  const snapshot = snapshotOf(await client.transfer(lost.zone));
  const unlike =
    snapshot === null
      ? lost.sets
      : setsUnlike(snapshot, lost.zone, lost.sets, lost.direction, client.label).map(({ set }) => set);
  return unlike.map((set) => `${set.fqdn} ${set.type}`);
}
