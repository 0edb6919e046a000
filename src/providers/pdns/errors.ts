import * as z from 'zod';
import { OutcomeUnknownError } from '../../model/provider.js';
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

/** The answer to a zone's write was lost and reading the zone failed too: whether the write took effect is unknown. */
export class PdnsOutcomeUnknownError extends OutcomeUnknownError {
  override readonly name = 'PdnsOutcomeUnknownError';

  constructor(
    readonly zone: string,
    request: string,
    lost: unknown,
    options: { cause: unknown },
  ) {
    const text = (e: unknown) => (e instanceof Error ? e.message : String(e));
    super(
      `zone ${zone}: the answer to ${request} was lost (${text(lost)}) and reading the zone failed too ` +
        `(${text(options.cause)}): whether it took effect is unknown; plan again to see what is live`,
      options,
    );
  }
}
