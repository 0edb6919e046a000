/**
 * What every handler gets: the parsed request and the emulator's shared state. Paths arrive already split and
 * normalised (zone and fqdn segments lower case, no trailing dot); `args` merges the query string and JSON body.
 */
import type { Account } from './account.js';
import type { ApiResult } from './envelope.js';
import type { JobStore } from './jobs.js';
import type { PublishHistory } from './publish-history.js';
import type { Session, SessionStore } from './sessions.js';
import type { TaskStore } from './tasks.js';

export interface Ctx {
  account: Account;
  sessions: SessionStore;
  now: () => number;
  /** Writes the published state to the state file (no-op without one); awaited before answering. */
  persist(): Promise<void>;
  /** Zone tasks, answered by `GET /Task/<id>/`. */
  tasks: TaskStore;
  /** Requests turned into jobs by fault injection, answered by `GET /Job/<id>/`. */
  jobs: JobStore;
  /** Every publish, with the zone's records after it. */
  publishes: PublishHistory;
}

export interface PublicRequest {
  method: string;
  /** First path segment after /REST, e.g. `ARecord`. */
  resource: string;
  /** Remaining segments, normalised. */
  segments: string[];
  /** The same segments URL-decoded only, for names that keep their case and dots (geo service names). */
  rawSegments: string[];
  args: Record<string, unknown>;
}

export interface AuthedRequest extends PublicRequest {
  session: Session;
}

export type Handler<R> = (req: R, ctx: Ctx) => ApiResult | Promise<ApiResult>;

/** `detail=Y` (or `y`) given in the query string or the JSON body. */
export function wantsDetail(args: Record<string, unknown>): boolean {
  const v = args.detail;
  return typeof v === 'string' && v.toUpperCase() === 'Y';
}
