import type { Diagnostic } from '../../model/diagnostic.js';
import { canonicalText, textOf } from '../../model/record-types/txt.js';
import type { ReadRecord } from '../desired/read-records.js';
import type { PlacedValue } from '../desired/record-values.js';
import { warningAt, where } from '../read/positioned.js';
import { type LintDiagnostic, lintErrorAt } from './lint-allowances.js';
import { reusedOf } from './reused-lints.js';

/** The types whose value is text (txt.ts): SPF policies live in them, and other tools' quoting creeps into them. */
const TEXT_TYPES: ReadonlySet<string> = new Set(['TXT', 'SPF']);

/**
 * The zone lints about text values (docs/lints.md):
 * - more than one SPF policy (`v=spf1`) in one TXT or SPF set: error, at each policy after the first, naming it
 *   (RFC 7208 §4.5: every receiver's check ends in permerror, so no mail of the name passes SPF);
 * - a text that looks like a copy of another tool's quoting (zone-file quotes around it or between its strings,
 *   octoDNS's `\;`): warning, showing what will be published and what was probably meant.
 */
export function textLints(records: readonly ReadRecord[]): LintDiagnostic[] {
  const diagnostics: LintDiagnostic[] = [];
  for (const read of records) {
    for (const set of read.sets) {
      if (!TEXT_TYPES.has(set.type.type)) continue;
      const owner = `record "${read.record.name}" ${set.type.type}`;
      // Each value's text is read once: a set may hold thousands.
      const texts = set.values.map((value) => ({ value, text: textOf(value.value) }));
      const reused = reusedOf(read.zone.zone, set);
      const found = [...spfPolicies(owner, texts, read.record.fqdn, set.type.type)];
      for (const text of texts) found.push(...quotingProblems(owner, text));
      for (const diagnostic of found) diagnostics.push({ ...diagnostic, ...reused });
    }
  }
  return diagnostics;
}

/** RFC 7208 §4.5: a record is an SPF policy when it starts with the version `v=spf1`, then a space or its end. */
const SPF_VERSION = /^v=spf1(?: |$)/i;

/** A value with its text. */
interface ValueText {
  value: PlacedValue;
  text: string;
}

function spfPolicies(
  owner: string,
  texts: readonly ValueText[],
  fqdn: string,
  type: string,
): LintDiagnostic[] {
  const [first, ...others] = texts.filter(({ text }) => SPF_VERSION.test(text)).map(({ value }) => value);
  if (!first) return [];
  return others.map((value) =>
    lintErrorAt(
      'EP1405',
      value.pos,
      `${owner}: a second SPF policy at this name (the first at ${where(first.pos)}); with more than one ` +
        '"v=spf1" record every receiver\'s check is a permerror (RFC 7208 §4.5): merge them into one',
      'spf-twice',
      fqdn,
      type,
    ),
  );
}

function quotingProblems(owner: string, { value, text }: ValueText): Diagnostic[] {
  const published = `edgeplan publishes the text as written: ${value.value}`;
  if (isQuoted(text)) {
    // What the strings say when read as a zone file's (`a" "b` is what is left of `"a" "b"` without its outer quotes).
    const read = canonicalText(isWrapped(text) ? text : `"${text}"`);
    const meant = read.ok
      ? `; if the quotes are not part of the text, write ${JSON.stringify(textOf(read.value))}`
      : '';
    const message = `${owner}: the text looks like zone-file quoting (quotes around it or between its strings); ${published}${meant}`;
    return [warningAt('EP1406', value.pos, message)];
  }
  if (text.includes('\\;')) {
    const meant = JSON.stringify(text.replaceAll('\\;', ';'));
    const message = `${owner}: the text holds "\\;", octoDNS's escape of ";"; ${published}; if the backslashes are not part of the text, write ${meant}`;
    return [warningAt('EP1407', value.pos, message)];
  }
  return [];
}

/** Text as a zone file quotes it: a quote at both ends (`"v=spf1 -all"`), or quotes between strings (`a" "b`). */
function isQuoted(text: string): boolean {
  return isWrapped(text) || text.includes('" "');
}

function isWrapped(text: string): boolean {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"');
}
