/**
 * The response envelope of the DNS API (help.dyn.com, REST API; recorded traffic in nesv/go-dynect fixtures): every
 * answer is `{status, data, job_id, msgs}` and every msg is `{INFO, SOURCE, ERR_CD, LVL}`. Handlers return an
 * `ApiResult`; failures are thrown as `ApiError` so a handler can bail out from any depth and the server still
 * answers with a well-formed envelope.
 */

export type MsgSource = 'BLL' | 'API-A' | 'API-B' | 'DYN';
export type MsgLevel = 'FATAL' | 'ERROR' | 'WARN' | 'INFO';
export type ErrCode =
  | 'DEPRECATED_REQUEST'
  | 'ILLEGAL_OPERATION'
  | 'INTERNAL_ERROR'
  | 'INVALID_DATA'
  | 'INVALID_REQUEST'
  | 'INVALID_VERSION'
  | 'MISSING_DATA'
  | 'NOT_FOUND'
  | 'OPERATION_FAILED'
  | 'PERMISSION_DENIED'
  | 'RATE_LIMIT_EXCEEDED'
  | 'SERVICE_UNAVAILABLE'
  | 'TARGET_EXISTS'
  | 'UNKNOWN_ERROR';

/**
 * `ERR_CD` is `""` on a message that carries no error code, as the API contract says; the live service sends `null`
 * there (recorded traffic, nesv/go-dynect fixtures), and the client accepts both.
 */
export interface Msg {
  INFO: string;
  SOURCE: MsgSource;
  ERR_CD: ErrCode | '';
  LVL: MsgLevel;
}

/** `incomplete`: a job still running (help.dyn.com, Get Job); `running`: the job-running refusal. */
export type EnvelopeStatus = 'success' | 'failure' | 'incomplete' | 'running';

export interface Envelope {
  status: EnvelopeStatus;
  data: unknown;
  job_id: number;
  msgs: Msg[];
}

/** What a handler produces; the server adds `job_id` and serialises it. */
export interface ApiResult {
  httpStatus: number;
  status: EnvelopeStatus;
  data: unknown;
  msgs: Msg[];
  /** The job id to answer with (a job's own id when polled); default a new one per request. */
  jobId?: number;
  /** Extra response headers (`Retry-After` of a 429). */
  headers?: Record<string, string>;
}

/** An informational message (`ERR_CD: ""`), e.g. `info('add: Record added')`. */
export function info(text: string, source: MsgSource = 'BLL'): Msg {
  return { INFO: text, SOURCE: source, ERR_CD: '', LVL: 'INFO' };
}

/** An error message; failures carry one or more of these, usually followed by an `info` summary. */
export function error(code: ErrCode, text: string, source: MsgSource = 'BLL'): Msg {
  return { INFO: text, SOURCE: source, ERR_CD: code, LVL: 'ERROR' };
}

export function ok(data: unknown, ...msgs: Msg[]): ApiResult {
  return { httpStatus: 200, status: 'success', data, msgs };
}

/** A failure the server turns into `{status:"failure", data, msgs}` with the given HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly msgs: Msg[],
    readonly data: unknown = {},
  ) {
    super(msgs[0]?.INFO ?? 'failure');
    this.name = 'ApiError';
  }

  toResult(): ApiResult {
    return { httpStatus: this.httpStatus, status: 'failure', data: this.data, msgs: this.msgs };
  }
}

/** 400 with the given msgs: the service's status for validation, auth, TARGET_EXISTS and illegal operations. */
export function badRequest(...msgs: Msg[]): ApiError {
  return new ApiError(400, msgs);
}

export function notFound(...msgs: Msg[]): ApiError {
  return new ApiError(404, msgs);
}

/** One `<field>: required field missing` (API-A, MISSING_DATA) msg per missing field, as the service sends. */
export function requireFields(args: Record<string, unknown>, fields: readonly string[]): void {
  const missing = fields.filter((f) => args[f] === undefined || args[f] === null || args[f] === '');
  if (missing.length > 0) {
    throw new ApiError(
      400,
      missing.map((f) => error('MISSING_DATA', `${f}: required field missing`, 'API-A')),
      null,
    );
  }
}
