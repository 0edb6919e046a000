import { type Logger, silentLogger } from '../../model/logger.js';
import { AttemptStop } from './attempt-stop.js';
import type { DecisionSink, Symptom } from './decisions.js';
import {
  RateLimitWaitError,
  RequestAbortedError,
  RequestRefusedError,
  ResponseTooLargeError,
  ServiceUrlError,
  TransportError,
} from './errors.js';
import { createPool, exchange } from './exchange.js';
import type { AnswerHeaders } from './headers.js';
import { hasUserinfo, redactBody, redactHeaders } from './redact.js';
import {
  type AttemptOutcome,
  DEFAULT_RETRY,
  isRetryable,
  parseRetryAfter,
  type RetryOptions,
  type RetryPolicy,
  retryDelayMs,
} from './retry.js';
import type { RequestScheduler } from './scheduler.js';
import { abortableSleep, realSleep } from './sleep.js';

/**
 * The one HTTP transport of every provider, over Node's `node:http` and `node:https` (exchange.ts): keep-alive and a
 * bounded connection pool in production, and intercepted by nock in unit tests. It never
 * follows redirects (a client may give 3xx a meaning, as Dyn's 307 job redirect) and never throws on an HTTP
 * status: every status is an answer for the client to interpret.
 * It throws `TransportError` when no response came back on the last allowed attempt, and RequestRefusedError,
 * unsent, for a URL outside the base's origin or with credentials. A base URL with a user name or password is
 * refused at creation (ServiceUrlError): it would be printed wherever the URL is, and no service here reads it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Appended to `baseUrl` (e.g. `/Zone/`), or an absolute URL on the same origin as `baseUrl`. */
  path: string;
  /** Strings are sent verbatim, `URLSearchParams` as a form, anything else as JSON with its Content-Type. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Whether a repeat is harmless after an ambiguous failure; see retry.ts. */
  retryable: RetryPolicy;
  /**
   * `false`: a 429 is returned to the caller instead of being retried here, for a client that paces itself by the
   * service's rate-limit headers (the WAF client waits for a window reset that may be far beyond `maxRetryAfterMs`).
   */
  retryOn429?: boolean;
  /** What the answer holds, which bounds its size (ANSWER_LIMITS); default `object`. */
  answer?: AnswerKind;
  /**
   * `true`: the answer's `X-RateLimit-*` headers describe another budget than the one the scheduler paces (the WAF
   * API's cache-purge bucket); the request still counts, its headers are not read.
   */
  otherBudget?: boolean;
  /**
   * Stops the request: refused unsent once aborted, an attempt in flight abandoned, no retry; a
   * RequestAbortedError says so. Whether an abandoned attempt reached the service is unknown, so callers abort
   * only requests they can afford to lose (reads).
   */
  signal?: AbortSignal;
}

/**
 * Kinds of answers by how large they may grow: `records`, every record of a zone (a Dyn `AllRecord`: about 300
 * bytes a record, so 100,000 records, the largest zone benchmarked, are about 30 MB); `list`, one line per zone,
 * service or webapp of an account; `object`, anything else (a session, a job, a zone, one webapp's bots).
 */
export type AnswerKind = 'records' | 'list' | 'object';

/**
 * The largest answer body read per kind, about four times what the largest real account needs: a bigger answer is
 * a ResponseTooLargeError (no retry) before it exhausts memory, not a crash with a native stack trace.
 */
export const ANSWER_LIMITS: Readonly<Record<AnswerKind, number>> = {
  records: 128 * 1024 * 1024,
  list: 32 * 1024 * 1024,
  object: 8 * 1024 * 1024,
};

export interface HttpResponse {
  status: number;
  headers: AnswerHeaders;
  text: string;
  /** The body parsed as JSON whatever the Content-Type; undefined when it is not JSON. */
  json: unknown;
  /** Path and query of the request as sent (no origin), for messages. */
  path: string;
  /** Attempts made, 1 when the first one was answered. */
  attempts: number;
}

export interface HttpTransport {
  readonly baseUrl: string;
  request(request: HttpRequest): Promise<HttpResponse>;
  /** Closes the connection pool. Safe to call more than once. */
  close(): Promise<void>;
}

export interface HttpTransportOptions {
  /** Base address including any path prefix, e.g. `https://api.dynect.net/REST`. */
  baseUrl: string;
  /**
   * Per attempt, from when it is sent (not while the scheduler or the pool holds it: attempt-stop.ts) to the end of
   * its answer's body; a request with a body gets more (attemptTimeoutMs).
   */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  logger?: Logger;
  sleep?: (ms: number) => Promise<void>;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  /** Wall clock in ms, for durations and `Retry-After` dates. */
  now?: () => number;
  userAgent?: string;
  /** Upper bound of open connections to the origin. */
  connections?: number;
  /**
   * The service's rate-limit scheduler (scheduler.ts): every attempt, retries included, waits for a slot there. It
   * also holds the repeat of a 429 for as long as the service asked (the transport then does not wait itself), and
   * its RateLimitWaitError (a wait too long to make) ends the request unsent.
   */
  scheduler?: RequestScheduler;
  /** Told of every repeat the transport makes, and why (decisions.ts). */
  onDecision?: DecisionSink;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * Added to an attempt's timeout per KiB of request body: what a service does with a request grows with what it is
 * sent (PowerDNS writes a zone of 100,000 records, about 9 MB, in one POST, which takes a loaded server well over
 * 30 s), so a large write is not abandoned, and then sent again, while the service is still at it. 10 ms a KiB: a
 * 1 MB zone file waits 10 s more, 100,000 PowerDNS records 90 s more. Reads send no body and keep the timeout.
 */
export const TIMEOUT_MS_PER_KIB = 10;

/** The timeout of one attempt that sends `bodyBytes`: `timeoutMs`, plus TIMEOUT_MS_PER_KIB per KiB begun. */
export function attemptTimeoutMs(timeoutMs: number, bodyBytes: number): number {
  return timeoutMs + Math.ceil(bodyBytes / 1024) * TIMEOUT_MS_PER_KIB;
}
const MAX_LOGGED_BODY = 2000;

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const base = new URL(options.baseUrl);
  if (hasUserinfo(base)) throw new ServiceUrlError(base.href);
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const logger = options.logger ?? silentLogger;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  // Idle connections kept 30 s, above 10 s: a client waiting on a Dyn job leaves its connection idle that long (the
  // vendor's SDK waits on jobs that long).
  const pool = createPool(base, options.connections ?? 16, 30_000);
  // What every relative path is appended to, built once.
  const prefix = base.href.replace(/\/$/, '');
  let closed = false;

  async function request(req: HttpRequest): Promise<HttpResponse> {
    const url = resolveUrl(base, prefix, req);
    const path = `${url.pathname}${url.search}`;
    const { body, contentType } = encodeBody(req.body);
    const attemptMs = attemptTimeoutMs(timeoutMs, body === undefined ? 0 : Buffer.byteLength(body));
    const headers: Record<string, string> = {
      ...(options.userAgent ? { 'User-Agent': options.userAgent } : {}),
      ...(contentType ? { 'Content-Type': contentType } : {}),
      ...req.headers,
    };
    // The request's log line, redacted, only when debug lines are kept (a 1 MB zone file is otherwise parsed again).
    const logged = () => {
      const shown = body === undefined ? '' : ` body=${truncate(redactBody(body))}`;
      return `headers=${JSON.stringify(redactHeaders(headers))}${shown}`;
    };

    for (let attempt = 1; ; attempt++) {
      throwIfAborted(req, path);
      if (logger.debugs !== false)
        logger.debug(`http → ${req.method} ${path} attempt=${attempt} timeout=${attemptMs}ms ${logged()}`);
      const started = now();
      let outcome: AttemptOutcome;
      let response: HttpResponse | undefined;
      let failure: unknown;
      const stop = new AttemptStop(attemptMs, req.signal);
      try {
        const send = () => exchange(pool, url, { method: req.method, headers, body, stop });
        const res = await (options.scheduler
          ? options.scheduler.run(send, { readHeaders: req.otherBudget !== true, signal: req.signal })
          : send());
        const kind = req.answer ?? 'object';
        const text = await res.read(ANSWER_LIMITS[kind], kind, { method: req.method, path });
        response = {
          status: res.status,
          headers: res.headers,
          text,
          json: parseJson(text),
          path,
          attempts: attempt,
        };
        outcome = { kind: 'status', status: res.status };
        logger.debug(`http ← ${res.status} ${req.method} ${path} ${now() - started}ms attempt=${attempt}`);
      } catch (error) {
        if (error instanceof RateLimitWaitError || error instanceof ResponseTooLargeError) throw error;
        throwIfAborted(req, path);
        failure = error;
        outcome = { kind: stop.timedOut ? 'timeout' : 'network' };
        logger.debug(`http ✗ ${outcome.kind} ${req.method} ${path} ${now() - started}ms attempt=${attempt}`);
      } finally {
        stop.end();
      }

      const callerHandles429 = req.retryOn429 === false && response?.status === 429;
      if (attempt > retry.retries || !isRetryable(outcome, req.retryable) || callerHandles429) {
        if (response) return response;
        throw new TransportError(
          outcome.kind === 'timeout' ? 'timeout' : 'network',
          req.method,
          path,
          attempt,
          {
            cause: failure,
          },
        );
      }
      const symptom = symptomOf(outcome);
      options.onDecision?.({
        symptom,
        decision: symptom === 'rate-limited' ? 'waited' : 'repeated',
        request: `${req.method} ${path}`,
      });
      if (options.scheduler && response?.status === 429) {
        logger.debug(`http retry ${req.method} ${path} after HTTP 429 when the rate-limit scheduler allows`);
        continue;
      }
      const retryAfter = response ? parseRetryAfter(response.headers.get('retry-after'), now()) : undefined;
      const delay = retryDelayMs(attempt, retry, random, retryAfter);
      const reason = outcome.kind === 'status' ? `HTTP ${outcome.status}` : outcome.kind;
      logger.debug(`http retry ${req.method} ${path} after ${reason} in ${delay}ms`);
      await abortableSleep(sleep, delay, req.signal);
    }
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    await pool.close();
  }

  return { baseUrl: base.href, request, close };
}

/**
 * The URL `req` goes to; refused (RequestRefusedError) outside the base's origin, where the service's credentials,
 * which ride on every request, must never go, and with a user name or password of its own.
 */
function resolveUrl(base: URL, prefix: string, req: HttpRequest): URL {
  const url = /^https?:\/\//i.test(req.path) ? new URL(req.path) : new URL(`${prefix}${req.path}`);
  if (url.origin !== base.origin)
    throw new RequestRefusedError(
      req.method,
      url.href,
      `it leads outside ${base.origin}, the service's origin`,
    );
  if (hasUserinfo(url))
    throw new RequestRefusedError(req.method, url.href, 'its URL carries a user name or password');
  return url;
}

function encodeBody(body: unknown): { body?: string; contentType?: string } {
  if (body === undefined) return {};
  if (typeof body === 'string') return { body };
  if (body instanceof URLSearchParams)
    return { body: body.toString(), contentType: 'application/x-www-form-urlencoded' };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A request whose `signal` has been aborted goes no further: nothing more is sent for it. */
function throwIfAborted(req: HttpRequest, path: string): void {
  if (req.signal?.aborted) throw new RequestAbortedError(req.method, path, req.signal.reason);
}

function symptomOf(outcome: AttemptOutcome): Symptom {
  if (outcome.kind !== 'status') return outcome.kind;
  return outcome.status === 429 ? 'rate-limited' : 'http-5xx';
}

function truncate(text: string): string {
  return text.length > MAX_LOGGED_BODY ? `${text.slice(0, MAX_LOGGED_BODY)}…` : text;
}
