import { EdgeplanError } from '../../model/edgeplan-error.js';
import { plural, shortened } from '../../model/text.js';
import { type FileProblem, KEPT_PROBLEMS } from './problems.js';

/** The longest problem line a message shows (a problem may quote a value from the file). */
const SHOWN_PROBLEM = 300;

/**
 * A zone file that cannot be read: its first problems by place, each as `file:line:col: EP2501 message` (the form of
 * every problem edgeplan prints), and how many more there are (`total`: every problem found). Nothing was planned
 * from it.
 */
export class ZonefileReadError extends EdgeplanError {
  override readonly code = 'EP2501';
  override readonly name = 'ZonefileReadError';

  constructor(
    readonly file: string,
    readonly problems: readonly FileProblem[],
    readonly total = problems.length,
  ) {
    const shown = problems.slice(0, KEPT_PROBLEMS);
    const lines = shown.map(
      (p) => `  ${file}:${p.line}:${p.col}: EP2501 ${shortened(p.message, SHOWN_PROBLEM)}`,
    );
    const more = total > shown.length ? [`  … and ${total - shown.length} more`] : [];
    super(
      `${file}: ${plural(total, 'problem')}, so the zone cannot be read:\n${[...lines, ...more].join('\n')}`,
    );
  }
}

/**
 * The zone's file is not the one the plan read (edited, created or removed since): nothing was written. The message
 * has the shape other providers' conflicts have, `zone … changed …; … plan again`.
 */
export class ZonefileConflictError extends EdgeplanError {
  override readonly code = 'EP3004';
  override readonly name = 'ZonefileConflictError';

  constructor(
    readonly zone: string,
    readonly file: string,
    sign: string,
  ) {
    super(`zone ${zone} changed since the plan (${file} ${sign}); nothing was written, plan again`);
  }
}

/**
 * The zone's file, or the symbolic link to it, changed while the store replaced it (after the writer's read, which
 * found the plan's file): nothing was replaced. `path` is the file as the store was given it.
 */
export class ZonefileMovedError extends EdgeplanError {
  override readonly code = 'EP3005';
  override readonly name = 'ZonefileMovedError';

  constructor(
    readonly path: string,
    /** What happened to it (`was made to lead elsewhere while it was written`). */
    readonly what: string,
  ) {
    super(`${path} ${what}; nothing was replaced, plan again`);
  }
}

/**
 * The text the writer made does not read back as the zone it was made from: the writer's last guard, so a bug in
 * edgeplan, not in the file. Nothing was written.
 */
export class ZonefileReadBackError extends EdgeplanError {
  override readonly code = 'EP2502';
  override readonly name = 'ZonefileReadBackError';

  constructor(
    readonly zone: string,
    readonly file: string,
    /** Why it does not read back (change-content.ts, readBackProblem). */
    readonly problem: string,
  ) {
    super(
      `zone ${zone}: the file edgeplan would write does not read back (${problem}); ${file} was not changed`,
    );
  }
}

/**
 * The provider's settings do not allow what was asked: a directory outside the repository, a missing directory, a
 * zone the plan creates without `nameservers`. Nothing was read or written.
 */
export class ZonefileSetupError extends EdgeplanError {
  override readonly code = 'EP1930';
  override readonly name = 'ZonefileSetupError';
}
