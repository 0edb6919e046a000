import { isGlueType } from '../model/delegations.js';
import { isInZone, normaliseName } from '../model/names.js';
import { recordType } from '../model/record-types/index.js';
import { sortValues } from '../model/record-types/registry.js';
import type { ServedAnswer } from '../model/served.js';
import { printable } from '../model/text.js';
import { RCODES, rcodeName, type WireMessage } from './message.js';
import type { WireRecord } from './rdata.js';

/**
 * An authoritative server's reply to `<name> <type>` → what it serves there (model/served.ts). Records are read
 * through the record-type registry's `parsePresentation`, so the values are canonical; a value that does not parse
 * makes the answer `failed` (it is never dropped: a dropped value would look like a missing one). A name at or below
 * a delegation of the zone is answered with a referral (RFC 1034 §4.3.2): not authoritative, the delegation's NS set
 * in the authority section, which is the answer to an NS question at the delegation itself, and the glue of its
 * name servers inside it in the additional section (RFC 9471 §2), which is where an A or AAAA set at such a name
 * server is served: the answer then says `glue`.
 */
export function servedAnswer(message: WireMessage, name: string, type: string): ServedAnswer {
  if (message.rcode === RCODES.NXDOMAIN) return { kind: 'nxdomain' };
  // REFUSED (and NOTAUTH) from a server asked as authoritative: it does not serve the zone.
  if (message.rcode === RCODES.REFUSED || message.rcode === RCODES.NOTAUTH)
    return { kind: 'not-authoritative' };
  if (message.rcode !== RCODES.NOERROR) return { kind: 'failed', reason: rcodeName(message.rcode) };
  const atName = message.answers.filter((r) => r.name === name);
  const own = atName.filter((r) => r.type === type);
  if (own.length > 0) return message.authoritative ? recordsAnswer(own, type) : { kind: 'not-authoritative' };
  const cname = atName.find((r) => r.type === 'CNAME');
  if (cname)
    return message.authoritative ? { kind: 'cname', target: cname.value } : { kind: 'not-authoritative' };
  if (message.authoritative) return { kind: 'nodata' };
  return referral(message, name, type);
}

/** A reply without the AA flag: a referral to a delegation at or above `name`, or a server that is not the zone's. */
function referral(message: WireMessage, name: string, type: string): ServedAnswer {
  const [first] = message.authorities.filter((r) => r.type === 'NS');
  if (first === undefined || message.answers.length > 0 || !isInZone(name, first.name))
    return { kind: 'not-authoritative' };
  const at = first.name;
  const cut = message.authorities.filter((r) => r.type === 'NS' && r.name === at);
  if (type === 'NS' && at === name) return recordsAnswer(cut, type);
  const servers = new Set(cut.map((r) => normaliseName(r.value)));
  const glue = message.additionals.filter((r) => r.name === name && r.type === type);
  if (isGlueType(type) && servers.has(name) && glue.length > 0) {
    const answer = recordsAnswer(glue, type);
    return answer.kind === 'records' ? { ...answer, glue: true } : answer;
  }
  return { kind: 'referral', at };
}

function recordsAnswer(records: readonly WireRecord[], type: string): ServedAnswer {
  const parser = recordType(type);
  if (!parser) return { kind: 'failed', reason: `${type} is not a record type edgeplan reads` };
  const values: string[] = [];
  for (const record of records) {
    const result = parser.parsePresentation(record.value);
    if (!result.ok)
      return {
        kind: 'failed',
        // Stryker disable next-line OptionalChaining: a value that does not parse has a problem that says why
        reason: `served ${type} value ${printable(record.value)} does not parse: ${result.problems[0]?.message}`,
      };
    values.push(result.value);
  }
  const ttls = records.map((r) => r.ttl);
  const ttl = Math.min(...ttls);
  return {
    kind: 'records',
    ttl,
    values: sortValues(type, values),
    ...(ttls.some((t) => t !== ttl) ? { mixedTtls: true } : {}),
  };
}
