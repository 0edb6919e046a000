import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * Internationalized names (IDNA): a name users write in Unicode (`bücher.example`) is the name whose labels are its
 * A-labels (`xn--bcher-kva.example`), as UTS #46 maps them (nontransitional: `faß` is `xn--fa-hia`, not `fass`).
 * The mapping is Node's own `url.domainToASCII` (the WHATWG URL host parser's UTS #46 processing, kept with Node:
 * no dependency). Only labels that hold a non-ASCII character are mapped; an ASCII label is left exactly as written,
 * so names edgeplan accepted before mean what they meant (`_sip`, `*`, case aside).
 *
 * Every place a user writes a DNS name goes through here: record and zone names, names in values, `unmanaged`
 * globs, acknowledgement targets, `--target`, `verify_at` and `--nameserver` hosts (`toALabels`, or `globToALabels`
 * for a glob).
 */

export type ALabels = { ok: true; name: string } | { ok: false; problem: string };

/** The name with each non-ASCII label as its A-label, or why a label has none. A trailing dot is kept. */
export function toALabels(name: string): ALabels {
  // Stryker disable next-line ArrowFunction: equivalent, `undefined` refuses nothing as `null` does
  return mapLabels(name, () => null);
}

/**
 * A name glob (picomatch, as `unmanaged`, acknowledgements and `--target` take them) with each non-ASCII label as
 * its A-label, so that `*.bücher` matches `x.xn--bcher-kva`. A glob is matched against A-labels, and an A-label
 * encodes its whole label: a label that mixes glob characters with non-ASCII ones (`bü*`) could match nothing it
 * seems to, so it is refused.
 */
export function globToALabels(glob: string): ALabels {
  return mapLabels(glob, (label) =>
    GLOB_CHARS.test(label)
      ? `"${visibleName(label)}" mixes glob characters with non-ASCII ones: globs match A-labels (xn--…), and an ` +
        'A-label stands for its whole label; write the Unicode label whole (*.bücher) or glob on its A-label'
      : null,
  );
}

/** The characters that make picomatch read a label as a glob. */
const GLOB_CHARS = /[*?[\]{}()!+@|\\]/;

function mapLabels(name: string, refuse: (label: string) => string | null): ALabels {
  // Stryker disable next-line ConditionalExpression: equivalent, each ASCII label below is kept as it is (a shortcut)
  if (isAscii(name)) return { ok: true, name };
  const labels: string[] = [];
  for (const label of name.split('.')) {
    if (isAscii(label)) {
      labels.push(label);
      continue;
    }
    const refused = refuse(label);
    if (refused) return { ok: false, problem: refused };
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
  // Only then: domainToUnicode also lower-cases an ASCII name, which is no Unicode form of it.
  if (!name.split('.').some((label) => label.toLowerCase().startsWith('xn--'))) return undefined;
  // A trailing dot is kept; an `xn--` label that is no valid A-label makes the whole name '' (WHATWG URL).
  const shown = domainToUnicode(name);
  return shown === '' ? undefined : shown;
}

/** A name as plans show it: `bücher.example.com (xn--bcher-kva.example.com)` when it has A-labels, else itself. */
export function shownName(name: string): string {
  const unicode = unicodeForm(name);
  return unicode === undefined ? name : `${unicode} (${name})`;
}

/**
 * Characters that show nothing, or nothing of what they are, in a quoted name: format characters (zero-width space,
 * joiners, bidirectional marks, the soft hyphen), default-ignorable code points, controls and separators other
 * than the space.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Z}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * A name as a message quotes it: each character that would print as nothing (`INVISIBLE`) as its code point
 * (`a\u200bb` → `aU+200Bb`), so that a name refused for a character nobody sees says which.
 */
export function visibleName(name: string): string {
  return name.replace(INVISIBLE, (char) => (char === ' ' ? char : codePoint(char)));
}

/** `U+200B`: a code point as messages name it. */
function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

/** Why UTS #46 refuses a label: the first character it refuses on its own, else the label as a whole. */
function labelProblem(label: string): string {
  const shown = visibleName(label);
  for (const char of label) {
    // After a letter: a combining mark is refused first in a label, not as such. An ASCII character too (a space).
    if (domainToASCII(`a${char}`) === '') {
      return `"${shown}" is not a valid internationalized label (UTS #46): ${codePoint(char)} is not allowed in names`;
    }
  }
  return (
    `"${shown}" is not a valid internationalized label (UTS #46): its characters are allowed, but not in this ` +
    'order (a combining mark first, mixed directions, or an invalid joiner)'
  );
}
