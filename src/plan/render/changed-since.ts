import { count } from '../../model/text.js';
import type { Plan } from '../types.js';

/**
 * The plan header's line for `plan --changed-since REF` (text and markdown; JSON carries `changedSince` whole):
 * which targets were left out, at most MAX_NAMED of them by name, and why; or why every target was planned. Null
 * for a plan made without the flag. Names are as the desired state writes them: the caller escapes the line.
 */
export function changedSinceLine(plan: Plan): string | null {
  const since = plan.changedSince;
  if (since === undefined) return null;
  const head = `Changed since ${since.ref} (${since.commit.slice(0, 12)})`;
  if (since.all !== undefined) return `${head}: every target planned, ${since.all}.`;
  const { leftOut } = since;
  if (leftOut.length === 0) return `${head}: every target planned, all of them changed.`;
  const named = leftOut.slice(0, MAX_NAMED).join(', ');
  const more = leftOut.length > MAX_NAMED ? `, … and ${count(leftOut.length - MAX_NAMED)} more` : '';
  const what = leftOut.length === 1 ? '1 target' : `${count(leftOut.length)} targets`;
  return `${head}: ${what} left out, not read, nothing they depend on changed: ${named}${more}.`;
}

/** Left-out targets named in the header; the JSON plan lists every one. */
export const MAX_NAMED = 10;
