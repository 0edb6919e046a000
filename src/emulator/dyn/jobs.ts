/**
 * Jobs of the DNS API (help.dyn.com, Get Job): a request that takes too long is answered as a job (HTTP 307 to
 * `/REST/Job/<id>/`, or 200 `status: incomplete` with the job id) while the server goes on with it. Here the
 * request is processed at once and its result kept; the job "runs" until `readyAt`. `GET /Job/<id>/` answers
 * `incomplete` until then and the original result (same `job_id`) after, as often as asked. Jobs belong to the
 * session that started them ("Job IDs are only valid for the duration of a session"); while one runs, the
 * session's other requests are refused with "This session already has a job running".
 */
import type { ApiResult } from './envelope.js';
import { error, notFound } from './envelope.js';

interface Job {
  id: number;
  token: string;
  readyAt: number;
  result: ApiResult;
}

/** Finished jobs kept for re-polls; the oldest are forgotten beyond this. */
const MAX_JOBS = 10_000;

export class JobStore {
  private readonly jobs = new Map<number, Job>();

  constructor(
    private readonly now: () => number,
    private readonly nextJobId: () => number,
  ) {}

  /** Keeps `result` as a job of the session `token`, running for `runMs`; returns its id. */
  start(token: string, result: ApiResult, runMs: number): number {
    const id = this.nextJobId();
    this.jobs.set(id, { id, token, readyAt: this.now() + runMs, result });
    if (this.jobs.size > MAX_JOBS) {
      const oldest = this.jobs.keys().next().value;
      if (oldest !== undefined) this.jobs.delete(oldest);
    }
    return id;
  }

  /** True while a job of this session has not finished. */
  running(token: string): boolean {
    const now = this.now();
    for (const job of this.jobs.values()) if (job.token === token && job.readyAt > now) return true;
    return false;
  }

  /** `GET /Job/<id>/` in session `token`: `incomplete` while running, then the kept result; 404 for other ids. */
  answer(token: string, id: string): ApiResult {
    const job = /^\d+$/.test(id) ? this.jobs.get(Number(id)) : undefined;
    if (!job || job.token !== token) {
      throw notFound(error('NOT_FOUND', `job: No such job ${id}`.trim(), 'API-B'));
    }
    if (job.readyAt > this.now()) return incomplete(job.id);
    return { ...job.result, jobId: job.id };
  }
}

/** The 200 form of a running job: `status: incomplete`, `data: null`, its job id, no messages. */
export function incomplete(jobId: number): ApiResult {
  return { httpStatus: 200, status: 'incomplete', data: null, msgs: [], jobId };
}

/**
 * The 400 answer to a request made while the session's job runs (seen with `status: running` in Netflix/denominator
 * DynECTTest).
 */
export function jobRunning(): ApiResult {
  return {
    httpStatus: 400,
    status: 'running',
    data: {},
    msgs: [error('OPERATION_FAILED', 'token: This session already has a job running', 'API-B')],
  };
}
