/**
 * What a client saw go wrong with a request and what it did about it, one entry per decision: `--verbose` shows
 * them and the chaos report counts them per fault. Symptoms are named by what the client can tell apart on the
 * wire, not by their cause (a proxy's 502 and the service's own 500 are both `http-5xx`).
 */
export type Symptom =
  /** Any 5xx answer. */
  | 'http-5xx'
  /** The connection failed or was reset: no answer. */
  | 'network'
  /** No answer within the per-attempt timeout. */
  | 'timeout'
  /** 429: refused before processing. */
  | 'rate-limited'
  /** The request became a job: 307 to the job, or 200 `incomplete`. */
  | 'job-307'
  | 'job-incomplete'
  /** Busy refusals, answered before processing: the session's job still runs; a zone task holds the zone. */
  | 'busy-job-running'
  | 'busy-task'
  /** The session token was refused: the session ended, with its unpublished changes. */
  | 'session-expired'
  /** A job's result could not be read: its session ended, or the service forgot the job. */
  | 'job-lost'
  /** The WAF refused the bearer token (401). */
  | 'token-expired'
  /** A WAF change ended `failed`; the service put the bots back. */
  | 'change-failed';

export type Decision =
  /** Sent again at once or after a backoff: a read, a write a repeat cannot harm, or a request refused unprocessed. */
  | 'repeated'
  /** Refused before processing (busy, rate limit): waited out, then sent again. */
  | 'waited'
  /** Polled until the job ended, its result used as the answer. */
  | 'polled'
  /** The answer was lost; a read proved the request took effect, and the run went on as if it had been answered. */
  | 'took-effect'
  /** The answer was lost, or the change failed and was undone; a read proved it did not take effect: sent again. */
  | 'sent-again'
  /** The answer was lost and no read could tell what happened: the call failed (a zone is then discarded). */
  | 'unknown'
  /** The session ended under a zone's unpublished changes: they were sent again in the new session. */
  | 'replayed'
  /** Retries spent or the failure is not one to retry: the error ends the call. */
  | 'gave-up';

export interface ClientDecision {
  symptom: Symptom;
  decision: Decision;
  /** `METHOD path` of the request it is about, as sent. */
  request: string;
}

export type DecisionSink = (decision: ClientDecision) => void;

export const ignoreDecisions: DecisionSink = () => {};

/** What a write whose answer was lost leads to, once a read settled whether it took effect. */
export type LostAnswerOutcome = Extract<Decision, 'took-effect' | 'sent-again' | 'gave-up'>;

/**
 * Going on when the read showed the write took effect; else sending it again, unless this was its last allowed send
 * (`sent` counts from 1): then the caller gives up with the lost answer's error.
 */
export function lostAnswerOutcome(tookEffect: boolean, sent: number, maxSends: number): LostAnswerOutcome {
  if (tookEffect) return 'took-effect';
  return sent < maxSends ? 'sent-again' : 'gave-up';
}

/** How a log line for a settled lost answer ends when it did not take effect: what happens next. */
export function notTakenText(outcome: Exclude<LostAnswerOutcome, 'took-effect'>, maxSends: number): string {
  return outcome === 'sent-again' ? 'sending it again' : `sent ${maxSends} times: giving up`;
}
