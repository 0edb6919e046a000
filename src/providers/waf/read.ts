import pLimit from 'p-limit';
import { compareStrings } from '../../model/compare.js';
import { isWebappId, type LiveGoodBot, type LiveWafState } from '../../model/waf.js';
import * as z from '../../model/zod.js';
import type { WafClient } from './client.js';
import { WafApiError, WafForbiddenError } from './errors.js';
import { GoodBotObject, parseWire, WebappObject } from './wire.js';

/** The largest page the service serves (Oracle Dyn WAS help, "Using the API"); fewer pages, fewer requests of the hourly budget. */
export const WEBAPPS_PER_PAGE = 100;
/** A bound on paging, against a server that keeps answering full pages. */
const MAX_PAGES = 1000;
export const DEFAULT_READ_CONCURRENCY = 16;

/**
 * Live state of the named webapps with the fewest requests: the webapp list, page by page, then one
 * `GET /webapps/<id>/good_bots` per desired webapp that exists. A ref is a 32-hex id, else a name: matched
 * exactly, else case-insensitively when that finds exactly one webapp (see resolveWebapp). Paging treats 200 and 206 alike and stops
 * at a short page, or once `X-Total-Count` rows have arrived (which saves the empty page after a full last one).
 * A desired webapp the token may not access (403) does not stop the reads of the others; then the read fails
 * naming every such webapp: a plan that left one out would say it is in sync when nobody could look.
 */
export async function readWaf(
  client: WafClient,
  refs: readonly string[],
  concurrency = DEFAULT_READ_CONCURRENCY,
): Promise<LiveWafState> {
  const { webapps: all, requests: pages } = await listWebapps(client);
  let requests = pages;

  const resolved = new Map(refs.map((ref) => [ref, resolveWebapp(all, ref)]));
  const toRead = [
    ...new Map([...resolved.values()].flatMap((w) => (w ? [[w.id, w] as const] : []))).values(),
  ];
  const limit = pLimit(concurrency);
  const forbidden: WebappObject[] = [];
  const read = new Map(
    await Promise.all(
      toRead.map((webapp) =>
        limit(async () => {
          try {
            const read = await readGoodBots(client, webapp);
            requests += read.requests;
            return [webapp.id, { id: webapp.id, name: webapp.name, bots: read.bots }] as const;
          } catch (error) {
            // One webapp the token may not access does not stop the others: all are named at the end.
            if (!(error instanceof WafApiError && error.status === 403)) throw error;
            requests += 1;
            forbidden.push(webapp);
            return [webapp.id, null] as const;
          }
        }),
      ),
    ),
  );
  if (forbidden.length > 0) throw new WafForbiddenError(forbidden.map((w) => `${w.name} (${w.id})`));
  return {
    webapps: Object.fromEntries(refs.map((ref) => [ref, read.get(resolved.get(ref)?.id ?? '') ?? null])),
    accountWebapps: all.map((w) => w.name).sort(compareStrings),
    readRequests: requests,
    rateLimit: client.rateLimit.status(),
  };
}

/** Every webapp of the account, page by page (see readWaf), and the requests that took. */
export async function listWebapps(client: WafClient): Promise<{ webapps: WebappObject[]; requests: number }> {
  const { rows, requests } = await readPages(client, '/company/webapps', WebappObject, '');
  return { webapps: rows, requests };
}

/**
 * A webapp's good bots, sorted by name, page by page like the webapp list, and the requests that took.
 * `cancellable: false`: the client's signal does not stop the read (the writer's, which settles what a write did).
 */
export async function readGoodBots(
  client: WafClient,
  webapp: WebappObject,
  cancellable = true,
): Promise<{ bots: LiveGoodBot[]; requests: number }> {
  const path = `/webapps/${encodeURIComponent(webapp.id)}/good_bots`;
  const context = `webapp ${webapp.name}: `;
  const { rows, requests } = await readPages(client, path, GoodBotObject, context, cancellable);
  const bots = rows
    .map(({ id, name, enabled }) => ({ id, name, enabled }))
    .sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.id, b.id));
  return { bots, requests };
}

/**
 * A paged list of the API v3 (`page`, `per_page`): 200 and 206 alike, until a short page or `X-Total-Count` rows.
 * A server that ignores paging answers everything at once, which is a short page or the total.
 */
async function readPages<T extends z.ZodMiniType>(
  client: WafClient,
  base: string,
  item: T,
  context: string,
  cancellable = true,
): Promise<{ rows: z.output<T>[]; requests: number }> {
  const rows: z.output<T>[] = [];
  let requests = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const path = `${base}?page=${page}&per_page=${WEBAPPS_PER_PAGE}`;
    const res = await client.call({ method: 'GET', path, retryable: 'idempotent', cancellable });
    requests += 1;
    const found = parseWire(z.array(item), res.json, `${context}GET ${res.path}`);
    rows.push(...found);
    const total = Number(res.headers.get('x-total-count') ?? Number.NaN);
    if (found.length < WEBAPPS_PER_PAGE || rows.length >= total) break;
  }
  return { rows, requests };
}

/**
 * A webapp by ref: a 32-hex id first (when the ref looks like one), else a name (exactly, else case-insensitively
 * when that finds one), as bots are matched: a webapp whose name happens to be 32 hex letters is found by its name.
 */
export function resolveWebapp(webapps: readonly WebappObject[], ref: string): WebappObject | undefined {
  const byId = isWebappId(ref) ? webapps.find((w) => w.id.toLowerCase() === ref.toLowerCase()) : undefined;
  if (byId) return byId;
  const exact = webapps.filter((w) => w.name === ref);
  if (exact.length > 0) return exact.length === 1 ? exact[0] : undefined;
  const loose = webapps.filter((w) => w.name.toLowerCase() === ref.toLowerCase());
  return loose.length === 1 ? loose[0] : undefined;
}
