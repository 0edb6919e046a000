import type { RecordSetChange } from '../../model/change.js';
import { ZoneChangedError } from '../../model/provider.js';
import { lostAnswerOutcome, notTakenText, type Symptom } from '../http/decisions.js';
import { TransportError } from '../http/errors.js';
import { isServerError } from '../http/retry.js';
import type { PdnsClient } from './client.js';
import { PdnsApiError, PdnsOutcomeUnknownError } from './errors.js';
import { readZoneWire } from './read.js';
import { liveText, type SetState, setStates, valueText, type ZoneSet } from './zone-sets.js';

/**
 * A zone's one write, PATCH or creating POST, with Dyn's guarantees (providers/dyn/write/write.ts):
 *
 * Compare, then write. Right before a PATCH, one `GET /zones/<zone>` checks that the zone is still what the plan
 * read: its serial (PowerDNS moves it on every API edit when `soa_edit_api` is set) and every record set the PATCH
 * changes (which catches an edit that left the serial alone). Anything else is another writer's doing, and the
 * PATCH is not sent (ZoneChangedError): the zone never holds a mix of their change and ours. PowerDNS offers no
 * conditional PATCH, so two runs that both pass the check within one request of each other could still both
 * write; the check narrows the window from the whole run to that one request. A zone the plan creates has nothing
 * to compare: its POST is refused (409) when the zone exists by then, which is the same sign.
 *
 * A lost answer is settled by reading, never assumed: PowerDNS applies a PATCH whole or not at all, and a POST
 * creates the zone with every rrset or nothing, so one read of the zone tells.
 *
 * | write | the read shows                                          | so                  | then                |
 * |-------|---------------------------------------------------------|---------------------|---------------------|
 * | PATCH | every set as the PATCH sets it                          | it took effect      | go on               |
 * |       | every set as the plan read it, the serial unchanged     | it did not          | check, send again   |
 * |       | anything else, or no zone                               | another writer      | ZoneChangedError    |
 * | POST  | no zone                                                 | it did not          | send again          |
 * |       | the zone, every set as the POST sets it                 | it took effect      | go on               |
 * |       | the zone, not as the POST sets it                       | another writer      | ZoneChangedError    |
 * | both  | (the read fails)                                        | nothing             | PdnsOutcomeUnknownError |
 *
 * A send the read showed not applied may still land later (a timeout while the server works): the check before
 * the next send, or PowerDNS's 409 to the next POST, then meets it, and one more read that finds every set as the
 * write sets it ends the write as applied instead of a conflict.
 *
 * A write is sent at most MAX_SENDS times in all. Without `begin` (a library caller that applies no plan) nothing
 * is compared before the PATCH, and a lost PATCH answer whose read does not show it applied is sent again.
 */

/** Sends of one write, when reads prove the earlier ones did not take effect. */
export const MAX_SENDS = 3;

/** What the plan read of a zone (PlannedTarget): its serial, and the changes of its record sets. */
export interface PlannedZone {
  serial: number | null;
  changes?: readonly RecordSetChange[];
}

/** What a lost answer looked like, or null when `error` is an answer (a refusal). */
export function lostAnswer(error: unknown): Symptom | null {
  if (error instanceof TransportError) return error.failure;
  if (error instanceof PdnsApiError && isServerError(error.status)) return 'http-5xx';
  return null;
}

/**
 * The zone as read right before its PATCH, checked against the plan: its serial, or throws ZoneChangedError.
 * Without a plan (`planned` undefined) nothing is read: undefined.
 */
export async function checkBeforePatch(
  client: PdnsClient,
  zone: string,
  planned: PlannedZone | undefined,
  sets: readonly ZoneSet[],
): Promise<number | undefined> {
  if (planned === undefined) return undefined;
  const read = await readZoneWire(client, zone);
  if (read === null) throw new ZoneChangedError(zone, 'the zone is gone: someone else deleted it');
  const { wire } = read;
  if (planned.serial !== null && wire.serial !== planned.serial)
    throw new ZoneChangedError(zone, `serial ${planned.serial} → ${wire.serial}: someone else changed it`);
  const moved = setStates(zone, wire, sets).filter(
    (state) => state.set.before !== undefined && !state.atBefore,
  );
  if (moved.length > 0) throw new ZoneChangedError(zone, movedText(moved, 'the plan read'));
  return wire.serial;
}

/** Where a write whose answer was lost stands, by one read of its zone (see the table above). */
export async function settleLost(
  client: PdnsClient,
  zone: string,
  write: { label: string; creates: boolean; serial: number | undefined; lost: unknown },
  sets: readonly ZoneSet[],
): Promise<'applied' | 'not-applied'> {
  let read: Awaited<ReturnType<typeof readZoneWire>>;
  try {
    read = await readZoneWire(client, zone);
  } catch (error) {
    throw new PdnsOutcomeUnknownError(zone, write.label, write.lost, { cause: error });
  }
  if (read === null) {
    if (write.creates) return 'not-applied';
    throw new ZoneChangedError(zone, 'the zone is gone: someone else deleted it');
  }
  const states = setStates(zone, read.wire, sets);
  if (states.every((state) => state.atAfter)) return 'applied';
  if (write.creates)
    throw new ZoneChangedError(
      zone,
      `the zone the plan creates exists, not as this run creates it: ${movedText(unsettled(states), 'this run sends')}`,
    );
  const told = states.every((state) => state.set.before !== undefined);
  if (!told) return 'not-applied';
  if (states.every((state) => state.atBefore) && read.wire.serial === write.serial) return 'not-applied';
  const sign = states.every((state) => state.atBefore)
    ? `serial ${write.serial} → ${read.wire.serial}: someone else changed it`
    : movedText(unsettled(states), 'the plan read');
  throw new ZoneChangedError(zone, `after the answer to its PATCH was lost, ${sign}`);
}

/** Whether the zone holds every set as the write sets it (one read; no zone: false). */
export async function holdsAsSent(
  client: PdnsClient,
  zone: string,
  sets: readonly ZoneSet[],
): Promise<boolean> {
  const read = await readZoneWire(client, zone);
  return read !== null && setStates(zone, read.wire, sets).every((state) => state.atAfter);
}

/** The states at neither end: what another writer made of the sets. */
function unsettled(states: readonly SetState[]): SetState[] {
  return states.filter((state) => !state.atBefore && !state.atAfter);
}

/** `www.a.test A is 192.0.2.9 ttl 60, the plan read 192.0.2.1 ttl 300`, the first such set, and a count of the rest. */
function movedText(states: readonly SetState[], read: string): string {
  const [first, ...rest] = states;
  if (!first) return 'a record set moved';
  const { set, live } = first;
  const shown = read === 'the plan read' ? set.before : set.after;
  const more = rest.length > 0 ? `; and ${rest.length} more record sets` : '';
  return `${set.fqdn} ${set.type} is ${liveText(live)}, ${read} ${valueText(shown)}${more}`;
}

/** One line of the writer's log for a settled lost answer, after send `sent` (from 1) of at most MAX_SENDS. */
export function settledLine(
  label: string,
  zone: string,
  outcome: 'applied' | 'not-applied',
  sent: number,
): string {
  const next = lostAnswerOutcome(outcome === 'applied', sent, MAX_SENDS);
  return (
    `pdns: ${label}: the answer was lost; the GET of zone ${zone} shows it ` +
    (next === 'took-effect'
      ? 'took effect: going on'
      : `did not take effect: ${notTakenText(next, MAX_SENDS)}`)
  );
}
