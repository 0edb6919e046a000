import { onAbort } from './on-abort.js';

/**
 * What ends one attempt before its answer is in: the attempt's timeout or the request's own signal, whichever comes
 * first. One plain timer and, only when the request has a signal, one subscription to it (on-abort.ts: one listener
 * per signal, however many attempts wait on it): an `AbortSignal.timeout` and an `AbortSignal.any` per attempt,
 * handed to `http.request`, cost about a tenth of a request's CPU (docs/benchmarks.md).
 *
 * Contract:
 * - The timeout counts from `start()`, called when the request is actually sent (it has its socket: exchange.ts),
 *   never from the attempt's creation: the time it waits for the rate-limit scheduler or for a free connection is
 *   not the service's to answer in. The signal stops the attempt from its creation, waiting included.
 * - `end()` must be called once the attempt is over, answered or not (it clears the timer and the subscription).
 *   Until then, `stop` destroys whatever `onStop` last named (the request while it is sent, then its answer while
 *   it is read) with the reason; a target named after the stop is destroyed at once.
 */
export class AttemptStop {
  /** The attempt's timeout fired (the request's signal may have aborted instead: then false). */
  timedOut = false;
  private reason: Error | undefined;
  private target: ((reason: Error) => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ended = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly timeoutMs: number,
    signal: AbortSignal | undefined,
  ) {
    if (signal?.aborted) this.reason = abortError(signal.reason);
    this.unsubscribe =
      signal && !signal.aborted ? onAbort(signal, () => this.stop(abortError(signal.reason))) : noop;
  }

  /** The request is sent: its timeout runs from now. Once: a second call changes nothing. */
  start(): void {
    if (this.timer !== undefined || this.ended) return;
    this.timer = setTimeout(() => {
      if (this.reason) return;
      this.timedOut = true;
      this.stop(new Error(`no answer within ${this.timeoutMs} ms`));
    }, this.timeoutMs);
  }

  /** Throws the stop's reason once stopped: an attempt stopped before it is sent goes no further. */
  throwIfStopped(): void {
    if (this.reason) throw this.reason;
  }

  /** What `stop` destroys from now on. */
  onStop(target: (reason: Error) => void): void {
    this.target = target;
    if (this.reason) target(this.reason);
  }

  end(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.target = undefined;
    this.unsubscribe();
  }

  private stop(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.target?.(reason);
  }
}

function noop(): void {}

function abortError(reason: unknown): Error {
  const text = typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : 'aborted';
  return new Error(`stopped (${text})`, { cause: reason });
}
