/**
 * Fault injection on the DNS API: wraps the processing of one request (server.ts) with the faults drawn for it
 * (options.ts lists them). A fault in phase `before` answers instead of processing: nothing changes in the
 * emulator; in phase `after` the request was processed and only its answer is lost, late, or turned into a job.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiResult } from '../dyn/envelope.js';
import { error, info } from '../dyn/envelope.js';
import { incomplete, type JobStore, jobRunning } from '../dyn/jobs.js';
import type { SessionStore } from '../dyn/sessions.js';
import type { ChaosEngine, InjectedFault } from './engine.js';
import { hang, isProxyStatus, pick5xx, resetConnection, sleep, writeProxyError } from './http-faults.js';
import type { FaultKind } from './options.js';

export interface DnsChaosDeps {
  engine: ChaosEngine;
  jobs: JobStore;
  sessions: SessionStore;
}

/** What the server still has to do: send `answer`, or nothing (`status` already written, 0 for no answer). */
export type Served = { answer: ApiResult } | { status: number };

/** Resources whose first segment is a zone: work on them can be blocked by a zone task. */
const ZONE_RESOURCE = /^\/REST\/(Zone|[A-Z0-9]+Record|AllRecord|NodeList|Node|ZoneChanges)\/[^/]+\//;
const ANY = ['error-5xx', 'reset', 'timeout'] as const;

export async function serveDnsWithChaos(
  deps: DnsChaosDeps,
  req: IncomingMessage,
  res: ServerResponse,
  /** `headers`: added to an answer written here (the 307 of a job), as the server adds them to every other one. */
  key: { method: string; path: string; headers?: Record<string, string> },
  process: () => Promise<ApiResult>,
): Promise<Served> {
  const header = req.headers['auth-token'];
  const token = Array.isArray(header) ? header[0] : header;
  const live = token !== undefined && deps.sessions.has(token);
  const sessionCall = key.path.startsWith('/REST/Session/');
  const jobPoll = key.path.startsWith('/REST/Job/');
  if (live && !sessionCall && !jobPoll && deps.jobs.running(token)) {
    deps.engine.count('job-running');
    return { answer: jobRunning() };
  }
  const eligible: FaultKind[] = [...ANY];
  if (live) eligible.push('session-expired');
  if (live && !sessionCall && !jobPoll) eligible.push('job-running', 'job-307', 'job-incomplete');
  if (live && ZONE_RESOURCE.test(key.path)) eligible.push('task-blocked');
  const { delayMs, fault } = deps.engine.draw(`${key.method} ${key.path}`, eligible);
  await sleep(delayMs);
  if (fault?.phase === 'before') {
    if (fault.kind === 'session-expired' && token !== undefined) deps.sessions.expireToken(token);
    else return answerInstead(deps, res, fault);
  }
  const result = await process();
  if (!fault || fault.phase === 'before') return { answer: result };
  if ((fault.kind === 'job-307' || fault.kind === 'job-incomplete') && token !== undefined) {
    const id = deps.jobs.start(token, result, deps.engine.options.jobMs);
    if (fault.kind === 'job-incomplete') return { answer: incomplete(id) };
    writeJobRedirect(res, id, key.headers ?? {});
    return { status: 307 };
  }
  return answerInstead(deps, res, fault);
}

/** The answer a fault gives in place of the request's own (or no answer). */
async function answerInstead(deps: DnsChaosDeps, res: ServerResponse, fault: InjectedFault): Promise<Served> {
  switch (fault.kind) {
    case 'reset':
      resetConnection(res);
      return { status: 0 };
    case 'timeout':
      await hang(res, deps.engine.options.hangMs);
      return { status: 0 };
    case 'job-running':
      return { answer: jobRunning() };
    case 'task-blocked':
      return { answer: taskBlocked(fault.random) };
    default: {
      const status = pick5xx(fault.random);
      if (!isProxyStatus(status)) return { answer: serverError(status) };
      writeProxyError(res, status);
      return { status };
    }
  }
}

/**
 * help.dyn.com, Managed DNS API error codes: HTTP 400, ILLEGAL_OPERATION, then the task's name and id as INFO
 * messages.
 */
function taskBlocked(random: () => number): ApiResult {
  return {
    httpStatus: 400,
    status: 'failure',
    data: {},
    msgs: [
      error('ILLEGAL_OPERATION', 'zone: Operation blocked by current task'),
      info('task_name: ProvisionZone'),
      info(`task_id: ${39_000_000 + Math.floor(random() * 1_000_000)}`),
    ],
  };
}

function serverError(status: number): ApiResult {
  const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
  return { httpStatus: status, status: 'failure', data: {}, msgs: [error(code, 'fault: Injected failure')] };
}

/**
 * The real form (captured in fog/fog issue #575): 307, `Location: /REST/Job/<id>/`, the same path as a text/html
 * body.
 */
function writeJobRedirect(res: ServerResponse, id: number, headers: Record<string, string>): void {
  const location = `/REST/Job/${id}/`;
  const body = Buffer.from(location);
  res.writeHead(307, {
    ...headers,
    Location: location,
    'Content-Type': 'text/html',
    'Content-Length': body.length,
  });
  res.end(body);
}
