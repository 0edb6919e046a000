import { randomBytes } from 'node:crypto';
import type { WafAccount } from './account.js';
import { countRequest, type RateLimitOptions } from './rate-limit.js';
import { ok, type WafReply, wafError } from './reply.js';

/**
 * Cache purging (Oracle Dyn WAS help, Using the API, names it a service of the API with its own limit of 20 purge requests an hour; the call
 * itself is PROPOSED, after the public v3 CLI `POST /api/v3/webapps/<id>/purge_cache` and its task status
 * `GET /api/v3/webapps/tasks/<task_id>`, done at `finished`):
 *
 * - `POST /webapps/<id>/purge_cache` with `{"purge_resources": ["/path", …]}` (JSON) or repeated
 *   `purge_resources[]` query parameters; none purges the whole cache. Answers 202 `{task_id, status: "pending"}`.
 * - The purge bucket is the account's (20 an hour by default), separate from the 500 requests an hour; a purge
 *   answer reports the purge bucket in the same `X-RateLimit-*` headers, and the 21st purge of a window is 429.
 *   Its window is the account's (WafAccount.purgeWindow), saved with it after every purge: every run on one state
 *   file (each `edgeplan purge --sandbox`) spends the same budget, as every client of one company does.
 * - A task is `pending` for `pendingMs`, `in_progress` for `runMs`, then `finished`.
 */
export const DEFAULT_PURGE_LIMIT: RateLimitOptions = { limit: 20, windowSeconds: 3600 };
/** Paths one purge may name (inferred; the service's limit is not documented). */
export const MAX_PURGE_RESOURCES = 100;

interface PurgeTask {
  id: string;
  webappId: string;
  resources: string[];
  createdMs: number;
}

export class PurgeService {
  private readonly tasks = new Map<string, PurgeTask>();

  constructor(
    private readonly limit: RateLimitOptions,
    private readonly timing: { pendingMs: number; runMs: number },
    private readonly now: () => number,
    /** Saves the account (the state file), the purge bucket with it. */
    private readonly persist: () => Promise<void>,
  ) {}

  async purge(account: WafAccount, webappId: string, url: URL, body: unknown): Promise<WafReply> {
    if (!account.webapps.has(webappId)) return wafError(404, 'not_found', `Webapp ${webappId} not found`);
    const resources = resourcesOf(url, body);
    if (typeof resources === 'string')
      return wafError(422, 'validation_failed', 'Validation failed', { purge_resources: [resources] });
    const counted = countRequest(account.purgeWindow, this.limit, this.now());
    account.purgeWindow = counted.window;
    await this.persist();
    const rate = counted.decision;
    if (rate.exceeded) {
      const text = `Purge limit exceeded. Try again in ${rate.resetSeconds} seconds.`;
      const refused = wafError(429, 'rate_limit_exceeded', text);
      return { ...refused, headers: rate.headers };
    }
    const task: PurgeTask = {
      id: randomBytes(16).toString('hex'),
      webappId,
      resources,
      createdMs: this.now(),
    };
    this.tasks.set(task.id, task);
    return ok({ task_id: task.id, status: 'pending' }, 202, rate.headers);
  }

  task(taskId: string): WafReply {
    const task = this.tasks.get(taskId);
    if (!task) return wafError(404, 'not_found', `Task ${taskId} not found`);
    const age = this.now() - task.createdMs;
    const status =
      age < this.timing.pendingMs
        ? 'pending'
        : age < this.timing.pendingMs + this.timing.runMs
          ? 'in_progress'
          : 'finished';
    return ok({ task_id: task.id, webapp_id: task.webappId, purge_resources: task.resources, status });
  }
}

/** The paths to purge (empty: everything), or what is wrong with them. */
function resourcesOf(url: URL, body: unknown): string[] | string {
  const fromQuery = url.searchParams.getAll('purge_resources[]');
  const fromBody =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>).purge_resources
      : undefined;
  const list = fromBody === undefined ? fromQuery : fromBody;
  if (!Array.isArray(list)) return 'must be an array of paths';
  if (list.length > MAX_PURGE_RESOURCES) return `at most ${MAX_PURGE_RESOURCES} paths per purge`;
  if (!list.every((p) => typeof p === 'string' && p.length > 0 && !/\s/.test(p)))
    return 'each path must be a non-empty string without spaces';
  return list as string[];
}
