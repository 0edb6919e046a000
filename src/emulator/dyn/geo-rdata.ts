/**
 * The record data of a geo service's group (`groups[].rdata`, help.dyn.com, Create Geo Traffic Manager API). The
 * service's group object carries one `<type>_rdata` list per type it can serve, every key present even when empty
 * (a live `GET /Geo/` sample: Netflix/denominator `dynect/src/test/resources/geoservice.json`). The emulator keeps
 * A, AAAA and CNAME, each item checked like the rdata of a record of that type (rdata.ts); a group serves at least
 * one record, at most one CNAME, and a CNAME alone (RFC 1034 §3.6.2, inferred for groups). Data of the other types
 * is refused rather than dropped, so that a client never believes it was kept.
 */
import type { ErrCode, MsgSource } from './envelope.js';
import { parseRdata, rdataKey } from './rdata.js';

/** What a group serves, values as posted: addresses for A and AAAA, the alias target for CNAME. */
export interface GroupRecords {
  a: string[];
  aaaa: string[];
  cname: string[];
}

const KEPT = [
  { type: 'A', key: 'a_rdata', field: 'address', of: (g: GroupRecords) => g.a },
  { type: 'AAAA', key: 'aaaa_rdata', field: 'address', of: (g: GroupRecords) => g.aaaa },
  { type: 'CNAME', key: 'cname_rdata', field: 'cname', of: (g: GroupRecords) => g.cname },
] as const;

/** Every `<type>_rdata` key of the service's group object, in the order the emulator answers them. */
const GROUP_RDATA_KEYS = [
  'a',
  'aaaa',
  'cert',
  'cname',
  'dhcid',
  'dname',
  'dnskey',
  'ds',
  'ipseckey',
  'key',
  'kx',
  'loc',
  'mx',
  'naptr',
  'ns',
  'nsap',
  'ptr',
  'px',
  'rp',
  'soa',
  'spf',
  'srv',
  'sshfp',
  'txt',
].map((t) => `${t}_rdata`);

/** A refused group rdata: the msg to answer with. */
export interface GroupRdataProblem {
  code: ErrCode;
  source: MsgSource;
  text: string;
}

const refuse = (code: ErrCode, text: string, source: MsgSource = 'DYN') => ({
  ok: false as const,
  problem: { code, source, text },
});

/** A group's `rdata` object → what it serves, or the first problem. */
export function readGroupRdata(
  raw: unknown,
): { ok: true; records: GroupRecords } | { ok: false; problem: GroupRdataProblem } {
  const rdata =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const records: GroupRecords = { a: [], aaaa: [], cname: [] };
  const seen = new Set<string>();
  for (const key of GROUP_RDATA_KEYS) {
    const list = Object.hasOwn(rdata, key) ? rdata[key] : undefined;
    const kept = KEPT.find((k) => k.key === key);
    if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) continue;
    if (!Array.isArray(list)) return refuse('INVALID_DATA', `${key}: Must be a list`);
    if (!kept)
      return refuse('INVALID_DATA', `${key}: The emulator keeps only a_rdata, aaaa_rdata and cname_rdata`);
    const values = kept.of(records);
    for (const item of list) {
      const parsed = parseRdata(kept.type, item);
      if ('problem' in parsed) {
        const { kind, message } = parsed.problem;
        return kind === 'missing'
          ? refuse('MISSING_DATA', message, 'API-A')
          : refuse('INVALID_DATA', message);
      }
      const key = `${kept.type} ${rdataKey(kept.type, parsed.rdata)}`;
      if (seen.has(key)) return refuse('TARGET_EXISTS', 'make: Cannot duplicate existing record data');
      seen.add(key);
      values.push(String(parsed.rdata[kept.field]));
    }
  }
  if (records.a.length + records.aaaa.length + records.cname.length === 0) {
    return refuse('MISSING_DATA', 'rdata: required field missing', 'API-A');
  }
  if (records.cname.length > 1)
    return refuse('INVALID_DATA', 'cname_rdata: A group may serve at most 1 CNAME record');
  if (records.cname.length > 0 && records.a.length + records.aaaa.length > 0) {
    return refuse(
      'ILLEGAL_OPERATION',
      'cname_rdata: A group that serves a CNAME record serves nothing else',
      'BLL',
    );
  }
  return { ok: true, records };
}

/** The group's `rdata` object as the service returns it: every `<type>_rdata` key, `[]` when empty. */
export function groupRdataObject(g: GroupRecords): Record<string, Record<string, string>[]> {
  return Object.fromEntries(
    GROUP_RDATA_KEYS.map((key) => {
      const kept = KEPT.find((k) => k.key === key);
      return [key, kept ? kept.of(g).map((value) => ({ [kept.field]: value })) : []];
    }),
  );
}
