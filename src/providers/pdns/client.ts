import type { RetryPolicy } from '../http/retry.js';
import { registerSecret } from '../http/secrets.js';
import type { AnswerKind, HttpMethod, HttpTransport } from '../http/transport.js';
import { ErrorBody, PdnsApiError } from './errors.js';

/** Longest stretch of a non-JSON error body kept in a message. */
const SNIPPET = 200;

/**
 * The wire client of the PowerDNS Authoritative HTTP API (`/api/v1`): the `X-API-Key` header on every request
 * (the transport logs it as `***`), paths under one server id, and error answers as PdnsApiError. PowerDNS has no
 * rate limit and no session; 502/503/504 and network errors are retried by the transport for requests declared
 * idempotent.
 */
export class PdnsClient {
  constructor(
    private readonly transport: HttpTransport,
    private readonly apiKey: string,
    /** The server id in `/servers/<id>`: `localhost` on a single server. */
    readonly server: string,
  ) {
    registerSecret(apiKey);
  }

  /** `/servers/<server>/zones`, or one zone's path (its id: the name with the trailing dot, URL-safe). */
  zonesPath(zone?: string): string {
    const base = `/servers/${encodeURIComponent(this.server)}/zones`;
    return zone === undefined ? base : `${base}/${zoneId(zone)}`;
  }

  /** Sends one request; resolves to the parsed JSON body (undefined for 204) or throws PdnsApiError. */
  async call(method: HttpMethod, path: string, body: unknown, retryable: RetryPolicy): Promise<unknown> {
    const response = await this.transport.request({
      method,
      path,
      body,
      retryable,
      answer: answerKind(path),
      headers: { 'X-API-Key': this.apiKey, Accept: 'application/json' },
    });
    if (response.status >= 200 && response.status < 300) return response.json;
    const parsed = ErrorBody.safeParse(response.json);
    const detail = parsed.success
      ? [parsed.data.error, ...(parsed.data.errors ?? [])].filter(Boolean).join('; ')
      : response.text.trim().slice(0, SNIPPET);
    throw new PdnsApiError(method, response.path, response.status, detail);
  }

  /** `METHOD path` as error messages name a request: the path with the API base's own (`/api/v1/servers/…`). */
  label(method: HttpMethod, path: string): string {
    return `${method} ${new URL(this.transport.baseUrl).pathname.replace(/\/$/, '')}${path}`;
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

/**
 * How large the answer of a path may be (http/transport.ts): a zone with every record set (`/zones/<id>`), the
 * server's zone list (`/zones`), else one object.
 */
export function answerKind(path: string): AnswerKind {
  const [pathname = path] = path.split('?');
  if (/\/zones\/[^/]+$/.test(pathname)) return 'records';
  if (/\/zones\/?$/.test(pathname)) return 'list';
  return 'object';
}

/**
 * A zone's id in URLs: its name with the trailing dot, percent-encoded with `=` for `%` (PowerDNS 4.7 reads `=2F`
 * for `/`, as in RFC 2317 zones, and not `%2F`; octoDNS's PowerDNS provider does the same).
 */
export function zoneId(zone: string): string {
  return encodeURIComponent(`${zone}.`).replaceAll('%', '=');
}
