/**
 * The `X-RateLimit-Remaining` of recent answers, in the order they came back, so that a reading can tell which of
 * the requests answered since its own was sent were certainly counted before it: within a window the service's
 * Remaining only goes down, and a later window's count is another window's, so an answer reporting more left was
 * counted before the reading or elsewhere. Any other answer (as much left or less, no reading, no answer at all)
 * may have been counted after it, in its window.
 */
export class AnswerLog {
  /** Number of the first answer kept. */
  private first = 0;
  private readonly remaining: (number | undefined)[] = [];

  /** Answers so far: the number the next one gets. */
  get count(): number {
    return this.first + this.remaining.length;
  }

  add(remaining: number | undefined): void {
    this.remaining.push(remaining);
  }

  /** How many answers numbered `from` and later may have been counted after a reading of `remaining`. */
  countedAfter(from: number, remaining: number): number {
    let count = 0;
    for (let i = Math.max(0, from - this.first); i < this.remaining.length; i++) {
      const theirs = this.remaining[i];
      if (theirs === undefined || theirs <= remaining) count += 1;
    }
    return count;
  }

  /** Forgets the answers numbered before `from`. */
  forget(from: number): void {
    const drop = Math.min(from - this.first, this.remaining.length);
    if (drop <= 0) return;
    this.remaining.splice(0, drop);
    this.first += drop;
  }
}
