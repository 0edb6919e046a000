import { type Logger, silentLogger } from '../../model/logger.js';
import { RateLimitWaitError } from '../http/errors.js';
import type { RetryPolicy } from '../http/retry.js';
import { realSleep } from '../http/sleep.js';
import type { HttpMethod, HttpResponse, HttpTransport } from '../http/transport.js';
import { ErrorBody, WafApiError, WafAuthError, WafPurgeLimitError, WafRateLimitError } from './errors.js';
import { PurgeBucketMemory, purgeBucketOf } from './purge-bucket.js';
import { RateLimitTracker } from './rate-limit.js';
import { TokenSource } from './token.js';

export interface WafClientOptions {
  /** Base address: the API root ending in `/api/v3`. Its User-Agent is set on the transport. */
  api: HttpTransport;
  /** Base address: the token endpoint. */
  token: HttpTransport;
  clientId: string;
  clientSecret: string;
  logger?: Logger;
  /** Injected time, so tests control every wait. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Longest wait for a rate-limit window to reset (default 120 s); see rate-limit.ts. */
  maxRateLimitWaitMs?: number;
  /**
   * Stops the client's cancellable calls (an interrupt, or another service's failure that ends the run), as the DNS
   * clients' signal does: a call not yet sent is refused, a read in flight or a rate-limit wait abandoned, with a
   * RequestAbortedError. Calls made with `cancellable: false` go on.
   */
  signal?: AbortSignal;
}

export interface WafCall {
  method: HttpMethod;
  /** Relative to the API root, e.g. `/company/webapps?page=1&per_page=100`. */
  path: string;
  body?: unknown;
  retryable: RetryPolicy;
  /**
   * `purge`: a cache purge, counted against the purge bucket (20 an hour), whose answers report that bucket in the
   * same `X-RateLimit-*` headers: they are not taken as the 500-an-hour window, and a 429 is not waited out (the
   * bucket may stay spent for most of an hour): the caller gets it as an error.
   */
  bucket?: 'purge';
  /**
   * false: the client's `signal` does not stop this call. The writer's calls are made so (a write abandoned in
   * flight would leave its outcome unknown, and its reads settle what a write did). Default true.
   */
  cancellable?: boolean;
}

export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 120_000;
/** New tokens one call may fetch after 401s; fresh tokens refused again and again mean something else is wrong. */
const MAX_TOKEN_RENEWALS = 3;
/** 429s in a row for one request before giving up (each waited for as the server said). */
const MAX_429_RETRIES = 3;

/**
 * The wire client of the WAF API: bearer token, User-Agent (set on the transports), rate-limit pacing, JSON error
 * bodies as typed errors. `call` resolves to a 2xx response (200, 202 and 206 are all answers) and throws
 * WafApiError for anything else.
 *
 * - The token is fetched once and reused (token.ts). A 401 drops it, fetches a new one and repeats the call, up to
 *   MAX_TOKEN_RENEWALS times; then the 401 is thrown: the credentials or the token endpoint are wrong.
 * - 429 is handled here, not in the transport (`retryOn429: false`): the wait comes from the service's headers and
 *   may exceed what the transport would wait. 502/503/504 and network errors are retried by the transport for
 *   calls declared idempotent.
 */
export class WafClient {
  readonly rateLimit: RateLimitTracker;
  /** The purge bucket as this run's purge answers reported it (purge-bucket.ts). */
  readonly purgeBucket: PurgeBucketMemory;
  private readonly now: () => number;
  private readonly tokens: TokenSource;
  private readonly api: HttpTransport;
  private readonly tokenTransport: HttpTransport;
  private readonly signal: AbortSignal | undefined;

  constructor(options: WafClientOptions) {
    const logger = options.logger ?? silentLogger;
    const now = options.now ?? Date.now;
    this.now = now;
    this.purgeBucket = new PurgeBucketMemory(now);
    this.api = options.api;
    this.tokenTransport = options.token;
    this.signal = options.signal;
    this.rateLimit = new RateLimitTracker({
      now,
      sleep: options.sleep ?? realSleep,
      random: options.random ?? Math.random,
      logger,
      maxWaitMs: options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
    });
    this.tokens = new TokenSource(
      options.clientId,
      options.clientSecret,
      (form) => this.requestToken(form),
      now,
      logger,
    );
  }

  /** 0 before the first token, then +1 per token fetched. */
  get tokenGeneration(): number {
    return this.tokens.generation;
  }

  async call(call: WafCall): Promise<HttpResponse> {
    const signal = call.cancellable === false ? undefined : this.signal;
    let token = await this.tokens.current();
    let res = await this.send(this.api, call, signal, token.value);
    // The token expired or was revoked earlier than its lifetime said: a new token, and a repeat (a refused
    // token means the request was not processed), up to MAX_TOKEN_RENEWALS times.
    for (let renewed = 0; res.status === 401 && renewed < MAX_TOKEN_RENEWALS; renewed++) {
      this.tokens.invalidate(token.generation);
      token = await this.tokens.current();
      res = await this.send(this.api, call, signal, token.value);
    }
    if (res.status >= 200 && res.status < 300) return res;
    throw new WafApiError(call.method, res.path, res.status, errorBody(res), res.text);
  }

  private async requestToken(form: URLSearchParams): Promise<HttpResponse> {
    // A second token after an ambiguous failure is harmless: the unused one expires on its own. Abandoning its
    // fetch is harmless too: the call that needed it is then not sent.
    const call = { method: 'POST', path: '', body: form, retryable: 'idempotent' } as const;
    const res = await this.send(this.tokenTransport, call, this.signal);
    if (res.status >= 200 && res.status < 300) return res;
    const ErrorType = res.status === 400 || res.status === 401 ? WafAuthError : WafApiError;
    throw new ErrorType('POST', res.path, res.status, errorBody(res), res.text);
  }

  /**
   * One request, paced by the rate-limit headers; a 429 is waited out and repeated, at most MAX_429_RETRIES times.
   * `signal` stops it (its waits included), as the transport stops a request.
   */
  private async send(
    transport: HttpTransport,
    call: WafCall,
    signal: AbortSignal | undefined,
    token?: string,
  ): Promise<HttpResponse> {
    for (let tooMany = 0; ; tooMany++) {
      await this.rateLimit.beforeRequest(signal);
      const res = await transport
        .request({
          method: call.method,
          path: call.path,
          body: call.body,
          headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
          retryable: call.retryable,
          retryOn429: false,
          otherBudget: call.bucket === 'purge',
          ...(signal ? { signal } : {}),
        })
        .catch((error: unknown) => {
          // The service's window is spent for longer than the client waits: said as rate-limit.ts says it.
          if (!(error instanceof RateLimitWaitError) || error.ownShare) throw error;
          const seconds = (ms: number) => Math.ceil(ms / 1000);
          throw new WafRateLimitError(
            this.rateLimit.current()?.limit,
            seconds(error.waitMs),
            seconds(error.maxWaitMs),
          );
        });
      if (call.bucket === 'purge') {
        const bucket = purgeBucketOf(res.headers);
        this.purgeBucket.observe(bucket);
        if (res.status === 429) throw new WafPurgeLimitError(bucket, 'refused', this.now());
        return res;
      }
      this.rateLimit.observe(res.headers);
      if (res.status !== 429 || tooMany >= MAX_429_RETRIES) return res;
      await this.rateLimit.afterTooMany(res.headers, signal);
    }
  }
}

function errorBody(res: HttpResponse): ErrorBody {
  const parsed = ErrorBody.safeParse(res.json);
  return parsed.success ? parsed.data : {};
}
