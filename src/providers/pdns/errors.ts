import { EdgeplanError } from '../../model/edgeplan-error.js';
import { OutcomeUnknownError } from '../../model/provider.js';
import * as z from '../../model/zod.js';
import { TransportError } from '../http/errors.js';
import { WireError, wireParser } from '../http/wire-error.js';

/** PowerDNS's error body: `{ "error": "…" }`, sometimes with `errors: [...]`; a 404 may be plain text. */
export const ErrorBody = z.lazy(() =>
  z.looseObject({
    error: z.optional(z.string()),
    errors: z.optional(z.array(z.string())),
  }),
);

/**
 * A request PowerDNS answered with an error status: the method and path, the status and PowerDNS's own message
 * (its `error` field, else the start of the body). Never holds the API key (the server does not echo it).
 */
export class PdnsApiError extends EdgeplanError {
  override readonly code = 'EP2301';
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

/** PowerDNS's default `webserver-max-bodysize`: 2 (MiB). */
const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * A zone's write larger than PowerDNS takes by default, whose every send lost its connection while reads proved it
 * did not take effect: PowerDNS cuts a body over its `webserver-max-bodysize` off with a reset, so that setting is
 * the likely cause, and the message says how to raise it. Nothing of the write was applied.
 */
export class PdnsBodyLimitError extends EdgeplanError {
  override readonly code = 'EP2302';
  override readonly name = 'PdnsBodyLimitError';

  constructor(
    request: string,
    readonly bodyBytes: number,
    sends: number,
    options: { cause: TransportError },
  ) {
    const mb = (bodyBytes / (1024 * 1024)).toFixed(1);
    super(
      `${request}: the connection was cut on each of ${sends} sends of its ${mb} MB body, and the zone shows none ` +
        "of it: PowerDNS cuts off a body over its webserver-max-bodysize (2 MB unless set); raise it in the server's " +
        'pdns.conf (for example webserver-max-bodysize=64) and apply again. Nothing of this write was applied',
      options,
    );
  }
}

/** The error to give up with after the last send of a zone's write `body` lost its answer (see PdnsBodyLimitError). */
export function giveUpError(request: string, body: unknown, sends: number, lost: unknown): unknown {
  if (!(lost instanceof TransportError) || lost.failure !== 'network') return lost;
  const bodyBytes = Buffer.byteLength(JSON.stringify(body));
  return bodyBytes > DEFAULT_MAX_BODY_BYTES
    ? new PdnsBodyLimitError(request, bodyBytes, sends, { cause: lost })
    : lost;
}

/**
 * A plan's change of a zone by DNS UPDATE, applied by a provider without the `dnsupdate_*` settings that say where
 * PowerDNS takes updates (the plan was made with them): nothing is sent.
 */
export class PdnsDnsUpdateOffError extends EdgeplanError {
  override readonly code = 'EP1932';
  override readonly name = 'PdnsDnsUpdateOffError';

  constructor(readonly zone: string) {
    super(
      `zone ${zone}: the plan changes it by DNS UPDATE, but this provider has no dnsupdate_server_env and ` +
        'dnsupdate_tsig_env: nothing was sent; set them as when the plan was made, or plan again',
    );
  }
}

/** A PowerDNS answer that did not have the shape the client expects. */
export class PdnsWireError extends WireError {
  override readonly code = 'EP2303';
  override readonly name = 'PdnsWireError';

  constructor(context: string, issues: string[]) {
    super('PowerDNS API', context, issues);
  }
}

export const parseWire = wireParser((context, issues) => new PdnsWireError(context, issues));

/** The answer to a zone's write was lost and reading the zone failed too: whether the write took effect is unknown. */
export class PdnsOutcomeUnknownError extends OutcomeUnknownError {
  override readonly code = 'EP4003';
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
