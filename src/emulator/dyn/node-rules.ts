/**
 * Rules on the records of one node and type, checked when a change is made (against the session's view) and
 * again at publish (against the result): no two records with equal rdata, at most 13 A records.
 */
import { MAX_A_RECORDS_PER_NODE } from '../../model/dns.js';
import type { RecordValues } from './changeset.js';
import { rdataKey } from './rdata.js';

export type NodeProblem = 'duplicate' | 'too-many';

/** The first problem of a node's records of one type, or null. */
export function checkRecordSet(
  type: string,
  records: readonly Pick<RecordValues, 'rdata'>[],
): NodeProblem | null {
  const keys = new Set(records.map((r) => rdataKey(type, r.rdata)));
  if (keys.size < records.length) return 'duplicate';
  if (type === 'A' && records.length > MAX_A_RECORDS_PER_NODE) return 'too-many';
  return null;
}

/** Checks every (fqdn, type) group of a zone's records; returns the first offending group. */
export function checkZoneRecords(
  records: readonly RecordValues[],
): { fqdn: string; type: string; problem: NodeProblem } | null {
  const groups = new Map<string, RecordValues[]>();
  for (const r of records) {
    const key = `${r.fqdn} ${r.type}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values()) {
    const first = group[0];
    if (!first) continue;
    const problem = checkRecordSet(first.type, group);
    if (problem) return { fqdn: first.fqdn, type: first.type, problem };
  }
  return null;
}
