import { LABEL_PATTERN, MAX_LABEL_LENGTH, MAX_NAME_LENGTH, zoneNameProblem } from './dns-names.js';

/**
 * A zone's SOA contact (RNAME) is an email address that must map to a domain name (RFC 1035 §8): its local part
 * becomes the first label (a dot in it escaped as `\.`), its domain the rest. In a zone file the name is one token,
 * so what the master-file syntax reads otherwise (`;` starts a comment, `(` `)` group lines, `"` quotes, `\`
 * escapes, a space ends the token) would break the SOA line or change the contact. So the local part is what
 * RFC 5322 calls a dot-atom (letters, digits and ``!#$%&'*+-/=?^_`{|}~``, dots between them), at most a label's 63
 * octets; the domain is a name of two or more labels; the whole name at most 253 characters.
 */

/** Characters of a local part's atoms (RFC 5322 §3.2.3 `atext`). */
const ATEXT = "A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~";

/** The contact as a regular expression source: characters and shape (lengths are checked by `mailboxProblem`). */
export const MAILBOX_PATTERN = `^[${ATEXT}]+(?:\\.[${ATEXT}]+)*@${LABEL_PATTERN}(?:\\.${LABEL_PATTERN})+$`;

const ATOM_CHARACTER = new RegExp(`^[${ATEXT}.]$`);

/** Why `contact` cannot be a zone's SOA contact, or null. */
export function mailboxProblem(contact: string): string | null {
  const at = contact.lastIndexOf('@');
  if (at < 0) return 'it has no "@"';
  const local = contact.slice(0, at);
  const domain = contact.slice(at + 1);
  const problem = localPartProblem(local);
  if (problem) return problem;
  const domainProblem = zoneNameProblem(domain);
  if (domainProblem) return `its domain ${JSON.stringify(domain)}: ${domainProblem}`;
  const length = local.length + 1 + domain.length;
  if (length > MAX_NAME_LENGTH)
    return `as a name it has ${length} characters (at most ${MAX_NAME_LENGTH}: the local part is its first label)`;
  return null;
}

function localPartProblem(local: string): string | null {
  if (local === '') return 'its local part (before "@") is empty';
  const bad = [...local].find((character) => !ATOM_CHARACTER.test(character));
  if (bad !== undefined)
    return (
      `its local part contains ${JSON.stringify(bad)} (allowed: letters, digits, "." and ` +
      "!#$%&'*+-/=?^_`{|}~)"
    );
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return 'its local part starts or ends with a dot, or has two in a row';
  if (local.length > MAX_LABEL_LENGTH)
    return `its local part has ${local.length} characters (at most ${MAX_LABEL_LENGTH}: it becomes one label)`;
  return null;
}
