import { type Logger, silentLogger } from '../../../model/logger.js';
import * as z from '../../../model/zod.js';
import type { DecisionSink } from '../../http/decisions.js';
import { redactUserinfo } from '../../http/redact.js';
import type { RetryPolicy } from '../../http/retry.js';
import { realSleep } from '../../http/sleep.js';
import type { AnswerKind, HttpMethod, HttpTransport } from '../../http/transport.js';
import { DynApiError, DynJobLostError, DynJobTimeoutError } from '../errors.js';
import { type DynRequestLabel, interpretResponse } from '../wire/envelope.js';
import { DeleteResult, parseWire, ZoneChange } from '../wire/wire.js';
import { type BusyPolicy, busyReason, retryWhileBusy } from './busy.js';
import { type DynCredentials, DynSession, type SessionRenewal } from './session.js';

export interface DynClientOptions extends DynCredentials {
  transport: HttpTransport;
  logger?: Logger;
  /** Waits between job polls; injectable so tests control time. */
  sleep?: (ms: number) => Promise<void>;
  /** Bound on the total wait for one job (sum of the poll delays). */
  jobTimeoutMs?: number;
  /** Called after each re-login that replaced an expired session; see `sessionGeneration`. */
  onSessionRenewed?: (renewal: SessionRenewal) => void;
  /** How long busy refusals (job running, zone task) are waited out; see busy.ts. */
  busy?: BusyPolicy;
  /**
   * Stops the client's cancellable calls (an interrupt, or another service's failure that ends the run): a call
   * not yet sent is refused, a read in flight abandoned. Calls made with `cancellable: false` go on.
   */
  signal?: AbortSignal;
  /** Told of every busy wait, job, re-login and repeat (http/decisions.ts). */
  onDecision?: DecisionSink;
}

/** A call's result and the session generation it was executed in (the writer's partial-publish guard). */
export interface SessionResult {
  data: unknown;
  generation: number;
}

/** The exact request an op becomes. Shown by the plan renderer and sent by the writer: prediction = execution. */
export interface DynRequest {
  method: Extract<HttpMethod, 'POST' | 'PUT' | 'DELETE'>;
  /** Relative to the base URL, e.g. `/MXRecord/example.com/www.example.com/`. */
  path: string;
  body?: Record<string, unknown>;
}

export interface CallOptions {
  retryable: RetryPolicy;
  /**
   * false: the client's `signal` does not stop this call. The writer's calls are made so (a write abandoned in
   * flight would leave its outcome unknown), and so are discards. Default true.
   */
  cancellable?: boolean;
}

/**
 * Re-logins one call may make when the service refuses its session token. Each refusal means the request was not
 * processed, so it is repeated in the new session; a fresh session refused again and again means something else is
 * wrong.
 */
const MAX_RENEWALS_PER_CALL = 3;

/** First poll after 1 s (the service's own advice), then doubling up to 5 s: no more than once per 5 s. */
const JOB_FIRST_DELAY_MS = 1000;
const JOB_MAX_DELAY_MS = 5000;
export const DEFAULT_JOB_TIMEOUT_MS = 120_000;

/**
 * The wire client of the Dyn service: session, envelope, jobs, typed errors. Paths are relative to the base URL
 * (`/Zone/example.com/`).
 *
 * - Logs in lazily on the first call, once per run; after `close()`, never again.
 * - A failure whose first INFO starts with `login:` (expired or idle session) means the request was not processed:
 *   the client logs in again and repeats the call in the new session, up to MAX_RENEWALS_PER_CALL times. A re-login
 *   starts a new session and LOSES the unpublished changes of the old one: `sessionGeneration` changes and
 *   `onSessionRenewed` fires, so a caller holding pending work (the writer) can tell that it is gone.
 * - A call that becomes a job (HTTP 307 with Location, or 200 with `status: incomplete` and a job id) is polled
 *   with GET until it ends, at most `jobTimeoutMs` of waiting, else DynJobTimeoutError. A job whose session ends
 *   while it runs is lost with it (DynJobLostError, `sessionEnded`): the client logs in again; a read is then
 *   repeated in the new session (reads are safe to repeat), a write's error is thrown for its caller to resolve.
 */
export class DynClient {
  private readonly transport: HttpTransport;
  private readonly session: DynSession;
  private readonly logger: Logger;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly jobTimeoutMs: number;
  private readonly busy: BusyPolicy | undefined;
  private readonly signal: AbortSignal | undefined;
  readonly onDecision: DecisionSink;

  constructor(options: DynClientOptions) {
    this.transport = options.transport;
    this.logger = options.logger ?? silentLogger;
    this.sleep = options.sleep ?? realSleep;
    this.jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    this.busy = options.busy;
    this.signal = options.signal;
    this.onDecision = options.onDecision ?? (() => {});
    this.session = new DynSession(options.transport, options, this.logger, options.onSessionRenewed);
  }

  /** 0 before the first login, then +1 per login. Equal before and after some work = same session throughout. */
  get sessionGeneration(): number {
    return this.session.generation;
  }

  async login(): Promise<void> {
    await this.session.current();
  }

  /** Ends the session; never throws; a later call would log in again. */
  logout(): Promise<void> {
    return this.session.logout();
  }

  /** Ends the session for good: logs out, and any later call fails instead of logging in again. */
  close(): Promise<void> {
    return this.session.close();
  }

  /** One API call; resolves to the envelope's `data` on success, throws DynApiError on failure. */
  async call(method: HttpMethod, path: string, body: unknown, options: CallOptions): Promise<unknown> {
    return (await this.callInSession(method, path, body, options)).data;
  }

  /**
   * `call`, also saying in which session the call was executed. Busy refusals (job running, zone task) are
   * waited out and repeated (busy.ts: they were not processed). A refused token (`login:`, the session expired)
   * means the request was not processed either: one re-login, one repeat in the new session.
   */
  async callInSession(
    method: HttpMethod,
    path: string,
    body: unknown,
    options: CallOptions,
  ): Promise<SessionResult> {
    const context = {
      method,
      path,
      logger: this.logger,
      sleep: this.sleep,
      onDecision: this.onDecision,
    };
    // Attempts before a busy refusal may have been applied (a 5xx after processing, then the repeat refused as
    // busy): they count in the `attempts` of the error that ends the call, which says exactly that.
    let earlier = 0;
    const once = async () => {
      try {
        return await this.callOnce(method, path, body, options);
      } catch (error) {
        if (!(error instanceof DynApiError)) throw error;
        if (busyReason(error) !== null) {
          earlier += error.attempts - 1;
          throw error;
        }
        throw earlier === 0 ? error : withAttempts(error, error.attempts + earlier);
      }
    };
    return retryWhileBusy(once, context, this.busy);
  }

  private async callOnce(
    method: HttpMethod,
    path: string,
    body: unknown,
    options: CallOptions,
  ): Promise<SessionResult> {
    let active = await this.session.current();
    for (let renewals = 0; ; renewals++) {
      try {
        return {
          data: await this.send(method, path, body, options, active.token),
          generation: active.generation,
        };
      } catch (error) {
        const renewal = this.renewalAfter(error, method);
        if (renewal === null || renewals >= MAX_RENEWALS_PER_CALL) throw error;
        active = await this.session.renew(active.generation, renewal.reason);
        if (!renewal.repeat) throw error;
        this.onDecision({ symptom: renewal.symptom, decision: 'repeated', request: `${method} ${path}` });
      }
    }
  }

  /**
   * Whether `error` ended the session, so that the next call needs a new one: a refused token (the request was not
   * processed: repeat it), or a job lost with its session (repeat a read; a write's outcome is for its caller).
   */
  private renewalAfter(
    error: unknown,
    method: HttpMethod,
  ): { reason: string; symptom: 'session-expired' | 'job-lost'; repeat: boolean } | null {
    if (error instanceof DynApiError && error.isSessionExpired) {
      this.logger.debug(`dyn: session ended (${error.info}); logging in again`);
      return { reason: error.info, symptom: 'session-expired', repeat: true };
    }
    if (error instanceof DynJobLostError && error.sessionEnded) {
      this.logger.debug(`dyn: ${error.message}; logging in again`);
      return { reason: error.message, symptom: 'job-lost', repeat: method === 'GET' };
    }
    return null;
  }

  /** `DELETE /Node/<zone>/<fqdn>/`: the node, its records and every node below it (pending until publish). */
  async deleteNode(zone: string, fqdn: string): Promise<void> {
    const path = `/Node/${segment(zone)}/${segment(fqdn)}/`;
    // Retried on ambiguous failures like a DELETE by id (see write.ts): a repeat that finds the node gone is done.
    try {
      parseWire(
        DeleteResult,
        await this.call('DELETE', path, undefined, { retryable: 'idempotent' }),
        `DELETE ${path}`,
      );
    } catch (error) {
      if (!(error instanceof DynApiError && error.isNotFound && error.attempts > 1)) throw error;
    }
  }

  /** The session's unpublished changes of a zone. */
  async getZoneChanges(zone: string): Promise<ZoneChange[]> {
    const path = `/ZoneChanges/${segment(zone)}/`;
    const data = await this.call('GET', path, undefined, { retryable: 'idempotent', cancellable: false });
    return parseWire(z.array(ZoneChange), data, `GET ${path}`);
  }

  private async send(
    method: HttpMethod,
    path: string,
    body: unknown,
    options: CallOptions,
    token: string,
  ): Promise<unknown> {
    const headers = { 'Content-Type': 'application/json', 'Auth-Token': token };
    const signal = options.cancellable === false ? undefined : this.signal;
    const res = await this.transport.request({
      method,
      path,
      body,
      headers,
      retryable: options.retryable,
      answer: answerKind(path),
      signal,
    });
    const label = { method, path: res.path };
    const outcome = interpretResponse(res, label, this.transport.baseUrl);
    if (outcome.kind === 'success') return outcome.data;
    this.onDecision({
      symptom: res.status === 307 ? 'job-307' : 'job-incomplete',
      decision: 'polled',
      request: `${method} ${res.path}`,
    });
    try {
      return await this.waitForJob(outcome.target, label, headers, signal);
    } catch (error) {
      // The job ran the last attempt; the ones before it may have been applied too.
      if (!(error instanceof DynApiError) || res.attempts === 1) throw error;
      throw withAttempts(error, error.attempts + res.attempts - 1);
    }
  }

  private async waitForJob(
    first: string,
    label: DynRequestLabel,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    let target = first;
    let delay = JOB_FIRST_DELAY_MS;
    let waited = 0;
    for (;;) {
      if (waited + delay > this.jobTimeoutMs)
        throw new DynJobTimeoutError(label.method, label.path, target, waited);
      this.logger.debug(
        `dyn: ${label.method} ${label.path} is a job; polling ${redactUserinfo(target)} in ${delay}ms`,
      );
      await this.sleep(delay);
      waited += delay;
      // Reading a job's state is a GET: always safe to repeat.
      const res = await this.transport.request({
        method: 'GET',
        path: target,
        headers,
        retryable: 'idempotent',
        answer: answerKind(label.path),
        signal,
      });
      const outcome = jobOutcome(() => interpretResponse(res, label, this.transport.baseUrl), label, target);
      if (outcome.kind === 'success') return outcome.data;
      target = outcome.target;
      delay = Math.min(delay * 2, JOB_MAX_DELAY_MS);
    }
  }
}

/** `error` with `attempts` counted: >1 says an earlier attempt of the request may have been applied. */
function withAttempts(error: DynApiError, attempts: number): DynApiError {
  const { method, path, httpStatus, status, messages } = error;
  return new DynApiError({ method, path, httpStatus, status, messages, attempts });
}

/**
 * How large the answer of a path may be (a job's result is the answer of the request that started it): every record
 * of a zone or every pending change of one (`AllRecord`, `ZoneChanges`), the account's zones, secondary zones or
 * geo services (`/Zone/`, `/Secondary/`, `/Geo/`), else one object.
 */
export function answerKind(path: string): AnswerKind {
  const [pathname = path] = path.split('?');
  if (/\/(?:AllRecord|ZoneChanges)\//.test(pathname)) return 'records';
  if (/\/(?:Zone|Secondary|Geo)\/$/.test(pathname)) return 'list';
  return 'object';
}

/**
 * A job poll's answer. The job's own result (a failure too) passes through. A refused session token or an unknown
 * job id means the result is lost: DynJobLostError (`sessionEnded` for the former), never a repeat of the request
 * here (it may have been applied, and job ids do not outlive their session).
 */
function jobOutcome(
  interpret: () => ReturnType<typeof interpretResponse>,
  label: DynRequestLabel,
  target: string,
): ReturnType<typeof interpretResponse> {
  try {
    return interpret();
  } catch (error) {
    const lost = error instanceof DynApiError && (error.isSessionExpired || /^job:/.test(error.info));
    if (lost)
      throw new DynJobLostError(label.method, label.path, target, {
        cause: error,
        sessionEnded: error.isSessionExpired,
      });
    throw error;
  }
}

/** A zone or node name as one path segment. */
export function segment(name: string): string {
  return encodeURIComponent(name);
}
