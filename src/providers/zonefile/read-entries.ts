import { dnsTypeName, dnsTypeNumber } from '../../model/dns-type-names.js';
import { recordType } from '../../model/record-types/registry.js';
import { shortened } from '../../model/text.js';
import { type Entry, lexEntries, type Token, tokenText } from '../../model/zone-file/lexer.js';
import { parseZoneFileTtl } from '../../model/zone-file/ttl.js';
import { nameLengthProblem } from './name-length.js';
import { absoluteName } from './names.js';
import { type FileProblem, ProblemList } from './problems.js';
import { runSteps, type Steps } from './steps.js';

export type { FileProblem } from './problems.js';

/**
 * One record of a zone file as written, before any record type reads it: its owner made absolute, its TTL and
 * class settled (RFC 1035 §5.1, RFC 2308 §4), and its RDATA tokens exactly as written, with the origin they were
 * written under (relative names in them are relative to it).
 */
export interface FileRecord {
  /** 1-based line where the record's entry starts. */
  line: number;
  /** Absolute, with its trailing dot, escapes as written. */
  owner: string;
  ttl: number;
  /** Upper case, as the file names it (`A`, `TYPE65534`); a type edgeplan manages by its name (`TYPE1`: `A`). */
  type: string;
  /** RDATA tokens as written: quotes and escapes kept. */
  rdata: readonly string[];
  /** The `$ORIGIN` in effect: absolute, with its trailing dot. */
  origin: string;
}

/** A record where the file has it: the lines it spans, and whether it names its owner (for edits in place). */
export interface PlacedRecord extends FileRecord {
  /** 1-based column of its first field (its owner, or the field it starts with when it has none). */
  col: number;
  /** 1-based line where it ends (a record in parentheses may span lines). */
  lastLine: number;
  /** Written without an owner field: its owner is the one of the record before it (RFC 1035 §5.1). */
  ownerless: boolean;
}

const CLASSES: ReadonlySet<string> = new Set(['IN', 'CH', 'HS', 'CS', 'NONE', 'ANY']);

/** How much of a token a problem quotes (a token may be as long as the file). */
const SHOWN_TOKEN = 60;
/** Entries read between two pauses (steps.ts): about a millisecond of work. */
const ENTRIES_PER_STEP = 500;

/**
 * Reads the entries of a zone file for zone `origin` (absolute). Directives: `$ORIGIN` and `$TTL`; `$INCLUDE` is
 * refused (an apply rewrites this one file, and could not write the records of another back where they came from),
 * as is any other (`$GENERATE`). A record is `[owner] [ttl] [class] type rdata`, TTL and class in either order; its
 * TTL is its own, else `$TTL`, else the last TTL written (RFC 1035), else the SOA's minimum; its class, when given,
 * IN. A name over 255 octets or with a label over 63 (RFC 1035 §2.3.4), by `$ORIGIN` or as an owner, is refused
 * where it is written (and the origin stays what it was). A second class or a second TTL is refused, as BIND
 * refuses it (an unknown type). Every problem is counted in `problems`, each at the line and column of the field it
 * is about.
 */
export function* readEntrySteps(text: string, origin: string, problems: ProblemList): Steps<PlacedRecord[]> {
  const records: PlacedRecord[] = [];
  const state: ReadState = { origin, owner: undefined, defaultTtl: undefined, lastTtl: undefined };
  let entries = 0;
  for (const item of lexEntries(text)) {
    if (!('tokens' in item)) {
      problems.add(item.line, item.col, item.message);
      continue;
    }
    const first = item.tokens[0];
    const read =
      !item.ownerless && first && !first.quoted && first.raw.startsWith('$')
        ? directive(item, state)
        : record(item, state);
    if (read === null) continue;
    if ('message' in read) problems.add(read.line, read.col, read.message);
    else records.push(read);
    // Stryker disable next-line UpdateOperator: counting down, -500 % 500 is -0, which equals 0: the same steps.
    if (++entries % ENTRIES_PER_STEP === 0) yield;
  }
  return records;
}

/** `readEntrySteps` at once: the records, and the first problems by place (problems.ts). */
export function readEntries(
  text: string,
  origin: string,
): { records: PlacedRecord[]; problems: FileProblem[] } {
  const problems = new ProblemList();
  const records = runSteps(readEntrySteps(text, origin, problems));
  return { records, problems: problems.list() };
}

interface ReadState {
  origin: string;
  owner: string | undefined;
  defaultTtl: number | undefined;
  lastTtl: number | undefined;
  /** Why the current owner is no domain name (nameLengthProblem), worked out once for all its records. */
  ownerProblem?: string | null;
  /** The SOA's MINIMUM, once read: the TTL of last resort (what BIND uses). */
  soaMinimum?: number;
}

/** A problem at the field it is about. */
function problemAt(token: Token, message: string): FileProblem {
  return { line: token.line, col: token.col, message };
}

/** `$ORIGIN` and `$TTL` update `state`; anything else is refused. */
function directive(entry: Entry, state: ReadState): FileProblem | null {
  const [word, value, extra] = entry.tokens as [Token, ...(Token | undefined)[]];
  const upper = word.raw.toUpperCase();
  if (upper === '$INCLUDE')
    return problemAt(
      word,
      '$INCLUDE is not supported: edgeplan rewrites this file on apply and cannot write the included records back; put them in this file',
    );
  if (upper !== '$ORIGIN' && upper !== '$TTL')
    return problemAt(word, `${shown(word.raw)} is not a directive edgeplan reads ($ORIGIN, $TTL)`);
  if (value === undefined) return problemAt(word, `${upper} takes exactly one value`);
  if (extra !== undefined) return problemAt(extra, `${upper} takes exactly one value`);
  if (upper === '$ORIGIN') {
    const origin = absoluteName(value.raw, state.origin);
    const problem = nameLengthProblem(origin);
    if (problem !== null) return problemAt(value, `$ORIGIN: ${problem}`);
    state.origin = origin;
    return null;
  }
  const ttl = parseZoneFileTtl(value.raw);
  if (ttl === undefined) return problemAt(value, `$TTL: ${shown(value.raw)} is not a TTL`);
  state.defaultTtl = ttl;
  return null;
}

/** One record entry, or its problem. */
function record(entry: Entry, state: ReadState): PlacedRecord | FileProblem {
  const tokens = entry.tokens as [Token, ...Token[]];
  const [first] = tokens;
  let at = 0;
  if (!entry.ownerless) {
    state.owner = absoluteName(first.raw, state.origin);
    at = 1;
    state.ownerProblem = nameLengthProblem(state.owner);
  }
  const owner = state.owner;
  if (owner === undefined)
    return problemAt(first, 'the record has no owner name, and no record before it has one');
  if (state.ownerProblem) return problemAt(first, state.ownerProblem);
  let ttl: number | undefined;
  let classToken: Token | undefined;
  // A TTL and a class, each at most once, in either order: the loop ends at the first field that is neither.
  while (at < tokens.length) {
    const token = tokens[at] as Token;
    const text = tokenText(token);
    if (ttl === undefined && /^\d/.test(text)) {
      ttl = parseZoneFileTtl(text);
      if (ttl === undefined) return problemAt(token, `${shown(text)} is not a TTL`);
    } else if (classToken === undefined && isClass(text)) classToken = token;
    else break;
    at += 1;
  }
  const recordClass = classToken && tokenText(classToken).toUpperCase();
  if (classToken !== undefined && recordClass !== 'IN' && recordClass !== 'CLASS1')
    return problemAt(classToken, `class ${recordClass} is not supported (only IN)`);
  const typeToken = tokens[at++];
  if (typeToken === undefined) return problemAt(tokens[tokens.length - 1] as Token, 'the record has no type');
  const repeated = repeatedField(typeToken, ttl, classToken);
  if (repeated !== undefined) return problemAt(typeToken, repeated);
  const type = managedName(typeToken.raw.toUpperCase());
  if (!/^[A-Z][A-Z0-9-]*$/.test(type))
    return problemAt(typeToken, `${shown(typeToken.raw)} is not a record type`);
  const rdata = tokens.slice(at).map((token) => token.raw);
  if (type === 'SOA') state.soaMinimum = soaMinimum(rdata);
  if (ttl !== undefined) state.lastTtl = ttl;
  const settled = ttl ?? state.defaultTtl ?? state.lastTtl ?? state.soaMinimum;
  if (settled === undefined)
    return problemAt(first, 'the record has no TTL, and neither $TTL nor an earlier record gives one');
  return {
    line: entry.line,
    col: first.col,
    lastLine: entry.lastLine,
    ownerless: entry.ownerless,
    owner,
    ttl: settled,
    type,
    rdata,
    origin: state.origin,
  };
}

/**
 * RFC 3597 §5: `TYPE1` is A. A type edgeplan manages written by its number is read under its name (its RDATA is
 * then in the generic form, which the type's reader decodes or keeps as written), so the file's records of one
 * type are one set, and a change to it replaces them all. Any other type keeps the name the file gives it.
 */
function managedName(type: string): string {
  const number = /^TYPE\d+$/.test(type) ? dnsTypeNumber(type) : undefined;
  const name = number === undefined ? undefined : dnsTypeName(number);
  return name !== undefined && recordType(name) !== undefined ? name : type;
}

/**
 * Why the field where the type should be is a class or TTL given again (RFC 1035 §5.1: `[<TTL>] [<class>]` or
 * `[<class>] [<TTL>]`, each once); undefined when it is not. BIND refuses both (`unknown RR type 'IN'`): no type is
 * named as a class, nor written as a TTL.
 */
function repeatedField(
  token: Token,
  ttl: number | undefined,
  classToken: Token | undefined,
): string | undefined {
  const text = tokenText(token);
  if (classToken !== undefined && isClass(text))
    return `${shown(token.raw)} is a second class after ${shown(classToken.raw)}: a record has one class (RFC 1035 §5.1)`;
  if (ttl !== undefined && parseZoneFileTtl(text) !== undefined)
    return `${shown(token.raw)} is a second TTL: a record has one TTL, before or after its class (RFC 1035 §5.1)`;
  return undefined;
}

function isClass(text: string): boolean {
  const upper = text.toUpperCase();
  return CLASSES.has(upper) || /^CLASS\d+$/.test(upper);
}

/** The SOA's seventh field, when it is a TTL. */
function soaMinimum(rdata: readonly string[]): number | undefined {
  const minimum = rdata[6];
  // Stryker disable next-line ConditionalExpression: parseZoneFileTtl reads no text as no TTL all the same.
  return minimum === undefined ? undefined : parseZoneFileTtl(minimum);
}

/** A token as a problem quotes it: its start and end when it is long. */
function shown(token: string): string {
  return shortened(token, SHOWN_TOKEN);
}
