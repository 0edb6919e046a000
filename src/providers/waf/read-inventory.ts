import { compareStrings } from '../../model/compare.js';
import type { WafInventory } from '../../model/inventory.js';
import type { WafClient } from './client.js';
import { WafApiError } from './errors.js';
import { listWebapps, readGoodBots } from './read.js';

/**
 * Every webapp of the account with its good bots, for `edgeplan import`: the webapp list page by page, then one
 * good-bots read per selected webapp (one at a time: import is a one-off, and the hourly budget is shared). A
 * webapp the API client may not read (403) is not imported and is listed; the others are.
 */
export async function readWafInventory(
  client: WafClient,
  select: (name: string) => boolean,
): Promise<WafInventory> {
  const { webapps: all } = await listWebapps(client);
  const webapps = [];
  const unreadable: string[] = [];
  for (const webapp of all.filter((w) => select(w.name) || select(w.id))) {
    try {
      const { bots } = await readGoodBots(client, webapp);
      webapps.push({ id: webapp.id, name: webapp.name, bots });
    } catch (error) {
      if (!(error instanceof WafApiError && error.status === 403)) throw error;
      unreadable.push(`${webapp.name} (${webapp.id})`);
    }
  }
  return {
    webapps: webapps.sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.id, b.id)),
    ...(unreadable.length > 0 ? { unreadable: unreadable.sort(compareStrings) } : {}),
  };
}
