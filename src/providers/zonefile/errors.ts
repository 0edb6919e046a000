import { plural } from '../../model/text.js';
import type { FileProblem } from './read-entries.js';

/** Most problems of one file a message lists; the rest are counted. */
const SHOWN = 20;

/** A zone file that cannot be read: every problem, each at `file:line`. Nothing was planned from it. */
export class ZonefileReadError extends Error {
  override readonly name = 'ZonefileReadError';

  constructor(
    readonly file: string,
    readonly problems: readonly FileProblem[],
  ) {
    const lines = problems.slice(0, SHOWN).map((p) => `  ${file}:${p.line}: ${p.message}`);
    const more = problems.length > SHOWN ? [`  … and ${problems.length - SHOWN} more`] : [];
    super(
      `${file}: ${plural(problems.length, 'problem')}, so the zone cannot be read:\n${[...lines, ...more].join('\n')}`,
    );
  }
}

/**
 * The zone's file is not the one the plan read (edited, created or removed since): nothing was written. The message
 * has the shape other providers' conflicts have, `zone … changed …; … plan again`.
 */
export class ZonefileConflictError extends Error {
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
 * The provider's settings do not allow what was asked: a directory outside the repository, a missing directory, a
 * zone the plan creates without `nameservers`. Nothing was read or written.
 */
export class ZonefileSetupError extends Error {
  override readonly name = 'ZonefileSetupError';
}
