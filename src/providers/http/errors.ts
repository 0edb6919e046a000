import { EdgeplanError } from '../../model/edgeplan-error.js';
import { redactUserinfo } from './redact.js';

/**
 * Typed errors of the HTTP transport. Every error names the request (method and path as sent, without the
 * origin) and how many attempts were made, so a log line or a CLI message says what failed after what effort.
 */

/** A response that a client could not use (for example a proxy's HTML 502 where a JSON envelope was expected). */
export class HttpError extends EdgeplanError {
  override readonly code = 'EP2002';
  override readonly name = 'HttpError';

  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly attempts: number,
    /** The start of the body, for diagnosis; never contains request secrets (it is the server's answer). */
    readonly bodySnippet: string,
  ) {
    super(
      `${method} ${path}: HTTP ${status} after ${attempts} attempt(s)${bodySnippet ? `: ${bodySnippet}` : ''}`,
    );
  }
}

export type TransportErrorKind = 'network' | 'timeout';

/**
 * No response at all: the connection failed or the per-attempt timeout fired on the last attempt. The message
 * shows the cause's text with any URL's user name and password as `***` (fetch puts the whole URL in some).
 */
export class TransportError extends EdgeplanError {
  override readonly code = 'EP2003';
  override readonly name = 'TransportError';

  constructor(
    /** Why there was no answer (named `failure`: an error's `kind` is its family's, model/error-codes.ts). */
    readonly failure: TransportErrorKind,
    readonly method: string,
    readonly path: string,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(
      `${method} ${path}: ${failure === 'timeout' ? 'timed out' : 'network error'} after ${attempts} attempt(s): ${describeCause(options.cause)}`,
      options,
    );
  }
}

/**
 * An answer larger than its kind may be (transport.ts, ANSWER_LIMITS): not read further and not repeated, a repeat
 * would bring the same. Its kind is named so that a real account beyond the limit can be reported.
 */
export class ResponseTooLargeError extends EdgeplanError {
  override readonly code = 'EP2004';
  override readonly name = 'ResponseTooLargeError';

  constructor(
    readonly method: string,
    readonly path: string,
    /** The answer's kind (transport.ts, ANSWER_LIMITS); an error's `kind` is its family's. */
    readonly answerKind: string,
    readonly limitBytes: number,
  ) {
    super(
      `${method} ${path}: the answer is larger than ${limitBytes / 1024 / 1024} MB, the limit for an answer of ` +
        `kind "${answerKind}"; not read further`,
    );
  }
}

/**
 * The run stopped this request (an interrupt, or a failure elsewhere that ends the run): it was not sent, or its
 * attempt was abandoned in flight. `reason` is the abort's reason, e.g. `SIGINT`.
 */
export class RequestAbortedError extends EdgeplanError {
  override readonly code = 'EP7003';
  override readonly name = 'RequestAbortedError';

  constructor(
    readonly method: string,
    readonly path: string,
    readonly reason: unknown,
  ) {
    super(`${method} ${path}: stopped (${reasonText(reason)})`);
  }
}

function reasonText(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  return reason instanceof Error ? reason.message : 'aborted';
}

/**
 * The rate limit asks for a longer wait than the client makes (the scheduler's `maxWaitMs`): the request was not
 * sent. The message says why, how long, and from when a new run can go.
 */
export class RateLimitWaitError extends EdgeplanError {
  override readonly code = 'EP2005';
  override readonly name = 'RateLimitWaitError';

  constructor(
    readonly service: string,
    readonly reason: string,
    readonly waitMs: number,
    /** When the next request may be sent (ms since the epoch). */
    readonly resumeAt: number,
    readonly maxWaitMs: number,
    /** Only this client's share (`--dns-rate-limit`, `--waf-rate-limit`) holds it: the service would take it. */
    readonly ownShare = false,
  ) {
    super(
      `${service} rate limit: ${reason}; the next request may go in ${Math.ceil(waitMs / 1000)} s, longer than ` +
        `the ${Math.round(maxWaitMs / 1000)} s edgeplan waits; run again after ${new Date(resumeAt).toISOString()}`,
    );
  }
}

/**
 * A request refused before it was sent: its URL leads outside the service's origin (a redirect elsewhere: the
 * service's credentials go with every request) or carries a user name or password. Shown with those as `***`.
 */
export class RequestRefusedError extends EdgeplanError {
  override readonly code = 'EP2006';
  override readonly name = 'RequestRefusedError';

  constructor(
    readonly method: string,
    readonly url: string,
    why: string,
  ) {
    super(`${method} ${redactUserinfo(url)}: refused, ${why}; nothing was sent`);
  }
}

/**
 * A service's base URL that carries a user name or password, refused when its transport is made: a URL is printed in
 * messages and logs, and each provider takes its credentials in options of its own. Nothing was sent.
 */
export class ServiceUrlError extends EdgeplanError {
  override readonly code = 'EP1908';
  override readonly name = 'ServiceUrlError';

  constructor(readonly url: string) {
    super(
      `credentials in a service URL are refused: ${redactUserinfo(url)}; give them in the provider's own options; ` +
        'nothing was sent',
    );
  }
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
  return redactUserinfo(`${cause.message}${inner}`);
}
