/**
 * The lexical layer of RFC 1035 §5.1 master files, as the emulated service reads an uploaded zone file: entries
 * of one line, or of several lines inside parentheses; `;` starts a comment; a quoted string may hold spaces and
 * `;`; `\X` quotes the character X and `\DDD` is one octet in decimal. An entry whose first line starts with a
 * space or tab has no owner: it takes the previous entry's. Written for the emulator alone, apart from the client's
 * record types, so that a bug in the client's writer cannot hide behind shared code.
 */

export interface Token {
  /** The token as written, quotes and escapes included. */
  raw: string;
  /** Its octets, quotes removed and escapes resolved. */
  octets: Buffer;
  quoted: boolean;
}

export interface Entry {
  /** 1-based line of the file where the entry starts. */
  line: number;
  /** The first line starts with a space or tab: the entry has no owner field. */
  ownerless: boolean;
  tokens: Token[];
}

export interface LexProblem {
  line: number;
  message: string;
}

/** Splits a file into entries (blank and comment-only lines dropped), with every problem found. */
export function lexMasterFile(text: string): { entries: Entry[]; problems: LexProblem[] } {
  const entries: Entry[] = [];
  const problems: LexProblem[] = [];
  let current: Entry | undefined;
  /** The current entry had a problem: it is dropped, its problem said once. */
  let broken = false;
  let open = 0;
  let line = 1;
  let i = 0;
  const finish = () => {
    if (current && current.tokens.length > 0 && !broken) entries.push(current);
    current = undefined;
    broken = false;
  };
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '\n') {
      line += 1;
      i += 1;
      if (open === 0) finish();
      continue;
    }
    if (!current) current = { line, ownerless: c === ' ' || c === '\t', tokens: [] };
    if (c === ' ' || c === '\t' || c === '\r') {
      i += 1;
    } else if (c === ';') {
      while (i < text.length && text.charAt(i) !== '\n') i += 1;
    } else if (c === '(') {
      open += 1;
      i += 1;
    } else if (c === ')') {
      if (open === 0) problems.push({ line, message: '")" without "("' });
      else open -= 1;
      i += 1;
    } else {
      const scanned = scanToken(text, i);
      if ('problem' in scanned) {
        problems.push({ line, message: scanned.problem });
        broken = true;
        // Skip to the end of the line: the rest of it cannot be read reliably.
        while (i < text.length && text.charAt(i) !== '\n') i += 1;
        continue;
      }
      current.tokens.push(scanned.token);
      i = scanned.end;
    }
  }
  if (open > 0) problems.push({ line, message: '"(" is not closed before the end of the file' });
  finish();
  return { entries, problems };
}

const DELIMITER = /[ \t\r\n;()]/;

function scanToken(text: string, start: number): { token: Token; end: number } | { problem: string } {
  const quoted = text.charAt(start) === '"';
  let i = quoted ? start + 1 : start;
  const octets: number[] = [];
  for (;;) {
    const c = text.charAt(i);
    if (i >= text.length || (quoted && c === '\n')) {
      if (quoted) return { problem: 'a quoted string is not closed on its line' };
      break;
    }
    if (quoted ? c === '"' : DELIMITER.test(c)) break;
    if (!quoted && c === '"') return { problem: 'a quote inside an unquoted word' };
    if (c === '\\') {
      const escaped = readEscape(text, i + 1);
      if ('problem' in escaped) return escaped;
      octets.push(...escaped.octets);
      i = escaped.end;
      continue;
    }
    const character = String.fromCodePoint(text.codePointAt(i) ?? 0);
    octets.push(...Buffer.from(character, 'utf8'));
    i += character.length;
  }
  const end = quoted ? i + 1 : i;
  return { token: { raw: text.slice(start, end), octets: Buffer.from(octets), quoted }, end };
}

function readEscape(text: string, at: number): { octets: number[]; end: number } | { problem: string } {
  if (at >= text.length) return { problem: 'a backslash at the end of the file' };
  const digits = /^\d{1,3}/.exec(text.slice(at))?.[0];
  if (digits !== undefined) {
    if (digits.length !== 3 || Number(digits) > 255)
      return { problem: `"\\${digits}" is not an escape: \\DDD is three digits from 000 to 255` };
    return { octets: [Number(digits)], end: at + 3 };
  }
  const character = String.fromCodePoint(text.codePointAt(at) ?? 0);
  return { octets: [...Buffer.from(character, 'utf8')], end: at + character.length };
}

/** A token's text (its octets as UTF-8). */
export function tokenText(token: Token): string {
  return token.octets.toString('utf8');
}
