import { closestNames } from '../../model/closest-names.js';
import * as z from '../../model/zod.js';
import type { WafClient } from './client.js';
import { WafApiError, WafPurgeLimitError, WafPurgeTimeoutError, WafUnknownWebappError } from './errors.js';
import { type PurgeBucket, purgeBucketOf } from './purge-bucket.js';
import { listWebapps, resolveWebapp } from './read.js';
import { parseWire } from './wire.js';

/**
 * Cache purging, PROPOSED (Oracle Dyn WAS help, Using the API, names the service and its 20-an-hour limit but not the call; this follows the
 * public v3 CLI): `POST /webapps/<id>/purge_cache` with `{"purge_resources": [paths]}` (none: the whole cache),
 * answered 202 `{task_id, status}`; the task is read at `GET /webapps/tasks/<task_id>` until `finished`.
 */
const PurgeAccepted = z.looseObject({
  task_id: z.pipe(z.union([z.string().check(z.minLength(1)), z.number()]), z.transform(String)),
});
const PurgeTask = z.looseObject({ status: z.string() });

const FIRST_POLL_MS = 1000;
const MAX_POLL_MS = 5000;
export const DEFAULT_PURGE_TIMEOUT_MS = 300_000;

export interface PurgeOptions {
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  timeoutMs?: number;
}

export interface PurgeResult {
  webapp: { id: string; name: string };
  taskId: string;
  /** The purge bucket after this purge; null when the service sent no headers. */
  bucket: PurgeBucket | null;
}

/**
 * Purges a webapp's cache (`paths` empty: all of it) and waits for the task to finish. The webapp is named by id or
 * name as in the desired state; an unknown one fails before any purge. A spent purge bucket is WafPurgeLimitError:
 * before sending when a purge answer of this run left none, else from the service's 429.
 */
export async function purgeWebapp(
  client: WafClient,
  ref: string,
  paths: readonly string[],
  options: PurgeOptions,
): Promise<PurgeResult> {
  const { webapps } = await listWebapps(client);
  const webapp = resolveWebapp(webapps, ref);
  if (!webapp) throw new WafUnknownWebappError(`${unknownWebapp(ref, webapps)}; nothing was purged`);
  return purgeResolved(client, { id: webapp.id, name: webapp.name }, paths, options);
}

/**
 * Why `ref` names no one webapp: several share the name (their id tells them apart), or none has it, with the
 * closest names the account has.
 */
function unknownWebapp(ref: string, webapps: readonly { name: string }[]): string {
  const same = webapps.filter((w) => w.name.toLowerCase() === ref.toLowerCase()).length;
  // Stryker disable next-line EqualityOperator: equivalent, a name exactly one webapp has resolves before this
  if (same > 1) return `webapp "${ref}" names ${same} webapps of the WAF account: give its 32-hex id`;
  const near = closestNames(
    ref,
    webapps.map((w) => w.name),
  );
  return `webapp "${ref}" does not exist in the WAF account${near.length > 0 ? ` (did you mean ${near.join(' or ')}?)` : ''}`;
}

/** The purge of a webapp known by id (a plan's `purge-cache` call), as purgeWebapp says. */
export async function purgeResolved(
  client: WafClient,
  webapp: { id: string; name: string },
  paths: readonly string[],
  options: PurgeOptions,
): Promise<PurgeResult> {
  const known = client.purgeBucket.known();
  if (known && known.remaining < 1) throw new WafPurgeLimitError(known, 'known', options.now());
  const res = await client.call({
    method: 'POST',
    path: `/webapps/${encodeURIComponent(webapp.id)}/purge_cache`,
    body: paths.length > 0 ? { purge_resources: [...paths] } : {},
    // A repeat would purge again and spend a second purge of the 20 an hour.
    // Stryker disable next-line StringLiteral: equivalent, the transport repeats only what is declared 'idempotent'
    retryable: 'non-idempotent',
    bucket: 'purge',
    cancellable: false,
  });
  const { task_id } = parseWire(PurgeAccepted, res.json, `webapp ${webapp.name}: POST ${res.path}`);
  await waitForTask(client, webapp.name, task_id, options);
  return {
    webapp: { id: webapp.id, name: webapp.name },
    taskId: task_id,
    bucket: purgeBucketOf(res.headers),
  };
}

async function waitForTask(client: WafClient, webapp: string, taskId: string, options: PurgeOptions) {
  const timeout = options.timeoutMs ?? DEFAULT_PURGE_TIMEOUT_MS;
  const path = `/webapps/tasks/${encodeURIComponent(taskId)}`;
  let delay = FIRST_POLL_MS;
  let waited = 0;
  for (;;) {
    if (waited + delay > timeout) throw new WafPurgeTimeoutError(webapp, taskId, waited);
    await options.sleep(delay);
    waited += delay;
    const res = await client.call({ method: 'GET', path, retryable: 'idempotent' });
    const { status } = parseWire(PurgeTask, res.json, `webapp ${webapp}: GET ${res.path}`);
    if (status === 'finished') return;
    if (status === 'failed')
      throw new WafApiError('GET', res.path, res.status, { error: `purge task ${taskId} failed` }, res.text);
    delay = Math.min(delay * 2, MAX_POLL_MS);
  }
}
