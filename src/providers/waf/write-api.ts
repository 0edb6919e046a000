import type { HttpMethod } from '../http/transport.js';
import type { SetGoodBotsOp } from './ops.js';

/**
 * The PROPOSED write path of the WAF API (nothing public documents it), kept in this one module so it is easy to change when a
 * real deployment differs: the bulk good-bots PUT and the change-status resource. Pure: the plan's prediction and
 * the writer's request come from the same function.
 */

export interface WafRequest {
  method: Extract<HttpMethod, 'PUT' | 'GET'>;
  path: string;
  body?: { id: string; enabled: boolean }[];
}

/** `PUT /webapps/<id>/good_bots` with only the bots that differ: a partial update by id (omitted bots unchanged). */
export function bulkGoodBotsRequest(op: SetGoodBotsOp): WafRequest {
  return {
    method: 'PUT',
    path: `/webapps/${encodeURIComponent(op.webappId)}/good_bots`,
    body: [
      ...op.enable.map((id) => ({ id, enabled: true })),
      ...op.disable.map((id) => ({ id, enabled: false })),
    ],
  };
}

/** `GET /webapps/<id>/changes/<change_id>`: `{status: pending|in_progress|finished|failed, errors}`. */
export function changeStatusRequest(webappId: string, changeId: string): WafRequest {
  return {
    method: 'GET',
    path: `/webapps/${encodeURIComponent(webappId)}/changes/${encodeURIComponent(changeId)}`,
  };
}

/**
 * Whether the PUT's answer started a change: 202 = a change was started (body has `change_id`); 201 = the same where
 * the service says a write created its change resource (the API documentation lists 201 for a write that creates);
 * 200 = nothing differed, nothing to wait for.
 */
export function changeStarted(status: number): boolean {
  return status === 201 || status === 202;
}
