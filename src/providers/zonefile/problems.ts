/** A problem of a zone file, at the 1-based line and column of what it is about. */
export interface FileProblem {
  line: number;
  col: number;
  message: string;
}

/** How many problems of one file are kept (and shown); the others are only counted. */
export const KEPT_PROBLEMS = 20;

/**
 * The problems of one file, bounded: every problem is counted, and the first `limit` by place are kept (problems
 * found in any order, lexer and records and zone checks, are merged by line, then column). Memory stays O(limit) and time
 * O(n log limit) whatever the file holds: a hostile file of a million bad lines costs a count, not a million
 * messages.
 */
export class ProblemList {
  private kept: FileProblem[] = [];
  private count = 0;

  constructor(private readonly limit = KEPT_PROBLEMS) {}

  add(line: number, col: number, message: string): void {
    this.count += 1;
    this.kept.push({ line, col, message });
    if (this.kept.length >= 2 * this.limit) this.trim();
  }

  /** The problems held now: fewer than twice the limit at any time. */
  get held(): number {
    return this.kept.length;
  }

  /** Every problem found, kept or not. */
  get total(): number {
    return this.count;
  }

  /** The first problems by line, then column (at the same place, in the order found), at most `limit`. */
  list(): FileProblem[] {
    this.trim();
    return [...this.kept];
  }

  private trim(): void {
    this.kept.sort((a, b) => a.line - b.line || a.col - b.col);
    this.kept.length = Math.min(this.kept.length, this.limit);
  }
}
