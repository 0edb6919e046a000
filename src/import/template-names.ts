import type { ZoneSet } from './zone-sets.js';

/** What a template is named after, by the first type of these its sets hold. */
const KINDS: readonly (readonly [key: string, kind: string])[] = [
  ['mx', 'mail'],
  ['caa', 'caa'],
  ['ns', 'ns'],
  ['txt', 'txt'],
  ['cname', 'cname'],
  ['srv', 'srv'],
];

/** A host name inside a value: labels and dots, ending in a label of letters (`smtp.google.com.`, `letsencrypt.org`). */
const HOST = /(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,63}\b/;

/** TXT policies by the tag their value starts with (RFC 7208 §4.5, RFC 7489 §6.3, RFC 6376 §3.6.1). */
const TXT_KINDS: readonly (readonly [prefix: RegExp, kind: string])[] = [
  [/^v=spf1(?: |$)/i, 'spf'],
  [/^v=DMARC1(?:;|$)/i, 'dmarc'],
  [/^v=DKIM1(?:;|$)/i, 'dkim'],
];

/**
 * A readable name for a template from what it holds: its kind (`mail` when it holds an MX, `caa`, `ns`, `spf`,
 * `dmarc`, `dkim` or `txt` by the TXT's tag …) and the organisation its first such value names
 * (`smtp.google.com.` → `google`): `mail-google`, `caa-letsencrypt`. A TXT policy that names no host is named by its
 * tag alone (`dmarc`); any other template whose values name no host, or whose sets are of no listed type, is
 * `shared`. `taken` holds the names given before: a name taken gets the first free `-2`, `-3` … (`shared` counts
 * from `shared-1`).
 */
export function templateName(sets: readonly ZoneSet[], taken: ReadonlySet<string>): string {
  const base = baseName(sets);
  if (base === 'shared') return firstFree('shared', 1, taken);
  return taken.has(base) ? firstFree(base, 2, taken) : base;
}

function baseName(sets: readonly ZoneSet[]): string {
  for (const [key, kind] of KINDS) {
    const set = sets.find((s) => s.key === key);
    if (!set) continue;
    const organisation = organisationIn(set.relative);
    // Stryker disable next-line ConditionalExpression: no value of another type starts with a TXT policy's tag
    const policy = key === 'txt' ? txtKind(set.relative) : undefined;
    if (organisation) return `${policy ?? kind}-${organisation}`;
    return policy ?? 'shared';
  }
  return 'shared';
}

/** The policy a TXT set's first string states, by its tag. */
function txtKind(values: unknown): string | undefined {
  const first = Array.isArray(values) ? values[0] : values;
  const text = String(Array.isArray(first) ? first.join('') : first);
  return TXT_KINDS.find(([prefix]) => prefix.test(text))?.[1];
}

/** The label before the last of the first host name in the values, lower case, of letters, digits and `-`. */
function organisationIn(values: unknown): string | undefined {
  const host = JSON.stringify(values).match(HOST)?.[0];
  if (host === undefined) return undefined;
  // HOST has two labels at least.
  const label = (host.toLowerCase().split('.').at(-2) as string).replace(/^-+|-+$/g, '');
  return label ? label : undefined;
}

function firstFree(base: string, from: number, taken: ReadonlySet<string>): string {
  let n = from;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
