/**
 * The DNS API over HTTP: reads a request (JSON body on any method, `?detail=` in the query), applies fault rules,
 * routes, authenticates and answers with the envelope in one write. Nothing a client sends can crash it: every
 * failure, including an unexpected exception, is answered as a failure envelope.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DnsChaosDeps, serveDnsWithChaos } from '../faults/dns-chaos.js';
import type { FaultInjector } from '../faults/injector.js';
import { readBody, TOO_LARGE } from '../read-body.js';
import type { RequestLog } from '../request-log.js';
import type { Ctx } from './context.js';
import type { ApiResult, Envelope } from './envelope.js';
import { ApiError, error } from './envelope.js';
import type { DnsRateLimiter } from './rate-limit.js';
import { parsePath, resolveRoute } from './router.js';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface DnsHttpDeps {
  ctx: Ctx;
  log: RequestLog;
  faults: FaultInjector;
  nextJobId(): number;
  /** Fault injection (../faults/dns-chaos.ts); absent: every request is processed and answered as is. */
  chaos?: DnsChaosDeps;
  /** The account's DNS rate limit (rate-limit.ts); absent: unlimited. */
  rateLimit?: DnsRateLimiter;
}

/** The handler of every DNS API request. */
export function createDnsHandler(
  deps: DnsHttpDeps,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return (req, res) => handle(deps, req, res);
}

async function handle(deps: DnsHttpDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', 'http://emulator.invalid');
  const path = parsePath(url.pathname);
  const logPath = path?.normalised ?? url.pathname;
  // With the limit on, every request counts, and every answer (a 429, an injected busy answer or job redirect
  // too) carries its X-RateLimit-* headers. Over the limit, the 429 is the answer: no fault is drawn.
  const rate = deps.rateLimit?.take();
  const process = () => answer(rate?.refusal ?? null);
  const answer = async (refusal: ApiResult | null): Promise<ApiResult> => {
    try {
      const raw = await readBody(req, MAX_BODY_BYTES);
      if (raw === TOO_LARGE) {
        throw new ApiError(413, [
          error('INVALID_REQUEST', `request: Body larger than ${MAX_BODY_BYTES} bytes`),
        ]);
      }
      return (
        refusal ?? deps.faults.intercept(method, logPath) ?? (await dispatch(deps.ctx, req, method, url, raw))
      );
    } catch (err) {
      return err instanceof ApiError ? err.toResult() : internalError(err);
    }
  };
  const rateHeaders = rate?.headers ?? {};
  const served =
    deps.chaos && !rate?.refusal
      ? await serveDnsWithChaos(
          deps.chaos,
          req,
          res,
          { method, path: logPath, headers: rateHeaders },
          process,
        )
      : { answer: await process() };
  // Status 0 in the log: no answer was given (an injected reset or timeout, or the client went away).
  let status = 'answer' in served ? served.answer.httpStatus : served.status;
  if ('answer' in served) {
    const answered = { ...served.answer, headers: { ...served.answer.headers, ...rateHeaders } };
    if (res.destroyed) status = 0;
    else send(res, answered, served.answer.jobId ?? deps.nextJobId());
  }
  deps.log.record({ method, path: logPath, status });
}

async function dispatch(
  ctx: Ctx,
  req: IncomingMessage,
  method: string,
  url: URL,
  raw: Buffer,
): Promise<ApiResult> {
  const path = parsePath(url.pathname);
  const route = resolveRoute(method, path, url.pathname);
  requireJsonContentType(req.headers['content-type']);
  const args = { ...Object.fromEntries(url.searchParams), ...parseBody(raw) };
  const base = {
    method,
    resource: path?.resource ?? '',
    segments: path?.segments ?? [],
    rawSegments: path?.rawSegments ?? [],
    args,
  };
  if (!route.auth) return route.handle(base, ctx);
  const token = req.headers['auth-token'];
  const session = ctx.sessions.authenticate(Array.isArray(token) ? token[0] : token);
  return route.handle({ ...base, session }, ctx);
}

/**
 * Every call carries `Content-Type: application/json` (the API contract's request headers; help.dyn.com, REST API:
 * the content type is "passed with each request"). The service also speaks XML, YAML and a query-string form,
 * picked by this header; the emulator serves JSON only. A call without the header, or with another type, is
 * refused before anything else happens (inferred wording: the service's answer is not documented).
 */
function requireJsonContentType(header: string | undefined): void {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return;
  const text =
    type === undefined || type === ''
      ? 'request: The Content-Type header must be set to application/json'
      : `request: Content-Type ${type} is not served; send application/json`;
  throw new ApiError(400, [error('INVALID_REQUEST', text)]);
}

/** An empty body is `{}`; anything else must be a JSON object. */
function parseBody(raw: Buffer): Record<string, unknown> {
  const text = raw.toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ApiError(400, [
      error('INVALID_REQUEST', `request: Malformed JSON body (${(err as Error).message})`),
    ]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, [error('INVALID_REQUEST', 'request: The JSON body must be an object')]);
  }
  return value as Record<string, unknown>;
}

function internalError(err: unknown): ApiResult {
  const text = err instanceof Error ? err.message : String(err);
  return new ApiError(500, [error('INTERNAL_ERROR', `request: Internal emulator error: ${text}`)]).toResult();
}

/** Status line, headers and body in one write (a split head and body costs clients ~40 ms per request). */
function send(res: ServerResponse, result: ApiResult, jobId: number): void {
  const envelope: Envelope = { status: result.status, data: result.data, job_id: jobId, msgs: result.msgs };
  const body = Buffer.from(JSON.stringify(envelope));
  res.writeHead(result.httpStatus, {
    ...result.headers,
    'Content-Type': 'application/json',
    'Content-Length': body.length,
    Server: 'edgeplan-emulator',
  });
  res.end(body);
}
