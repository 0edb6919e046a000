/**
 * An uploaded zone file (RFC 1035 §5) read into the records it holds, with every problem at its line. Directives:
 * `$ORIGIN` (RFC 1035 §5.1) and `$TTL` (RFC 2308 §4); `$INCLUDE` is refused, since an upload is one file. An entry
 * is `[owner] [ttl] [class] type rdata` with TTL and class in either order; TTLs are seconds or BIND's units
 * (`1h30m`); the class, when given, is IN. A record without a TTL takes `$TTL`, else the last TTL written, else the
 * service's default. Owners must be names of the zone.
 */
import { isInZone, normaliseName } from '../../model/names.js';
import { type Entry, lexMasterFile, tokenText } from '../../model/zone-file/lexer.js';
import { parseZoneFileTtl } from '../../model/zone-file/ttl.js';
import { absolute, fileRdata, isFileType } from './master-file-rdata.js';
import type { Rdata } from './rdata.js';
import { HOST_NAME } from './record-values.js';

export interface FileRecord {
  /** Line of the file where the record's entry starts. */
  line: number;
  fqdn: string;
  type: string;
  ttl: number;
  rdata: Rdata;
}

export interface FileProblem {
  line: number;
  message: string;
}

export interface ZoneFile {
  /** In file order. */
  records: FileRecord[];
  /** The first `$TTL` of the file. */
  defaultTtl: number | undefined;
  problems: FileProblem[];
}

/** TTL of a record when neither the record, `$TTL` nor an earlier record gives one. */
export const FALLBACK_TTL = 3600;
const CLASSES: ReadonlySet<string> = new Set(['IN', 'CH', 'HS', 'CS']);

export function parseZoneFile(text: string, zone: string): ZoneFile {
  const lexed = lexMasterFile(text);
  const { entries } = lexed;
  const problems: FileProblem[] = lexed.problems.map(({ line, message }) => ({ line, message }));
  const state = {
    origin: zone,
    owner: undefined as string | undefined,
    ttl: undefined as number | undefined,
  };
  let defaultTtl: number | undefined;
  let lastTtl: number | undefined;
  const records: FileRecord[] = [];
  const problem = (line: number, message: string) => problems.push({ line, message });
  for (const entry of entries) {
    const first = entry.tokens[0];
    if (!entry.ownerless && first && !first.quoted && first.raw.startsWith('$')) {
      const directive = readDirective(entry, state);
      if (typeof directive === 'string') problem(entry.line, directive);
      else if (directive !== null && defaultTtl === undefined) defaultTtl = directive;
      continue;
    }
    const read = readRecord(entry, state, zone);
    if (typeof read === 'string') {
      problem(entry.line, read);
      continue;
    }
    const ttl = read.ttl ?? state.ttl ?? lastTtl ?? FALLBACK_TTL;
    if (read.ttl !== undefined) lastTtl = read.ttl;
    records.push({ line: entry.line, fqdn: read.fqdn, type: read.type, ttl, rdata: read.rdata });
  }
  problems.sort((a, b) => a.line - b.line);
  return { records, defaultTtl, problems };
}

interface ReadState {
  origin: string;
  owner: string | undefined;
  ttl: number | undefined;
}

/** `$ORIGIN` / `$TTL`: updates `state`; returns a `$TTL` value, null, or the problem. */
function readDirective(entry: Entry, state: ReadState): number | null | string {
  const [name, value, ...extra] = entry.tokens.map(tokenText);
  const directive = (name ?? '').toUpperCase();
  if (directive === '$INCLUDE') return '$INCLUDE is not supported: upload one self-contained file';
  if (directive !== '$ORIGIN' && directive !== '$TTL') return `unknown directive ${name}`;
  if (value === undefined || extra.length > 0) return `${directive} takes exactly one value`;
  if (directive === '$ORIGIN') {
    state.origin = normaliseName(absolute(value, state.origin));
    return null;
  }
  const ttl = parseZoneFileTtl(value);
  if (ttl === undefined) return `$TTL: ${value} is not a TTL`;
  state.ttl = ttl;
  return ttl;
}

/** One record entry: owner, optional TTL and class, type and rdata. */
function readRecord(
  entry: Entry,
  state: ReadState,
  zone: string,
): { fqdn: string; type: string; ttl: number | undefined; rdata: Rdata } | string {
  const tokens = entry.tokens.map((token) => ({ token, text: tokenText(token) }));
  let at = 0;
  if (!entry.ownerless) state.owner = normaliseName(absolute(tokens[at++]?.text ?? '', state.origin));
  const fqdn = state.owner;
  if (fqdn === undefined) return 'the record has no owner name, and no record before it has one';
  let ttl: number | undefined;
  let recordClass: string | undefined;
  for (let fields = 0; fields < 2 && at < tokens.length; fields++) {
    const text = tokens[at]?.text ?? '';
    if (ttl === undefined && /^\d/.test(text)) {
      ttl = parseZoneFileTtl(text);
      if (ttl === undefined) return `${text} is not a TTL`;
    } else if (recordClass === undefined && CLASSES.has(text.toUpperCase())) {
      recordClass = text.toUpperCase();
    } else break;
    at += 1;
  }
  if (recordClass !== undefined && recordClass !== 'IN')
    return `class ${recordClass} is not supported (only IN)`;
  const type = tokens[at++]?.text.toUpperCase();
  if (type === undefined) return 'the record has no type';
  if (!isFileType(type)) return `type ${type} is not supported`;
  if (!isInZone(fqdn, zone)) return `${fqdn} is not in zone ${zone}`;
  if (!HOST_NAME.test(fqdn)) return `${fqdn} is not a valid host name`;
  const rdata = fileRdata(type, entry.tokens.slice(at), state.origin);
  if (typeof rdata === 'string') return `${type} ${rdata}`;
  return { fqdn, type, ttl, rdata };
}
