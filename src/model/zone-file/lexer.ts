/**
 * The lexical layer of RFC 1035 §5.1 master files: entries of one line, or of several lines inside parentheses; `;`
 * starts a comment; a quoted string may hold spaces and `;`; `\X` quotes the character X and `\DDD` is one octet in
 * decimal. An entry whose first line starts with a space or tab has no owner: it takes the previous entry's.
 * Shared by the readers of zone files (the emulator's upload, the zonefile provider); each reads the entries into
 * records its own way. Pure: text in, tokens out.
 */

import { count } from '../text.js';

export interface Token {
  /** The token as written, quotes and escapes included. */
  raw: string;
  /** Without its quotes, escapes as written. */
  body: string;
  quoted: boolean;
  /** It has an escape (resolved by tokenOctets and tokenText). */
  escaped: boolean;
  /** 1-based line of its first character (an entry in parentheses spans lines). */
  line: number;
  /** 1-based column of its first character, in UTF-16 code units as editors and the YAML positions count them. */
  col: number;
}

export interface Entry {
  /** 1-based line of the file where the entry starts. */
  line: number;
  /** 1-based line where it ends (its closing parenthesis): `line` unless it spans lines. */
  lastLine: number;
  /** The first line starts with a space or tab: the entry has no owner field. */
  ownerless: boolean;
  tokens: Token[];
}

/** A problem at the 1-based line and column where its token (or parenthesis) starts. */
export interface LexProblem {
  line: number;
  col: number;
  message: string;
}

/**
 * The most fields one entry may have: no record has more (its RDATA is at most 65,535 octets, RFC 1035 §3.2.1, and
 * each field but those of `\\# 0` adds at least one), so a longer entry, which could otherwise hold a whole file's
 * tokens in memory at once, is refused as it is read.
 */
export const MAX_ENTRY_TOKENS = 65_545;
const TOO_MANY_TOKENS = `an entry of more than ${count(MAX_ENTRY_TOKENS)} fields: no record has so many (RDATA is at most 65,535 octets, RFC 1035 §3.2.1)`;

/** Splits a file into entries (blank and comment-only lines dropped), with every problem found. */
export function lexMasterFile(text: string): { entries: Entry[]; problems: LexProblem[] } {
  const entries: Entry[] = [];
  const problems: LexProblem[] = [];
  for (const item of lexEntries(text)) {
    if ('tokens' in item) entries.push(item);
    else problems.push(item);
  }
  return { entries, problems };
}

/**
 * The entries and problems of a file in file order, one at a time: a reader takes them as it goes (and may pause
 * between them), so a large file is never held twice as tokens.
 */
export function* lexEntries(text: string): Generator<Entry | LexProblem, void, undefined> {
  let current: Entry | undefined;
  /** The current entry had a problem: it is dropped, its problem said once. */
  let broken = false;
  let open = 0;
  /** Where the outermost open parenthesis is: the one an unclosed entry is reported at. */
  // Stryker disable next-line ObjectLiteral: set at every "(" that opens an entry, before it is ever read.
  let opened = { line: 0, col: 0 };
  let line = 1;
  /** The offset where the current line starts: a column is counted from it. */
  let lineStart = 0;
  let i = 0;
  /** The entry just ended, when it is one to give. */
  const finish = (lastLine: number): Entry | undefined => {
    const done = current && current.tokens.length > 0 && !broken ? current : undefined;
    if (done) done.lastLine = lastLine;
    current = undefined;
    broken = false;
    return done;
  };
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '\n') {
      line += 1;
      i += 1;
      lineStart = i;
      const done = open === 0 ? finish(line - 1) : undefined;
      if (done) yield done;
      continue;
    }
    if (!current) current = { line, lastLine: line, ownerless: c === ' ' || c === '\t', tokens: [] };
    const col = i - lineStart + 1;
    if (c === ' ' || c === '\t' || c === '\r') {
      i += 1;
    } else if (c === ';') {
      while (i < text.length && text.charAt(i) !== '\n') i += 1;
    } else if (c === '(') {
      if (open === 0) opened = { line, col };
      open += 1;
      i += 1;
    } else if (c === ')') {
      if (open === 0) yield { line, col, message: '")" without "("' };
      else open -= 1;
      i += 1;
    } else {
      const scanned = scanToken(text, i, line, col);
      if ('problem' in scanned) {
        yield { line, col, message: scanned.problem };
        broken = true;
        // Skip to the end of the line: the rest of it cannot be read reliably.
        while (i < text.length && text.charAt(i) !== '\n') i += 1;
        continue;
      }
      // A quoted string may hold an escaped newline (`\` then a line break: BIND reads it as the octet 10): the
      // lines it spans still count, so every later entry and problem keeps its own line and column.
      const { raw } = scanned.token;
      const lastBreak = raw.lastIndexOf('\n');
      if (lastBreak >= 0) {
        line += lineBreaksIn(raw);
        lineStart = i + lastBreak + 1;
      }
      i = scanned.end;
      if (broken) continue;
      if (current.tokens.length === MAX_ENTRY_TOKENS) {
        yield { line: scanned.token.line, col, message: TOO_MANY_TOKENS };
        broken = true;
        // Stryker disable next-line ArrayDeclaration: lets the tokens go; the entry is dropped either way.
        current.tokens = [];
        continue;
      }
      current.tokens.push(scanned.token);
    }
  }
  // An entry left open runs to the end of the file: it is said where it opened (BIND says "near eof"), and dropped.
  if (open > 0) {
    yield { ...opened, message: '"(" is not closed before the end of the file' };
    broken = true;
  }
  const last = finish(line);
  if (last) yield last;
}

/** Space, tab, CR, LF, `;`, `(` and `)` end an unquoted word. */
const DELIMITERS = new Set([0x20, 0x09, 0x0d, 0x0a, 0x3b, 0x28, 0x29]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/** The token that starts at `start`, which is at `line` and `col`; or why it cannot be read. */
function scanToken(
  text: string,
  start: number,
  line: number,
  col: number,
): { token: Token; end: number } | { problem: string } {
  const quoted = text.charCodeAt(start) === QUOTE;
  const from = quoted ? start + 1 : start;
  let i = from;
  let escapes = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted ? c === QUOTE || c === NEWLINE : DELIMITERS.has(c)) break;
    if (!quoted && c === QUOTE) {
      // A quoted part inside a word (RFC 9460's `alpn="h3,h2"`): it runs to its closing quote, on this line.
      const close = closingQuote(text, i + 1);
      if (close < 0) return { problem: 'a quoted string is not closed on its line' };
      i = close;
      continue;
    }
    if (c === BACKSLASH) {
      if (!quoted && text.charCodeAt(i + 1) === NEWLINE) return { problem: UNQUOTED_LINE_BREAK };
      escapes = true;
      i += 1;
    }
  }
  if (quoted && text.charCodeAt(i) !== QUOTE) return { problem: 'a quoted string is not closed on its line' };
  const body = text.slice(from, Math.min(i, text.length));
  const bad = escapes ? resolveEscapes(body) : null;
  if (typeof bad === 'string') return { problem: bad };
  const end = quoted ? i + 1 : i;
  return { token: { raw: text.slice(start, end), body, quoted, escaped: escapes, line, col }, end };
}

/** BIND refuses it too (a syntax error): outside quotes, a record's fields end with their line. */
const UNQUOTED_LINE_BREAK =
  'a backslash ends the line outside quotes: write a line break as \\010, or quote it';

/** How many line breaks a token holds (escaped ones, in quotes): linear in the token, never past it. */
function lineBreaksIn(raw: string): number {
  let count = 0;
  // Stryker disable next-line EqualityOperator: no token starts with a line break (a quoted one starts with `"`).
  for (let at = raw.indexOf('\n'); at >= 0; at = raw.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** Where the quote that closes a string opened before `from` is, on the same line; -1 when there is none. */
function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === NEWLINE) return -1;
    if (c === BACKSLASH) i += 1;
  }
  return -1;
}

/** The octets of a token's text with its escapes resolved, or the problem. */
function resolveEscapes(body: string): Buffer | string {
  const octets: number[] = [];
  let i = 0;
  while (i < body.length) {
    if (body.charCodeAt(i) === BACKSLASH) {
      const escaped = readEscape(body, i + 1);
      if ('problem' in escaped) return escaped.problem;
      octets.push(...escaped.octets);
      i = escaped.end;
      continue;
    }
    const character = String.fromCodePoint(body.codePointAt(i) ?? 0);
    octets.push(...Buffer.from(character, 'utf8'));
    i += character.length;
  }
  return Buffer.from(octets);
}

function readEscape(text: string, at: number): { octets: number[]; end: number } | { problem: string } {
  if (at >= text.length) return { problem: 'a backslash with nothing after it' };
  const digits = /^\d{1,3}/.exec(text.slice(at))?.[0];
  if (digits !== undefined) {
    if (digits.length !== 3 || Number(digits) > 255)
      return { problem: `"\\${digits}" is not an escape: \\DDD is three digits from 000 to 255` };
    return { octets: [Number(digits)], end: at + 3 };
  }
  const character = String.fromCodePoint(text.codePointAt(at) ?? 0);
  // Stryker disable next-line StringLiteral: Buffer.from's default encoding is UTF-8.
  return { octets: [...Buffer.from(character, 'utf8')], end: at + character.length };
}

/** A token's octets, quotes removed and escapes resolved. */
export function tokenOctets(token: Token): Buffer {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path; resolving no escapes gives the same.
  if (!token.escaped) return Buffer.from(token.body, 'utf8');
  const octets = resolveEscapes(token.body);
  return typeof octets === 'string' ? Buffer.alloc(0) : octets;
}

/** A token's text (its octets as UTF-8). */
export function tokenText(token: Token): string {
  return token.escaped ? tokenOctets(token).toString('utf8') : token.body;
}
