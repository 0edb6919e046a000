import { EdgeplanError } from '../../model/edgeplan-error.js';
import type { ErrorCode } from '../../model/error-codes.js';
import { OutcomeUnknownError } from '../../model/provider.js';
import * as z from '../../model/zod.js';
import { redactUserinfo } from '../http/redact.js';
import { WireError } from '../http/wire-error.js';

/**
 * Typed errors of the Dyn provider. API failures carry the HTTP status, ERR_CD and INFO of the first message
 * (the one that describes the failure) so the CLI and the apply result can show them as is.
 */

/** One entry of an answer's `msgs`: what the service says about a call; failures carry ERR_CD and INFO. */
export const DynMessage = z.lazy(() =>
  z.object({
    LVL: z.nullish(z.string()),
    ERR_CD: z.nullish(z.string()),
    SOURCE: z.nullish(z.string()),
    INFO: z.nullish(z.string()),
  }),
);
export type DynMessage = z.infer<typeof DynMessage>;

export interface DynApiErrorDetails {
  method: string;
  /** Path and query as sent, without the origin, e.g. `/REST/Zone/example.com/`. */
  path: string;
  httpStatus: number;
  /** The envelope's `status` (`failure`, or `running` on the job-running error). */
  status: string;
  messages: DynMessage[];
  /** Attempts the transport made for the final request; >1 means an earlier attempt may have been applied. */
  attempts: number;
}

export class DynApiError extends EdgeplanError {
  override readonly code: ErrorCode = 'EP2101';
  override readonly name: string = 'DynApiError';
  readonly method: string;
  readonly path: string;
  readonly httpStatus: number;
  readonly status: string;
  readonly messages: DynMessage[];
  readonly attempts: number;
  /** ERR_CD of the first message; null when the service gave none (`null` on the live service, `""` in the contract). */
  readonly errCode: string | null;
  /** INFO of the first message; empty when there is no message. */
  readonly info: string;
  readonly source: string | null;

  constructor(details: DynApiErrorDetails) {
    const first = details.messages[0];
    const errCode = first?.ERR_CD || null;
    const info = first?.INFO ?? '';
    super(
      `${details.method} ${details.path}: ${details.httpStatus} ${errCode ?? details.status}${info ? ` ${info}` : ''}`,
    );
    this.method = details.method;
    this.path = details.path;
    this.httpStatus = details.httpStatus;
    this.status = details.status;
    this.messages = details.messages;
    this.attempts = details.attempts;
    this.errCode = errCode;
    this.info = info;
    this.source = first?.SOURCE ?? null;
  }

  /** The session token was refused (expired, idle logout, IP change): INFO of the first message starts `login:`. */
  get isSessionExpired(): boolean {
    return this.info.startsWith('login:');
  }

  get isNotFound(): boolean {
    return this.errCode === 'NOT_FOUND';
  }
}

/** `POST /Session/` failed: bad credentials or missing fields. The message never contains the password. */
export class DynLoginError extends DynApiError {
  override readonly code = 'EP2102';
  override readonly name = 'DynLoginError';
}

/**
 * A job (HTTP 307 or `status: incomplete`) did not finish within the client's bound. `jobPath` may be an absolute
 * URL (a 307's Location); it is kept without user name and password.
 */
export class DynJobTimeoutError extends EdgeplanError {
  override readonly code = 'EP2103';
  override readonly name = 'DynJobTimeoutError';
  readonly jobPath: string;

  constructor(
    readonly method: string,
    readonly path: string,
    jobPath: string,
    readonly waitedMs: number,
  ) {
    const shown = redactUserinfo(jobPath);
    super(`${method} ${path}: job ${shown} not finished after ${Math.round(waitedMs / 1000)} s`);
    this.jobPath = shown;
  }
}

/** A response of the service did not have the expected shape; `context` says which endpoint, zone and field. */
export class DynWireError extends WireError {
  override readonly code = 'EP2104';
  override readonly name = 'DynWireError';

  constructor(context: string, issues: string[]) {
    super('DNS service', context, issues);
  }
}

/**
 * The session kept ending under a zone's unpublished changes: the writer sent them again in each new session (its
 * restarts) and gave up. Publishing now would publish only part of the zone's plan, so the apply layer discards
 * and reports the zone as failed.
 */
export class DynSessionLostError extends EdgeplanError {
  override readonly code = 'EP2105';
  override readonly name = 'DynSessionLostError';

  constructor(
    readonly zone: string,
    restarts: number,
  ) {
    super(
      `zone ${zone}: the DNS session ended under the zone's unpublished changes ${restarts + 1} times; they were ` +
        'sent again each time, and then given up: not published',
    );
  }
}

/** The answer to a zone's publish was lost and no read could tell whether it took effect. */
export class DynPublishUnknownError extends OutcomeUnknownError {
  override readonly code = 'EP4002';
  override readonly name = 'DynPublishUnknownError';

  constructor(
    readonly zone: string,
    lost: unknown,
    options: { cause: unknown },
  ) {
    const text = (e: unknown) => (e instanceof Error ? e.message : String(e));
    super(
      `zone ${zone}: the answer to its publish was lost (${text(lost)}) and reading the zone failed too ` +
        `(${text(options.cause)}): whether it was published is unknown; plan again to see what is live`,
      options,
    );
  }
}

/**
 * The request was accepted as a job, but its result can no longer be read: the session ended while it ran
 * (`sessionEnded`: job ids live only as long as their session, and so do the session's unpublished changes) or the
 * service no longer knows the job. Whether it was applied is unknown, so the client does not repeat a write; its
 * caller finds out by reading (write-resolve.ts). `jobPath` as in DynJobTimeoutError.
 */
export class DynJobLostError extends EdgeplanError {
  override readonly code = 'EP2106';
  override readonly name = 'DynJobLostError';
  readonly jobPath: string;
  readonly sessionEnded: boolean;

  constructor(
    readonly method: string,
    readonly path: string,
    jobPath: string,
    options: { cause: unknown; sessionEnded?: boolean },
  ) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    const shown = redactUserinfo(jobPath);
    super(
      `${method} ${path}: its job ${shown} could not be read (${reason}); the outcome is unknown`,
      options,
    );
    this.jobPath = shown;
    this.sessionEnded = options.sessionEnded ?? false;
  }
}

/**
 * The login was answered 404 at a base address whose path does not end in `/REST`: the service's origin
 * (`https://api.dynect.net`) given for its API base (`https://api.dynect.net/REST`), the usual mistake. Nothing but
 * the login was sent. `cause` is the 404 itself.
 */
export class DynBaseUrlError extends EdgeplanError {
  override readonly code = 'EP1906';
  override readonly name = 'DynBaseUrlError';
  readonly baseUrl: string;

  constructor(baseUrl: string, options: { cause: unknown }) {
    const shown = redactUserinfo(baseUrl);
    super(
      `the DNS API is not at ${shown}: its login, POST /Session/, was answered 404. The API's base address ends ` +
        `in /REST (${shown.replace(/\/+$/, '')}/REST): set EDGEPLAN_DYN_URL, or the url_env of the provider, to it`,
      options,
    );
    this.baseUrl = shown;
  }
}

/** A call after the client was closed (the run is ending): nothing is sent and no new session is opened. */
export class DynSessionClosedError extends EdgeplanError {
  override readonly code = 'EP2107';
  override readonly name = 'DynSessionClosedError';

  constructor() {
    super('the DNS session was closed; nothing more is sent');
  }
}
