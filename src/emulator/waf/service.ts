import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChaosEngine } from '../faults/engine.js';
import { serveWafWithChaos } from '../faults/waf-chaos.js';
import { readBody, TOO_LARGE } from '../read-body.js';
import type { RequestLog } from '../request-log.js';
import { WafAccount } from './account.js';
import { formFields, parseJsonBody } from './body.js';
import { ChangeQueue, type ChangeTiming, DEFAULT_CHANGE_TIMING } from './changes.js';
import * as h from './handlers.js';
import { DEFAULT_PURGE_LIMIT, PurgeService } from './purge.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitOptions } from './rate-limit.js';
import { type WafReply, wafError } from './reply.js';
import type { WafSeed } from './seed.js';
import { TokenStore } from './tokens.js';

export const WAF_API_PREFIX = '/api/v3';
export const WAF_TOKEN_PATH = '/api/oauth/token';
const REVOKE_PATH = '/api/oauth/revoke';
const MAX_BODY_BYTES = 1024 * 1024;

export interface WafEmulatorOptions {
  /** Access token lifetime; default 7200 s. */
  tokenLifetimeSeconds?: number;
  rateLimit?: Partial<RateLimitOptions>;
  /** The cache-purge bucket; default 20 an hour (purge.ts). */
  purgeLimit?: Partial<RateLimitOptions>;
  changes?: Partial<ChangeTiming>;
}

export interface WafService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  account: WafAccount;
  readonly changes: ChangeQueue;
}

/**
 * The WAF API of the emulator (same server and port as the DNS API, so one sandbox serves both): the token endpoint
 * at /api/oauth/token and the API under /api/v3. Order of checks on every request: count it against the rate
 * limit (429 when over), then User-Agent (403), then the bearer token (401), then the route. The three rate-limit
 * headers go on every answer. Every answer is JSON, errors `{error, error_description}`.
 */
export function createWafService(
  seed: WafSeed | undefined,
  options: WafEmulatorOptions,
  deps: { now: () => number; log: RequestLog; persist: () => Promise<void>; chaos?: ChaosEngine },
): WafService {
  const state = { account: WafAccount.fromSeed(seed, new Date(deps.now()).toISOString()) };
  const timing = { ...DEFAULT_CHANGE_TIMING, ...options.changes };
  const changes = new ChangeQueue(
    () => state.account,
    timing,
    deps.now,
    (webappId) => deps.chaos?.chance('waf-change-failed', webappId) ?? false,
  );
  const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit }, deps.now);
  const purgeLimit = { ...DEFAULT_PURGE_LIMIT, ...options.purgeLimit };
  const purges = new PurgeService(purgeLimit, timing, deps.now, deps.persist);
  const tokens = new TokenStore(options.tokenLifetimeSeconds ?? 7200, deps.now);
  const ctx: h.WafHandlerCtx = { account: () => state.account, changes, persist: deps.persist };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'emulator.invalid'}`);
    const method = (req.method ?? 'GET').toUpperCase();
    const process = async (): Promise<WafReply> => {
      try {
        const raw = await readBody(req, MAX_BODY_BYTES);
        if (raw === TOO_LARGE)
          return wafError(413, 'request_too_large', `Request body larger than ${MAX_BODY_BYTES} bytes`);
        return await answer(req, method, url, raw);
      } catch (error) {
        return wafError(500, 'invalid_request', `Internal emulator error: ${(error as Error).message}`);
      }
    };
    const served = deps.chaos
      ? await serveWafWithChaos(
          { engine: deps.chaos, tokens },
          req,
          res,
          { method, path: url.pathname },
          process,
        )
      : { reply: await process() };
    // Status 0 in the log: no answer was given (an injected reset or timeout, or the client went away).
    let status = 'reply' in served ? served.reply.status : served.status;
    if ('reply' in served) {
      if (res.destroyed) status = 0;
      else send(res, served.reply);
    }
    deps.log.record({ method, path: url.pathname, status });
  }

  async function answer(req: IncomingMessage, method: string, url: URL, raw: Buffer): Promise<WafReply> {
    changes.settle();
    const rate = limiter.take(req.socket.remoteAddress ?? 'unknown');
    // A purge answer reports the purge bucket in the same headers (purge.ts): the reply's own headers win.
    const withRate = (reply: WafReply): WafReply => ({
      ...reply,
      headers: { ...rate.headers, ...reply.headers },
    });
    if (rate.exceeded)
      return withRate(
        wafError(
          429,
          'rate_limit_exceeded',
          `Rate limit exceeded. Try again in ${rate.resetSeconds} seconds.`,
        ),
      );
    if (!req.headers['user-agent'])
      return withRate(wafError(403, 'forbidden', 'User-Agent header is required'));
    return withRate(await route(req, method, url, raw));
  }

  function route(req: IncomingMessage, method: string, url: URL, raw: Buffer): WafReply | Promise<WafReply> {
    const path = url.pathname.replace(/\/+$/, '');
    if (path === WAF_TOKEN_PATH || path === REVOKE_PATH) {
      if (method !== 'POST')
        return wafError(405, 'method_not_allowed', `${method} is not allowed on ${path}`);
      const fields = formFields(req.headers['content-type'] ?? '', raw, url.searchParams);
      return path === WAF_TOKEN_PATH
        ? tokens.issue(fields, state.account.client)
        : tokens.revoke(fields.token);
    }
    if (!path.startsWith(`${WAF_API_PREFIX}/`)) return wafError(404, 'not_found', `No route ${path}`);
    const denied = tokens.check(req.headers.authorization);
    if (denied) return denied;
    const body = parseJsonBody(raw);
    if (!body.ok) return wafError(422, 'validation_failed', body.problem, { base: [body.problem] });
    const seg = path
      .slice(WAF_API_PREFIX.length + 1)
      .split('/')
      .map(safeDecode);
    if (seg.includes(undefined)) return wafError(404, 'not_found', `No route ${path}`);
    const only = (allowed: string, run: () => WafReply | Promise<WafReply>) =>
      allowed.split(',').includes(method)
        ? run()
        : wafError(405, 'method_not_allowed', `${method} is not allowed on ${path} (allowed: ${allowed})`);
    const [a, id = '', c, d, extra] = seg;
    if (a === 'company' && id === 'webapps' && c === undefined)
      return only('GET', () => h.listWebapps(ctx, url, body.value));
    if (a !== 'webapps' || extra !== undefined) return wafError(404, 'not_found', `No route ${path}`);
    if (id === 'tasks' && c !== undefined && d === undefined) return only('GET', () => purges.task(c));
    // The API documentation lists 403 for a token that may not access the resource: a webapp the API client is not granted.
    if (ctx.account().webapps.get(id)?.forbidden)
      return wafError(403, 'forbidden', `You are not allowed to access webapp ${id}`);
    if (c === 'good_bots' && d === undefined)
      return only('GET,PUT', () =>
        method === 'GET' ? h.getGoodBots(ctx, id, url) : h.putGoodBots(ctx, id, body.value),
      );
    if (c === 'good_bots' && d !== undefined) return only('PUT', () => h.putGoodBot(ctx, id, d, body.value));
    if (c === 'changes' && d !== undefined) return only('GET', () => h.getChange(ctx, id, d));
    if (c === 'purge_cache' && d === undefined)
      return only('POST', () => purges.purge(state.account, id, url, body.value));
    return wafError(404, 'not_found', `No route ${path}`);
  }

  return {
    handle,
    changes,
    get account() {
      return state.account;
    },
    set account(account: WafAccount) {
      state.account = account;
    },
  };
}

/** A path segment URL-decoded; undefined when its percent-encoding is malformed (answered 404, not a crash). */
function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Headers and body in one write, like the DNS side. */
function send(res: ServerResponse, reply: WafReply): void {
  const body = Buffer.from(JSON.stringify(reply.body));
  res.writeHead(reply.status, {
    ...reply.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
    Server: 'edgeplan-emulator',
  });
  res.end(body);
}
