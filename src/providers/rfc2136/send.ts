import { RCODES, rcodeName } from '../../dns-wire/message.js';
import type { Rfc2136Client } from './client.js';
import { setEntries } from './compile.js';
import { Rfc2136ConflictError, Rfc2136Error } from './errors.js';
import type { Rfc2136Op } from './ops.js';
import { settleLostUpdate } from './settle.js';
import type { ZoneSoa } from './zone-snapshot.js';

/**
 * What the writer asks of a server: its SOA, its zone, and UPDATE; and, where the client keeps it, the zone as its
 * last read found it (`lastRead`). The RFC 2136 client speaks all three over DNS; the PowerDNS provider sends
 * UPDATE over DNS and reads through its HTTP API (providers/pdns/update-client.ts).
 */
export type WriterClient = Pick<Rfc2136Client, 'label' | 'soa' | 'transfer' | 'update'> &
  Partial<Pick<Rfc2136Client, 'lastRead'>>;

/**
 * Sends one message of a zone's step (`forward`) or its undo (`back`) as one UPDATE conditional on the zone's SOA as
 * `zone` holds it (RFC 2136 §2.4.1, "RRset exists (value dependent)"): the server applies it whole, and only while
 * its SOA is that one. Returns when the server took it: NOERROR, or a lost answer that reading the zone shows was
 * applied (settle.ts). A lost answer that reading shows was not applied (the serial is still the one the message
 * names) is sent again, as the prerequisite still guards it: SEND_ATTEMPTS sends in all. A refused prerequisite
 * (NXRRSET, YXRRSET) is Rfc2136ConflictError; any other refusal an Rfc2136Error saying nothing of it was applied.
 */
export async function sendMessage(
  client: WriterClient,
  op: Rfc2136Op,
  direction: 'forward' | 'back',
  what: string,
  zone: ZoneSoa,
): Promise<void> {
  const prerequisite = { kind: 'record' as const, record: { ...zone.soa, ttl: 0 } };
  const updates = op.sets.flatMap((set) => setEntries(set, direction, op.zone, zone.serial));
  let rcode: number | undefined;
  for (let attempt = 1; rcode === undefined; attempt++) {
    try {
      rcode = (await client.update(what, op.zone, [prerequisite], updates)).rcode;
    } catch (error) {
      const lost = { what, zone: op.zone, serial: zone.serial, sets: op.sets, direction, lost: error };
      if ((await settleLostUpdate(client, lost)) === 'applied') return;
      if (attempt === SEND_ATTEMPTS) throw error;
    }
  }
  if (rcode === RCODES.NOERROR) return;
  if (rcode === NXRRSET || rcode === YXRRSET)
    throw new Rfc2136ConflictError(
      op.zone,
      client.label,
      `the SOA prerequisite was refused (${rcodeText(rcode)})`,
    );
  throw new Rfc2136Error(
    what,
    client.label,
    `the server refused the update (${rcodeText(rcode)}); nothing of it was applied`,
  );
}

/** Sends of one message whose answers were lost and that reading showed not applied, in all. */
export const SEND_ATTEMPTS = 3;

const YXRRSET = 7;
const NXRRSET = 8;
const UPDATE_RCODES: Record<number, string> = {
  6: 'YXDOMAIN',
  [YXRRSET]: 'YXRRSET',
  [NXRRSET]: 'NXRRSET',
  9: 'NOTAUTH',
  10: 'NOTZONE',
};

function rcodeText(rcode: number): string {
  return UPDATE_RCODES[rcode] ?? rcodeName(rcode);
}
