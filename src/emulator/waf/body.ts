/**
 * Request bodies of the WAF emulator. The token endpoint takes its fields in any encoding real clients used (the
 * public Zenedge sample scripts): multipart form (the docs' `curl -F`), urlencoded form, a JSON object, or the
 * query string. API bodies are JSON; `page`/`per_page` may also come as a JSON body on a GET (S4).
 */

export type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: string };

/** Token fields from query, then body (body wins). Unparseable bodies give no fields, which the caller refuses. */
export function formFields(
  contentType: string,
  raw: Buffer,
  query: URLSearchParams,
): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.fromEntries(query);
  const text = raw.toString('utf8');
  if (text.trim() === '') return fields;
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/form-data')) return { ...fields, ...multipartFields(contentType, text) };
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { ...fields, ...Object.fromEntries(new URLSearchParams(text)) };
  const json = parseJsonBody(raw);
  if (json.ok && typeof json.value === 'object' && json.value !== null && !Array.isArray(json.value))
    return { ...fields, ...(json.value as Record<string, unknown>) };
  return fields;
}

function multipartFields(contentType: string, text: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return {};
  const fields = new Map<string, string>();
  for (const part of text.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name !== undefined) fields.set(name, part.slice(split + 4).replace(/\r\n$/, ''));
  }
  return Object.fromEntries(fields);
}

/** An empty body is `undefined`; anything else must be JSON. */
export function parseJsonBody(raw: Buffer): ParsedBody {
  const text = raw.toString('utf8').trim();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `malformed JSON body (${(error as Error).message})` };
  }
}
