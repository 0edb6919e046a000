import { HttpError } from '../../http/errors.js';
import type { HttpResponse } from '../../http/transport.js';
import { isWireObject } from '../../wire-guards.js';
import { DynApiError } from '../errors.js';
import { DynEnvelope } from './wire.js';

/**
 * What one Dyn response means. The body's `status` decides, not the HTTP code (what the vendor's SDK does too), except for the
 * 307 job redirect whose body is a plain path.
 */
export type DynOutcome =
  | { kind: 'success'; data: unknown }
  /** The request became a job: poll `target` (an absolute URL on the base origin, or a path under the base). */
  | { kind: 'job'; target: string };

/** The request an outcome is attributed to in errors: the original call, also while polling its job. */
export interface DynRequestLabel {
  method: string;
  path: string;
}

export function interpretResponse(res: HttpResponse, label: DynRequestLabel, baseUrl: string): DynOutcome {
  if (res.status === 307) return { kind: 'job', target: redirectTarget(res, label, baseUrl) };

  // An old quirk of the service wraps error bodies in a JSON array; the envelope is its first element.
  const body = Array.isArray(res.json) ? res.json[0] : res.json;
  const success = successEnvelope(body);
  if (success) return { kind: 'success', data: success.data };
  const parsed = DynEnvelope.safeParse(body);
  if (!parsed.success)
    throw new HttpError(label.method, label.path, res.status, res.attempts, res.text.slice(0, 200));
  const envelope = parsed.data;
  const messages = envelope.msgs ?? [];

  if (envelope.status === 'success') return { kind: 'success', data: envelope.data };
  // `incomplete` with a job id and no error message is a job still running (HTTP 200 form). The job-running error
  // has also been seen with status `incomplete`, but it carries an ERR_CD and is a failure.
  const hasError = messages.some((message) => message.ERR_CD);
  if (envelope.status === 'incomplete' && envelope.job_id != null && !hasError) {
    return { kind: 'job', target: `/Job/${encodeURIComponent(String(envelope.job_id))}/` };
  }
  throw new DynApiError({
    method: label.method,
    path: label.path,
    httpStatus: res.status,
    status: envelope.status,
    messages,
    attempts: res.attempts,
  });
}

const MESSAGE_FIELDS = ['LVL', 'ERR_CD', 'SOURCE', 'INFO'] as const;

/**
 * The data of a success envelope, checked by hand: an envelope `DynEnvelope` accepts, with status `success`.
 * Every answer passes here, so the usual one costs no zod parse; anything else (a failure, a job, a field of another
 * type) is undefined and goes to the schema, which also names what is wrong.
 */
export function successEnvelope(body: unknown): { data: unknown } | undefined {
  // The schema requires `data` present, whatever its value.
  if (!isWireObject(body) || body.status !== 'success' || !('data' in body)) return undefined;
  const { job_id: job, msgs } = body;
  if (job != null && typeof job !== 'string' && !(typeof job === 'number' && Number.isFinite(job)))
    return undefined;
  if (msgs != null && !(Array.isArray(msgs) && msgs.every(isMessage))) return undefined;
  return { data: body.data };
}

function isMessage(message: unknown): boolean {
  return (
    isWireObject(message) &&
    MESSAGE_FIELDS.every((field) => message[field] == null || typeof message[field] === 'string')
  );
}

/** 307 `Location: /REST/Job/<id>/` (a path on the origin); the real service also puts the path in the body. */
function redirectTarget(res: HttpResponse, label: DynRequestLabel, baseUrl: string): string {
  const location = res.headers.get('location') ?? (res.text.trim().startsWith('/') ? res.text.trim() : null);
  if (!location)
    throw new HttpError(label.method, label.path, res.status, res.attempts, 'redirect without Location');
  return new URL(location, baseUrl).href;
}
