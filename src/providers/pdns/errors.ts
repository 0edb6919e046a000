import { z } from 'zod';
import { WireError, wireParser } from '../http/wire-error.js';

/** PowerDNS's error body: `{ "error": "…" }`, sometimes with `errors: [...]`; a 404 may be plain text. */
export const ErrorBody = z.looseObject({
  error: z.string().optional(),
  errors: z.array(z.string()).optional(),
});

/**
 * A request PowerDNS answered with an error status: the method and path, the status and PowerDNS's own message
 * (its `error` field, else the start of the body). Never holds the API key (the server does not echo it).
 */
export class PdnsApiError extends Error {
  override readonly name = 'PdnsApiError';

  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${method} ${path}: HTTP ${status}${detail ? `: ${detail}` : ''}`);
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** A PowerDNS answer that did not have the shape the client expects. */
export class PdnsWireError extends WireError {
  override readonly name = 'PdnsWireError';

  constructor(context: string, issues: string[]) {
    super('PowerDNS API', context, issues);
  }
}

export const parseWire = wireParser((context, issues) => new PdnsWireError(context, issues));
