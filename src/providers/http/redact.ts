/**
 * Redaction of secrets before anything reaches a log line (`--verbose`) or a message. Secrets never appear in
 * output, logs or plan files (docs/cli.md: `--verbose`), so the transport logs only what went through these functions, and the
 * CLI passes every message it prints through `redactUserinfo`.
 */

export const REDACTED = '***';

/** Header names compared case-insensitively. */
const SECRET_HEADERS = new Set([
  'auth-token',
  'x-api-key',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
]);

/** Body field names, at any depth of a JSON body or as form fields. `refresh_token` is added for OAuth bodies. */
const SECRET_FIELDS = new Set(['password', 'token', 'client_secret', 'access_token', 'refresh_token']);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value,
    ]),
  );
}

/**
 * A request or response body as loggable text: JSON bodies are parsed and secret fields replaced at any depth;
 * form-encoded bodies (`a=b&c=d`) get the same treatment per field; any other text is returned unchanged.
 */
export function redactBody(body: string): string {
  const json = tryParseJson(body);
  if (json !== undefined) return JSON.stringify(redactValue(json));
  if (/^[\w.%-]+=[^&]*(&[\w.%-]+=[^&]*)*$/.test(body)) return redactForm(body);
  return body;
}

/**
 * The text with the user name and password of every `scheme://user:password@host` URL in it shown as `***`. The
 * userinfo ends at the authority's last `@`, as URL parsers read it, so an unencoded `@` in a password is covered.
 */
export function redactUserinfo(text: string): string {
  return text.replace(/(?<![a-z\d+.-])([a-z][a-z\d+.-]*:\/\/)[^\s/?#\\]*@/gi, `$1${REDACTED}@`);
}

/** Whether a URL carries a user name or password, which would be printed wherever the URL is. */
export function hasUserinfo(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_FIELDS.has(key.toLowerCase()) ? REDACTED : redactValue(inner),
      ]),
    );
  }
  return value;
}

function redactForm(body: string): string {
  const params = new URLSearchParams(body);
  for (const key of [...params.keys()]) {
    if (SECRET_FIELDS.has(key.toLowerCase())) params.set(key, REDACTED);
  }
  return params.toString();
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
