/**
 * What ends one attempt before its answer is in: the attempt's timeout or the request's own signal, whichever comes
 * first. One plain timer and, only when the request has a signal, one listener on it: an `AbortSignal.timeout` and
 * an `AbortSignal.any` per attempt, handed to `http.request`, cost about a tenth of a request's CPU
 * (docs/benchmarks.md).
 *
 * Contract: `end()` must be called once the attempt is over, answered or not (it clears the timer and the
 * listener). Until then, `stop` destroys whatever `onStop` last named (the request while it is sent, then its
 * answer while it is read) with the reason; a target named after the stop is destroyed at once.
 */
export class AttemptStop {
  /** The attempt's timeout fired (the request's signal may have aborted instead: then false). */
  timedOut = false;
  private reason: Error | undefined;
  private target: ((reason: Error) => void) | undefined;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly signal: AbortSignal | undefined;
  private readonly onAbort = (): void => this.stop(abortError(this.signal?.reason));

  constructor(timeoutMs: number, signal: AbortSignal | undefined) {
    this.timer = setTimeout(() => {
      if (this.reason) return;
      this.timedOut = true;
      this.stop(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    this.signal = signal;
    if (signal?.aborted) this.reason = abortError(signal.reason);
    else signal?.addEventListener('abort', this.onAbort, { once: true });
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
    clearTimeout(this.timer);
    this.target = undefined;
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private stop(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.target?.(reason);
  }
}

function abortError(reason: unknown): Error {
  const text = typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : 'aborted';
  return new Error(`stopped (${text})`, { cause: reason });
}
