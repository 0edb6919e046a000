import { EdgeplanError } from '../../model/edgeplan-error.js';
import type { ErrorCode } from '../../model/error-codes.js';
import { namedRecord } from '../../model/named-record.js';
import { formatSeconds, utcClockAfter } from '../../model/seconds.js';
import * as z from '../../model/zod.js';
import { WireError } from '../http/wire-error.js';
import type { PurgeBucket } from './purge-bucket.js';

/** PROPOSED error body, in the style of the OAuth server the service runs (Doorkeeper); OCI's `message` is read too. Every field optional: bodies may be empty. */
export const ErrorBody = z.lazy(() =>
  z.object({
    error: z.optional(z.string()),
    error_description: z.optional(z.string()),
    message: z.optional(z.string()),
    errors: z.optional(namedRecord(z.array(z.string()))),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Typed errors of the WAF provider. API failures carry the HTTP status and the service's `error` and
 * `error_description` (read as `error_description ?? message ?? error ?? HTTP reason`) and the raw body.
 * No message ever contains the client secret or an access token.
 */
export class WafApiError extends EdgeplanError {
  override readonly code: ErrorCode = 'EP2201';
  override readonly name: string = 'WafApiError';

  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: ErrorBody,
    readonly rawBody: string,
  ) {
    const text = body.error_description ?? body.message ?? body.error ?? `HTTP ${status}`;
    const fields = Object.entries(body.errors ?? {}).map(
      ([field, messages]) => `${field} ${messages.join(', ')}`,
    );
    super(`${method} ${path}: ${status} ${text}${fields.length ? ` (${fields.join('; ')})` : ''}`);
  }

  /** The service's own error code (its `error` field); `code` is edgeplan's. */
  get serviceCode(): string | undefined {
    return this.body.error;
  }
}

/** The token endpoint refused the client id and secret (or answered without a token). */
export class WafAuthError extends WafApiError {
  override readonly code = 'EP2202';
  override readonly name = 'WafAuthError';
}

/** Out of requests for this window, and the reset is further away than the client is willing to wait. */
export class WafRateLimitError extends EdgeplanError {
  override readonly code = 'EP2203';
  override readonly name = 'WafRateLimitError';

  constructor(
    readonly limit: number | undefined,
    readonly resetInSeconds: number,
    readonly maxWaitSeconds: number,
  ) {
    super(
      `WAF rate limit reached${limit === undefined ? '' : ` (${limit} requests per hour)`}: the window resets in ` +
        `${resetInSeconds} s, longer than the ${maxWaitSeconds} s the client waits; run again after the reset`,
    );
  }
}

/**
 * The cache-purge bucket (20 purges an hour) is spent: nothing was purged. `refused`: the service answered 429 (a
 * refused purge purges nothing and, as far as the service says, spends nothing); `known`: a purge answer earlier in
 * this run left none, so nothing was sent.
 */
export class WafPurgeLimitError extends EdgeplanError {
  override readonly code = 'EP2204';
  override readonly name = 'WafPurgeLimitError';

  constructor(
    readonly bucket: PurgeBucket | null,
    readonly how: 'refused' | 'known',
    nowMs: number,
  ) {
    const limit = bucket ? `${bucket.limit} purges an hour` : 'purges an hour';
    const what =
      how === 'refused'
        ? 'the service refused the purge (HTTP 429), nothing was purged'
        : `a purge answer of this run left 0 of ${bucket?.limit}, so nothing was sent`;
    const when = bucket
      ? `it resets in ${formatSeconds(bucket.resetSeconds)}, at ${utcClockAfter(nowMs, bucket.resetSeconds)}`
      : 'the service did not say when it resets';
    super(`the WAF cache-purge limit (${limit}) is spent: ${what}; ${when}`);
  }
}

/** A change ended as `failed` (the proposed change-status resource, write-api.ts). */
export class WafChangeFailedError extends EdgeplanError {
  override readonly code = 'EP2205';
  override readonly name = 'WafChangeFailedError';

  constructor(
    readonly webapp: string,
    readonly changeId: string,
    readonly errors: unknown[],
  ) {
    const detail = errors.length ? `: ${JSON.stringify(errors)}` : '';
    super(`webapp ${webapp}: change ${changeId} failed${detail}`);
  }
}

/** A change did not end within the client's bound on waiting. */
export class WafChangeTimeoutError extends EdgeplanError {
  override readonly code = 'EP2206';
  override readonly name = 'WafChangeTimeoutError';

  constructor(
    readonly webapp: string,
    readonly changeId: string,
    readonly waitedMs: number,
    readonly lastStatus: string,
  ) {
    super(`webapp ${webapp}: change ${changeId} still ${lastStatus} after ${Math.round(waitedMs / 1000)} s`);
  }
}

/** The change finished, but reading the good bots back shows a different state. */
export class WafVerifyError extends EdgeplanError {
  override readonly code = 'EP2207';
  override readonly name = 'WafVerifyError';

  constructor(
    readonly webapp: string,
    readonly mismatches: string[],
  ) {
    super(`webapp ${webapp}: the change finished but the read-back differs: ${mismatches.join(', ')}`);
  }
}

/** A response did not have the expected shape; `context` says which request and webapp. */
export class WafWireError extends WireError {
  override readonly code = 'EP2208';
  override readonly name = 'WafWireError';

  constructor(context: string, issues: string[]) {
    super('WAF service', context, issues);
  }
}

/**
 * Desired webapps the API client may not access (403 on their good bots: the API documentation's "authentication succeeded but
 * the user may not access the resource"): every one is named; the others were read.
 */
export class WafForbiddenError extends EdgeplanError {
  override readonly code = 'EP2209';
  override readonly name = 'WafForbiddenError';
  constructor(readonly webapps: readonly string[]) {
    super(
      `the WAF API client may not access ${webapps.length === 1 ? 'webapp' : 'webapps'} ${webapps.join(', ')} ` +
        '(403 forbidden): grant it access to them, or leave them out of the desired state (--target limits a run)',
    );
  }
}

/** `purge WEBAPP` names a webapp the account does not have, or a name several have: nothing was purged. */
export class WafUnknownWebappError extends EdgeplanError {
  override readonly code = 'EP2210';
  override readonly name = 'WafUnknownWebappError';
}

/** A purge task still running when the client's bound on waiting for it ran out: the service may still purge. */
export class WafPurgeTimeoutError extends EdgeplanError {
  override readonly code = 'EP2211';
  override readonly name = 'WafPurgeTimeoutError';

  constructor(
    readonly webapp: string,
    readonly taskId: string,
    readonly waitedMs: number,
  ) {
    super(`webapp ${webapp}: purge task ${taskId} not finished after ${Math.round(waitedMs / 1000)} s`);
  }
}
