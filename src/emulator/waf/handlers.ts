import type { WafAccount, Webapp } from './account.js';
import type { ChangeQueue } from './changes.js';
import { ok, type WafReply, wafError } from './reply.js';

/**
 * Handlers of the WAF API under /api/v3 (Oracle Dyn WAS help, Using the API; the writes, the change resource and
 * the error bodies are this emulator's design, as nothing public describes them). Paths arrive split; auth and rate
 * limits are done.
 */
export interface WafHandlerCtx {
  account(): WafAccount;
  changes: ChangeQueue;
  /** Writes the account to the state file (no-op without one). */
  persist(): Promise<void>;
}

const DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 100;

/** `GET /company/webapps`: one page of the account's webapps (paged). */
export function listWebapps(ctx: WafHandlerCtx, url: URL, body: unknown): WafReply {
  const args = { ...Object.fromEntries(url.searchParams), ...(isObject(body) ? body : {}) };
  const environment = typeof args.environment === 'string' ? args.environment : undefined;
  const rows = ctx
    .account()
    .listed()
    .filter((w) => environment === undefined || w.environment === environment);
  return paged(url, args, rows.map(webappView));
}

/**
 * A list answer of the API v3, paged with `page` and `per_page` (default 25, at most 100) as the API documentation lists 206
 * "Partial Content" for: a bare array, 206 while rows remain after this page, 200 on the last; `Link` (first, prev,
 * next, last) and `X-Total-Count` (the header shapes are inferred: nothing public shows them).
 */
function paged(url: URL, args: Record<string, unknown>, rows: readonly unknown[]): WafReply {
  const page = positiveInt(args.page, 1);
  const perPageAsked = positiveInt(args.per_page, DEFAULT_PER_PAGE);
  const errors: Record<string, string[]> = {};
  if (page === undefined) errors.page = ['must be a positive integer'];
  if (perPageAsked === undefined) errors.per_page = ['must be a positive integer'];
  if (page === undefined || perPageAsked === undefined)
    return wafError(422, 'validation_failed', 'Invalid paging parameters', errors);
  const perPage = Math.min(perPageAsked, MAX_PER_PAGE);
  const slice = rows.slice((page - 1) * perPage, page * perPage);
  const lastPage = Math.max(1, Math.ceil(rows.length / perPage));
  const link = (n: number, rel: string) => {
    const target = new URL(url.href);
    target.searchParams.set('page', String(n));
    target.searchParams.set('per_page', String(perPage));
    return `<${target.href}>; rel="${rel}"`;
  };
  const links = [link(1, 'first'), ...(page > 1 ? [link(page - 1, 'prev')] : [])];
  if (page < lastPage) links.push(link(page + 1, 'next'));
  links.push(link(lastPage, 'last'));
  const more = page * perPage < rows.length;
  return ok(slice, more ? 206 : 200, {
    Link: links.join(', '),
    'X-Total-Count': String(rows.length),
  });
}

/** `GET /webapps/<id>/good_bots`: the catalogue with each bot's state for the webapp, paged like the webapp list. */
export function getGoodBots(ctx: WafHandlerCtx, webappId: string, url: URL): WafReply {
  const webapp = ctx.account().webapps.get(webappId);
  if (!webapp) return notFoundWebapp(webappId);
  return paged(url, Object.fromEntries(url.searchParams), ctx.account().goodBots(webapp));
}

/** `PUT /webapps/<id>/good_bots/<bot_id>` with `{"enabled": bool}`: 202 + change, or 200 + the bot when unchanged. */
export async function putGoodBot(
  ctx: WafHandlerCtx,
  webappId: string,
  botId: string,
  body: unknown,
): Promise<WafReply> {
  const webapp = ctx.account().webapps.get(webappId);
  if (!webapp) return notFoundWebapp(webappId);
  const bot = ctx.account().bots.find((b) => b.id === botId);
  if (!bot) return wafError(404, 'not_found', `Good bot ${botId} not found`);
  const errors = entryErrors(body, '', false);
  if (Object.keys(errors).length > 0) return wafError(422, 'validation_failed', 'Validation failed', errors);
  const enabled = (body as { enabled: boolean }).enabled;
  if (ctx.changes.projected(webapp).has(botId) === enabled) {
    return ok({ ...bot, enabled });
  }
  return submit(ctx, webapp, new Map([[botId, enabled]]));
}

/** `PUT /webapps/<id>/good_bots` with `[{id, enabled}]`: a partial update by id; bots left out stay as they are. */
export async function putGoodBots(ctx: WafHandlerCtx, webappId: string, body: unknown): Promise<WafReply> {
  const webapp = ctx.account().webapps.get(webappId);
  if (!webapp) return notFoundWebapp(webappId);
  if (!Array.isArray(body))
    return wafError(422, 'validation_failed', 'Validation failed', {
      base: ['must be an array of {id, enabled}'],
    });
  const errors = new Map<string, string[]>();
  const seen = new Set<string>();
  body.forEach((item, i) => {
    for (const [field, problems] of Object.entries(entryErrors(item, `[${i}]`, true)))
      errors.set(field, problems);
    const id = isObject(item) ? item.id : undefined;
    if (typeof id === 'string' && seen.has(id)) errors.set(`[${i}].id`, ['is listed twice']);
    if (typeof id === 'string') seen.add(id);
  });
  if (errors.size > 0)
    return wafError(422, 'validation_failed', 'Validation failed', Object.fromEntries(errors));
  const unknown = [...seen].filter((id) => !ctx.account().bots.some((b) => b.id === id));
  if (unknown.length > 0) return wafError(404, 'not_found', `Good bot ${unknown.join(', ')} not found`);
  const projected = ctx.changes.projected(webapp);
  const updates = new Map<string, boolean>();
  for (const item of body as { id: string; enabled: boolean }[]) {
    if (projected.has(item.id) !== item.enabled) updates.set(item.id, item.enabled);
  }
  if (updates.size === 0) return ok(ctx.account().goodBots(webapp));
  return submit(ctx, webapp, updates);
}

export function getChange(ctx: WafHandlerCtx, webappId: string, changeId: string): WafReply {
  if (!ctx.account().webapps.has(webappId)) return notFoundWebapp(webappId);
  const change = ctx.changes.get(webappId, changeId);
  return change ? ok(change) : wafError(404, 'not_found', `Change ${changeId} not found`);
}

async function submit(ctx: WafHandlerCtx, webapp: Webapp, updates: Map<string, boolean>): Promise<WafReply> {
  const change = ctx.changes.submit(webapp, updates);
  await ctx.persist();
  return ok({ change_id: change.change_id, status: change.status }, 202);
}

/**
 * 422 field errors of one `{id?, enabled}` entry: `enabled` boolean and present, nothing else. Field names come
 * from the client, so the errors are collected in a Map and returned as own properties (`__proto__` included).
 */
function entryErrors(item: unknown, prefix: string, withId: boolean): Record<string, string[]> {
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field);
  if (!isObject(item)) return { [prefix || 'base']: ['must be an object'] };
  const errors = new Map<string, string[]>();
  if (!Object.hasOwn(item, 'enabled')) errors.set(at('enabled'), ['is missing']);
  else if (typeof item.enabled !== 'boolean') errors.set(at('enabled'), ['must be true or false']);
  if (withId && typeof item.id !== 'string')
    errors.set(at('id'), [Object.hasOwn(item, 'id') ? 'must be a string' : 'is missing']);
  for (const key of Object.keys(item)) {
    if (key !== 'enabled' && !(withId && key === 'id')) errors.set(at(key), ['is not a known field']);
  }
  return Object.fromEntries(errors);
}

function webappView(w: Webapp) {
  const { enabled: _enabled, forbidden: _forbidden, ...view } = w;
  return view;
}

function notFoundWebapp(id: string): WafReply {
  return wafError(404, 'not_found', `Webapp ${id} not found`);
}

function positiveInt(value: unknown, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
