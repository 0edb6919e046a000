/**
 * Rules on the records of one node, checked when a record write is made (against the session's view of the node)
 * and again at publish (against the zone as it would be published, since another session may have published in
 * between), and on the records of a seed. Where each rule comes from:
 * - no two records of a type with equal rdata: the service's `make: Cannot duplicate existing record data`
 *   (jorgeecardona/dynect tests);
 * - at most 13 A records at a node (help.dyn.com, Managed DNS API error codes; no other type has a documented
 *   limit, and the client declares the same); one CNAME (RFC 1034 §3.6.2: a name with a CNAME has no other data,
 *   so one alias);
 * - a CNAME is alone at its node, and no other data joins a CNAME (RFC 1034 §3.6.2, RFC 1912 §2.4), never at the
 *   zone apex, which always holds the SOA and NS ("placing a CNAME record at the apex of a zone is not currently
 *   supported", help.dyn.com, Enabling ALIAS records in Managed DNS);
 * - an ALIAS only at the apex (inferred, from help.dyn.com, Zone records: ALIAS is "CNAME functionality at the apex
 *   of a zone"; the same vendor's ALIAS page also allows it elsewhere in a zone, so this is the product's rule);
 * - no NS written at the apex: the apex NS set is the zone's own (inferred);
 * - a node a geo service answers for holds no A, AAAA or CNAME of its own, since the service answers those from
 *   its groups (inferred), and no ALIAS ("ALIAS records CANNOT be used in conjunction with ... GeoTraffic Manager",
 *   help.dyn.com, Enabling ALIAS records in Managed DNS).
 * The envelopes of the refusals are in record-values.ts.
 */
import type { Rdata } from './rdata.js';
import { rdataKey } from './rdata.js';

export type NodeProblem =
  | 'cname-at-apex'
  | 'alias-below-apex'
  | 'ns-at-apex'
  | 'geo-node'
  | 'cname-beside-data'
  | 'data-beside-cname'
  | 'duplicate'
  | 'too-many';

const MAX_PER_NODE: ReadonlyMap<string, number> = new Map([
  ['A', 13],
  ['CNAME', 1],
]);

/** Types a node linked to a geo service cannot hold. */
export const GEO_SERVED_TYPES: ReadonlySet<string> = new Set(['A', 'AAAA', 'CNAME', 'ALIAS']);

/** How many records of `type` a node may hold (Infinity: no limit). */
export function maxPerNode(type: string): number {
  return MAX_PER_NODE.get(type) ?? Number.POSITIVE_INFINITY;
}

export interface NodeWrite {
  zone: string;
  fqdn: string;
  type: string;
  /** The rdata the write puts at the node (new or changed records of `type`); empty for a pure removal. */
  written: readonly Rdata[];
  /** Every record of the node after the write, every type. */
  node: readonly { type: string; rdata: Rdata }[];
  /** Name of the geo service linked to the node, if any. */
  geo?: string;
}

/** The first rule the write breaks, or null. */
export function checkNodeWrite(w: NodeWrite): NodeProblem | null {
  const same = w.node.filter((r) => r.type === w.type);
  if (w.written.length > 0) {
    const apex = w.fqdn === w.zone;
    if (w.type === 'CNAME' && apex) return 'cname-at-apex';
    if (w.type === 'ALIAS' && !apex) return 'alias-below-apex';
    if (w.type === 'NS' && apex) return 'ns-at-apex';
    if (w.geo !== undefined && GEO_SERVED_TYPES.has(w.type)) return 'geo-node';
    if (w.type === 'CNAME' && same.length < w.node.length) return 'cname-beside-data';
    if (w.type !== 'CNAME' && w.node.some((r) => r.type === 'CNAME')) return 'data-beside-cname';
  }
  const keys = new Set(same.map((r) => rdataKey(w.type, r.rdata)));
  if (keys.size < same.length) return 'duplicate';
  if (same.length > maxPerNode(w.type)) return 'too-many';
  return null;
}

/** A broken rule in a whole zone: where, and for which type. */
export interface ZoneProblem {
  fqdn: string;
  type: string;
  problem: NodeProblem;
  geo?: string;
}

/**
 * Checks every (node, type) of a zone's records as if `isWritten` records had just been written: the publish
 * check (pending records) and the seed check (every record but the zone's own apex NS). One problem at most per
 * (node, type), in the records' order.
 */
export function zoneProblems<R extends { fqdn: string; type: string; rdata: Rdata }>(
  zone: string,
  records: readonly R[],
  isWritten: (record: R) => boolean,
  geoAt: (fqdn: string) => string | undefined,
): ZoneProblem[] {
  const problems: ZoneProblem[] = [];
  // A node nothing was written to keeps the rules it kept: only written nodes can break one.
  const written = new Set(records.filter(isWritten).map((r) => r.fqdn));
  const nodes = new Map<string, R[]>();
  for (const r of records) {
    if (!written.has(r.fqdn)) continue;
    const node = nodes.get(r.fqdn);
    if (node) node.push(r);
    else nodes.set(r.fqdn, [r]);
  }
  for (const [fqdn, node] of nodes) {
    const geo = geoAt(fqdn);
    for (const type of new Set(node.map((r) => r.type))) {
      const rdata = node.filter((r) => r.type === type && isWritten(r)).map((r) => r.rdata);
      const problem = checkNodeWrite({ zone, fqdn, type, written: rdata, node, geo });
      if (problem) problems.push({ fqdn, type, problem, ...(geo === undefined ? {} : { geo }) });
    }
  }
  return problems;
}

/** A broken rule with its zone: what a refusal's message names. */
export interface NodeRuleBreach extends ZoneProblem {
  zone: string;
}

/**
 * What a broken node rule says. Only the duplicate's text is the service's (jorgeecardona/dynect tests); the others
 * are ours, in its style (inferred).
 */
export function breachText(b: NodeRuleBreach): string {
  switch (b.problem) {
    case 'duplicate':
      return 'Cannot duplicate existing record data';
    case 'too-many': {
      const max = maxPerNode(b.type);
      return `A node may hold at most ${max} ${b.type} record${max === 1 ? '' : 's'}`;
    }
    case 'cname-at-apex':
      return `${b.fqdn} is the zone apex; it cannot hold a CNAME record`;
    case 'alias-below-apex':
      return `${b.fqdn} is not the zone apex ${b.zone}; only the apex can hold an ALIAS record`;
    case 'ns-at-apex':
      return `${b.fqdn} is the zone apex; its NS records are the zone's own`;
    case 'geo-node':
      return `${b.fqdn} is served by geo service ${b.geo ?? ''}; it cannot hold ${b.type} records`;
    case 'cname-beside-data':
      return `${b.fqdn} has other records; a CNAME record must be alone at its node`;
    case 'data-beside-cname':
      return `${b.fqdn} has a CNAME record; it cannot hold ${b.type} records`;
  }
}
