import { z } from 'zod';
import type { WafInventory } from '../../import/inventory.js';
import type { WafClient } from './client.js';
import { readGoodBots, WEBAPPS_PER_PAGE } from './read.js';
import { parseWire, WebappObject } from './wire.js';

/** A bound on paging, against a server that keeps answering full pages. */
const MAX_PAGES = 1000;

/**
 * Every webapp of the account with its good bots, for `edgeplan import`: the webapp list page by page, then one
 * good-bots read per selected webapp (one at a time: import is a one-off, and the hourly budget is shared).
 */
export async function readWafInventory(
  client: WafClient,
  select: (name: string) => boolean,
): Promise<WafInventory> {
  const all: WebappObject[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const path = `/company/webapps?page=${page}&per_page=${WEBAPPS_PER_PAGE}`;
    const res = await client.call({ method: 'GET', path, retryable: 'idempotent' });
    const rows = parseWire(z.array(WebappObject), res.json, `GET ${res.path}`);
    all.push(...rows);
    const total = Number(res.headers.get('x-total-count') ?? Number.NaN);
    if (rows.length < WEBAPPS_PER_PAGE || all.length >= total) break;
  }
  const webapps = [];
  for (const webapp of all.filter((w) => select(w.name) || select(w.id))) {
    webapps.push({ id: webapp.id, name: webapp.name, bots: await readGoodBots(client, webapp) });
  }
  return {
    webapps: webapps.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)),
  };
}
