import { closestNames } from '../../model/closest-names.js';
import type { Diagnostic, SourcePosition } from '../../model/diagnostic.js';
import type { ProblemCode } from '../../model/error-codes.js';
import { isWebappId, type LiveGoodBot, type LiveWebapp } from '../../model/waf.js';

/** How desired webapps and bots are found in the live catalogue, and what is said when they are not. */

/** A bot by 32-hex id first (when the ref looks like one), else by name; both case-insensitively. */
export function matchBots(ref: string, bots: readonly LiveGoodBot[]): LiveGoodBot[] {
  const lower = ref.toLowerCase();
  if (isWebappId(ref)) {
    const byId = bots.filter((bot) => bot.id.toLowerCase() === lower);
    if (byId.length > 0) return byId;
  }
  return bots.filter((bot) => bot.name.toLowerCase() === lower);
}

/** Why `ref` did not name exactly one bot: it named none (the closest names are offered), or several. */
export function botProblem(ref: string, live: LiveWebapp, matches: readonly LiveGoodBot[]): string {
  if (matches.length === 0) {
    const closest = closestNames(
      ref,
      live.bots.map((bot) => bot.name),
    );
    const hint =
      closest.length > 0 ? `; closest: ${closest.join(', ')}` : '; no bot there has a similar name';
    return `bot "${ref}" is not in the good-bot catalogue of webapp "${live.name}"${hint}`;
  }
  return `bot "${ref}" names ${matches.length} bots of webapp "${live.name}" (${matches.map((b) => b.id).join(', ')}); use its id`;
}

export function missingWebapp(ref: string, names: readonly string[]): string {
  const same = names.filter((name) => name.toLowerCase() === ref.toLowerCase());
  if (same.length > 1) return `${same.length} webapps are named "${ref}"; use the 32-hex id of the one meant`;
  const closest = closestNames(ref, names);
  const hint = closest.length > 0 ? `; closest: ${closest.join(', ')}` : '';
  return `webapp "${ref}" does not exist in the WAF account${hint}`;
}

export function at(code: ProblemCode, pos: SourcePosition, message: string): Diagnostic {
  return { file: pos.file, line: pos.line, col: pos.col, code, message };
}

export function where(pos: SourcePosition): string {
  return `${pos.file}:${pos.line}:${pos.col}`;
}
