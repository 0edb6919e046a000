import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * Internationalized names (IDNA): a name users write in Unicode (`bücher.example`) is the name whose labels are its
 * A-labels (`xn--bcher-kva.example`), as UTS #46 maps them (nontransitional: `faß` is `xn--fa-hia`, not `fass`).
 * The mapping is Node's own `url.domainToASCII` (the WHATWG URL host parser's UTS #46 processing, kept with Node:
 * no dependency). Only labels that hold a non-ASCII character are mapped; an ASCII label is left exactly as written,
 * so names edgeplan accepted before mean what they meant (`_sip`, `*`, case aside).
 */

/** The name with each non-ASCII label as its A-label, or why a label has none. A trailing dot is kept. */
export function toALabels(name: string): { ok: true; name: string } | { ok: false; problem: string } {
  if (isAscii(name)) return { ok: true, name };
  const labels: string[] = [];
  for (const label of name.split('.')) {
    if (isAscii(label)) {
      labels.push(label);
      continue;
    }
    const mapped = domainToASCII(label);
    if (mapped === '' || mapped.includes('.')) return { ok: false, problem: labelProblem(label) };
    labels.push(mapped);
  }
  return { ok: true, name: labels.join('.') };
}

/** The name with its A-labels; a name UTS #46 refuses as it is written (the rules that check names report it). */
export function aLabelName(name: string): string {
  const mapped = toALabels(name);
  return mapped.ok ? mapped.name : name;
}

/**
 * The Unicode form of a name whose labels include A-labels (`xn--bcher-kva.example` → `bücher.example`), or
 * undefined when it has none or they do not map back (an `xn--` label that is no valid A-label is shown as it is).
 */
export function unicodeForm(name: string): string | undefined {
  if (!name.split('.').some((label) => label.toLowerCase().startsWith('xn--'))) return undefined;
  const trailing = name.endsWith('.') && name !== '.';
  const shown = domainToUnicode(trailing ? name.slice(0, -1) : name);
  if (shown === '' || shown === name) return undefined;
  return trailing ? `${shown}.` : shown;
}

/** A name as plans show it: `bücher.example.com (xn--bcher-kva.example.com)` when it has A-labels, else itself. */
export function shownName(name: string): string {
  const unicode = unicodeForm(name);
  return unicode === undefined ? name : `${unicode} (${name})`;
}

function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

/** Why UTS #46 refuses a label: the first character it refuses on its own, else the label as a whole. */
function labelProblem(label: string): string {
  for (const char of label) {
    // After a letter: a combining mark is refused first in a label, not as such.
    if (!isAscii(char) && domainToASCII(`a${char}`) === '') {
      const code = char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
      return `"${label}" is not a valid internationalized label (UTS #46): U+${code} is not allowed in names`;
    }
  }
  return (
    `"${label}" is not a valid internationalized label (UTS #46): its characters are allowed, but not in this ` +
    'order (a combining mark first, mixed directions, or an invalid joiner)'
  );
}
