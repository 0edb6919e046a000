/**
 * Syntax of DNS names (RFC 1035 lengths; the service documents no limits of its own). A label is 1–63 letters,
 * digits, hyphens or underscores and neither starts nor ends with a hyphen; a full name is at most 253 characters;
 * `*` is allowed only as the whole leftmost label of a record name.
 * Every function takes a name without its trailing dot and returns why it is invalid, or null.
 */

export const MAX_NAME_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;

const LABEL_CHARACTER = /^[A-Za-z0-9_-]$/;

/** One label as these rules accept it, as a regular expression source (for the JSON Schema's patterns). */
export const LABEL_PATTERN = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';

/** Labels of a record name relative to (or absolute within) its zone; a leading `*` label is a wildcard. */
export function recordLabelsProblem(name: string): string | null {
  return labelsProblem(name, true);
}

/**
 * A zone name's labels and length, one label allowed: a top-level domain (`arpa`) is a zone like any other on a
 * server that hosts it. Whether a provider holds one-label zones is its capability (`oneLabelZones`).
 */
export function zoneLabelsProblem(name: string): string | null {
  return labelsProblem(name, false) ?? lengthProblem(name);
}

/** Why a one-label name is refused where a zone must be a registered domain (`zoneNameProblem`). */
export const ONE_LABEL_PROBLEM = 'a zone name needs at least two labels, e.g. example.com';

/**
 * A zone name of a registered domain: at least two labels, as Dyn's zones, secondary zones and geo nodes need (a
 * one-label zone there is almost always a typo, `example` for `example.com`).
 */
export function zoneNameProblem(name: string): string | null {
  return zoneLabelsProblem(name) ?? (name.includes('.') ? null : ONE_LABEL_PROBLEM);
}

/**
 * Whether a live record's name is one a desired state can write: its labels and length as above. The readers of
 * zone transfers and of PowerDNS leave any other (control characters, an escaped dot, RFC 1035 §5.1's `\032`) alone:
 * managed, it could only ever be planned for deletion.
 */
export function isWritableRecordName(fqdn: string): boolean {
  return recordLabelsProblem(fqdn) === null && lengthProblem(fqdn) === null;
}

/** The length limit of a full name (an FQDN without its trailing dot). */
export function lengthProblem(fqdn: string): string | null {
  if (fqdn.length <= MAX_NAME_LENGTH) return null;
  return `the full name has ${fqdn.length} characters (at most ${MAX_NAME_LENGTH})`;
}

function labelsProblem(name: string, wildcard: boolean): string | null {
  if (name === '') return 'the name is empty';
  for (const [index, label] of name.split('.').entries()) {
    if (wildcard && index === 0 && label === '*') continue;
    if (label.includes('*')) {
      return wildcard
        ? '"*" is allowed only as the whole leftmost label (a wildcard)'
        : '"*" is not allowed in a zone name';
    }
    const problem = labelProblem(label);
    if (problem) return problem;
  }
  return null;
}

function labelProblem(label: string): string | null {
  if (label === '') return 'it has an empty label (two dots in a row, or a leading dot)';
  if (label.length > MAX_LABEL_LENGTH) {
    return `label "${label}" has ${label.length} characters (at most ${MAX_LABEL_LENGTH})`;
  }
  const bad = [...label].find((character) => !LABEL_CHARACTER.test(character));
  if (bad !== undefined) {
    return `label "${label}" contains ${JSON.stringify(bad)} (allowed: letters, digits, "-" and "_")`;
  }
  if (label.startsWith('-') || label.endsWith('-')) return `label "${label}" starts or ends with "-"`;
  return null;
}
