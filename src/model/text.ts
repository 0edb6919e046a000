/**
 * `1,007`: as `n.toLocaleString('en-US')` writes it. A whole number is grouped by hand: the first use of `Intl`
 * loads ICU's number data, about 30 ms of CPU and 5 MB of resident memory (pages of Node's binary), which a run
 * would otherwise pay for the first count it prints or any message it builds at import.
 */
export function count(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** `1 zone`, `2 zones`; `many` when the plural is not the word plus `s`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const C0_CHARS = '\\u0000-\\u001f';
const OTHER_UNPRINTABLE_CHARS =
  '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/**
 * Characters that act on a terminal or a reader instead of showing, as the inside of a regular-expression class:
 * C0 controls (newline and tab too), DEL, C1 controls, the line and paragraph separators, and the bidirectional
 * marks, embeddings, overrides and isolates (which make text read differently from what it holds).
 */
export const UNPRINTABLE_CHARS = `${C0_CHARS}${OTHER_UNPRINTABLE_CHARS}`;
const UNPRINTABLE = new RegExp(`[${UNPRINTABLE_CHARS}]`, 'g');
/** What JSON.stringify leaves raw of UNPRINTABLE_CHARS: all but the C0 controls, which it escapes itself. */
const RAW_IN_JSON = new RegExp(`[${OTHER_UNPRINTABLE_CHARS}]`, 'g');
const HAS_UNPRINTABLE = new RegExp(`[${UNPRINTABLE_CHARS}]`);

/** Whether `text` holds a character of UNPRINTABLE_CHARS: never right in a name or a label. */
export function hasUnprintable(text: string): boolean {
  return HAS_UNPRINTABLE.test(text);
}

/**
 * Text from outside (a live name, a server's message, a value as the YAML wrote it) as it may be printed: every
 * character of UNPRINTABLE as an escape (`\n`, `\t`, `\r`, `\x1b`, `\u202e`), so it can neither move the cursor, set
 * a title or a clipboard (ANSI and OSC sequences), start a line of its own, nor reorder what is shown around it.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escapeChar);
}

/**
 * JSON text as JSON.stringify writes it, with each character of UNPRINTABLE it leaves as it is (DEL, C1 controls,
 * the separators and bidirectional marks; it escapes the C0 controls in strings itself, and its own line breaks
 * stay) as a `\uXXXX` escape: the same value for any JSON reader, and nothing that acts on a terminal the
 * document is printed on. Such characters can only be inside strings, where the escape means the character.
 */
export function printableJson(json: string): string {
  return json.replace(RAW_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `printable` for text of several lines made here (an error listing items): each line escaped, the breaks kept. */
export function printableLines(text: string): string {
  return text.split('\n').map(printable).join('\n');
}

/**
 * `text` when it has at most `max` characters; else its start and its end around a note of how much was left out,
 * `max` characters in all but for the note. Messages that quote a value keep what follows it (why it is refused,
 * where else it is).
 */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.ceil(max / 2);
  const tail = max - head;
  const left = text.length - max;
  return `${text.slice(0, head)} … ${count(left)} characters left out … ${text.slice(text.length - tail)}`;
}

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (char === '\t') return '\\t';
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  return `\\u${code.toString(16).padStart(4, '0')}`;
}
