/**
 * Whether a POSIX Extended Regular Expression (the ERE of a NAPTR regexp, RFC 3403 §3.2) is well formed, and how
 * many groups it has, read byte by byte in the C locale as name servers read it (BIND's `named-checkzone` refuses
 * a zone whose NAPTR regexp fails this; PowerDNS serves it as is). What is checked:
 * - it is not empty, and ends on something to match (not `a|`);
 * - `*`, `+`, `?` and a bound `{m}`, `{m,}`, `{m,n}` (0–255, m ≤ n) follow something to repeat, never another
 *   repetition (`a**`, `^*`); `|` follows something to match;
 * - groups are closed, and a `)` closes one (a stray `)` is refused, which POSIX leaves undefined);
 * - a back-reference `\1`–`\9` names a group opened before it; a `\` is followed by a character;
 * - a bracket expression is closed; its ranges are in order; its classes are POSIX's twelve (`[:alpha:]`, …);
 *   collating elements `[.x.]` and equivalence classes `[=x=]` are not empty, and the latter not a range's end.
 * A `{` not followed by a digit is a literal, as BIND reads it.
 */

export type EreCheck = { ok: true; groups: number } | { ok: false; problem: string };

const CLASSES = new Set([
  'alnum',
  'alpha',
  'blank',
  'cntrl',
  'digit',
  'graph',
  'lower',
  'print',
  'punct',
  'space',
  'upper',
  'xdigit',
]);

/** Most repetitions a bound may name (RE_DUP_MAX). */
const MAX_BOUND = 255;

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
const char = (byte: number) => String.fromCharCode(byte);

export function checkEre(ere: string): EreCheck {
  const bytes = Buffer.from(ere, 'utf8');
  if (bytes.length === 0) return refuse('it is empty');
  let groups = 0;
  let open = 0;
  /** Something to match (or repeat) ends here. */
  let atom = false;
  /** What ends here is already a repetition (or an anchor), which cannot be repeated. */
  let repeated = false;
  /** Right after `(`: a `)` may close an empty group. */
  let groupStart = false;
  for (let i = 0; i < bytes.length; ) {
    const byte = bytes[i] ?? 0;
    const c = char(byte);
    if (c === '\\') {
      const next = bytes[i + 1];
      if (next === undefined) return refuse('it ends with a lone "\\"');
      if (isDigit(next) && next !== 0x30 && next - 0x30 > groups)
        return refuse(`the back-reference "\\${char(next)}" names a group that is not opened before it`);
      [atom, repeated, groupStart] = [true, false, false];
      i += 2;
    } else if (c === '[') {
      const end = bracketEnd(bytes, i + 1);
      if (typeof end === 'string') return refuse(end);
      [atom, repeated, groupStart] = [true, false, false];
      i = end;
    } else if (c === '{' && isDigit(bytes[i + 1])) {
      const what = repeatProblem(`the bound at byte ${i + 1}`, atom, repeated);
      if (what) return refuse(what);
      const end = boundEnd(bytes, i + 1);
      if (typeof end === 'string') return refuse(end);
      [atom, repeated, groupStart] = [true, true, false];
      i = end;
    } else if (c === '*' || c === '+' || c === '?') {
      const what = repeatProblem(`"${c}" at byte ${i + 1}`, atom, repeated);
      if (what) return refuse(what);
      [atom, repeated, groupStart] = [true, true, false];
      i += 1;
    } else if (c === '(') {
      [groups, open] = [groups + 1, open + 1];
      [atom, repeated, groupStart] = [false, false, true];
      i += 1;
    } else if (c === ')') {
      if (open === 0) return refuse(`the ")" at byte ${i + 1} closes no group`);
      if (!atom && !groupStart) return refuse(`the alternative before the ")" at byte ${i + 1} is empty`);
      open -= 1;
      [atom, repeated, groupStart] = [true, false, false];
      i += 1;
    } else if (c === '|') {
      if (!atom) return refuse(`the alternative before the "|" at byte ${i + 1} is empty`);
      [atom, repeated, groupStart] = [false, false, false];
      i += 1;
    } else {
      // An anchor matches, but cannot be repeated; anything else is a literal.
      [atom, repeated, groupStart] = [true, c === '^' || c === '$', false];
      i += 1;
    }
  }
  if (open > 0) return refuse(`${open === 1 ? 'a group is' : `${open} groups are`} not closed`);
  if (!atom) return refuse('it ends in an empty alternative');
  return { ok: true, groups };
}

/** Why a repetition operator cannot stand where it is, or null. */
function repeatProblem(operator: string, atom: boolean, repeated: boolean): string | null {
  if (!atom) return `${operator} follows nothing to repeat`;
  return repeated ? `${operator} repeats a repetition or an anchor` : null;
}

function refuse(problem: string): EreCheck {
  return { ok: false, problem };
}

/** Where the bound starting at `from` (after `{`) ends, after its `}`; or why it is malformed. */
function boundEnd(bytes: Buffer, from: number): number | string {
  const close = bytes.indexOf('}', from);
  const text = close < 0 ? '' : bytes.subarray(from, close).toString('latin1');
  const match = /^(\d+)(,(\d*))?$/.exec(text);
  if (!match) return `the bound at byte ${from} is not {m}, {m,} or {m,n}`;
  const low = Number(match[1]);
  const high = match[3] ? Number(match[3]) : undefined;
  if (low > MAX_BOUND || (high ?? 0) > MAX_BOUND) return `the bound {${text}} exceeds ${MAX_BOUND}`;
  if (high !== undefined && low > high) return `the bound {${text}} has its minimum above its maximum`;
  return close + 1;
}

/**
 * Where the bracket expression whose first byte is at `from` (after `[`) ends, after its `]`; or why it is
 * malformed. A `]` first (after an optional `^`) is a member; so is `-` first or last.
 */
function bracketEnd(bytes: Buffer, from: number): number | string {
  let i = bytes[from] === 0x5e ? from + 1 : from;
  let members = 0;
  /** The last member's byte, while it can start a range; undefined otherwise. */
  let rangeStart: number | undefined;
  let inRange = false;
  while (i < bytes.length) {
    const byte = bytes[i] ?? 0;
    if (byte === 0x5d && members > 0) {
      if (inRange) return 'a range in a bracket expression has no end';
      return i + 1;
    }
    if (byte === 0x5b && [0x2e, 0x3d, 0x3a].includes(bytes[i + 1] ?? 0)) {
      const kind = char(bytes[i + 1] ?? 0);
      const close = bytes.indexOf(`${kind}]`, i + 2);
      if (close < 0) return `"[${kind}" in a bracket expression is not closed by "${kind}]"`;
      const name = bytes.subarray(i + 2, close).toString('latin1');
      if (name === '') return `"[${kind}${kind}]" in a bracket expression is empty`;
      if (kind === ':' && !CLASSES.has(name)) return `"[:${name}:]" is not a character class`;
      if (kind !== '.' && inRange) return `"[${kind}${name}${kind}]" cannot end a range`;
      const single = kind === '.' && name.length === 1 ? name.charCodeAt(0) : undefined;
      if (inRange && single !== undefined && rangeStart !== undefined && single < rangeStart)
        return 'a range in a bracket expression is out of order';
      rangeStart = kind === '.' && !inRange ? single : undefined;
      inRange = false;
      members += 1;
      i = close + 2;
      continue;
    }
    if (byte === 0x2d && members > 0 && !inRange && bytes[i + 1] !== 0x5d) {
      if (rangeStart === undefined) return 'a range in a bracket expression has no start';
      inRange = true;
      i += 1;
      continue;
    }
    if (inRange && rangeStart !== undefined && byte < rangeStart)
      return `the range ${JSON.stringify(`${char(rangeStart)}-${char(byte)}`)} in a bracket expression is out of order`;
    rangeStart = inRange ? undefined : byte;
    inRange = false;
    members += 1;
    i += 1;
  }
  return 'a bracket expression is not closed by "]"';
}
