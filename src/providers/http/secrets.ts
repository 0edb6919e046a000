import { printable } from '../../model/text.js';
import { REDACTED, redactUserinfo } from './redact.js';

/**
 * The secrets this process holds, as they become known: the DNS password and the WAF client secret when a client is
 * made, each session or access token when it is received. Every line the CLI prints passes through `scrubSecrets`,
 * so a secret a server echoes (a login error quoting the request body, an OAuth error quoting the secret) or a
 * runtime error quotes (a header value) is shown as `***`. One registry for the process: a message may be made far
 * from the client whose secret it quotes. A secret shorter than MIN_SECRET_LENGTH is not scrubbed: replacing every
 * `a` of a text would hide what it says and reveal the secret's length and letters.
 */
const known = new Set<string>();
/** Longest first, so that a secret containing another is replaced whole. */
let ordered: string[] = [];

export const MIN_SECRET_LENGTH = 4;

/**
 * Adds a secret: as written, URL-encoded, form-encoded and as inside a JSON string (how servers may echo it), and
 * with its control characters escaped as a message shows them (model/text.ts `printable`, which may run first).
 */
export function registerSecret(secret: string): void {
  if (secret.length < MIN_SECRET_LENGTH) return;
  const forms = [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    printable(secret),
  ];
  for (const form of forms) known.add(form);
  ordered = [...known].sort((a, b) => b.length - a.length);
}

/** `text` with every known secret replaced by `***`. */
export function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const secret of ordered) {
    if (scrubbed.includes(secret)) scrubbed = scrubbed.split(secret).join(REDACTED);
  }
  return scrubbed;
}

/** Text as it may be printed or logged: every URL's user name and password, and every known secret, as `***`. */
export function scrubbed(text: string): string {
  return scrubSecrets(redactUserinfo(text));
}
