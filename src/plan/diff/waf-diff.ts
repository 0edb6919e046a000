import type { WebappChange } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type {
  BotRef,
  DesiredWaf,
  DesiredWebapp,
  LiveGoodBot,
  LiveWafState,
  LiveWebapp,
} from '../../model/waf.js';
import { at, botProblem, matchBots, missingWebapp, where } from './waf-problems.js';

/**
 * The WAF part of a plan, pure. Per desired webapp: resolve each `allow` entry against the webapp's live catalogue
 * (a 32-hex id, else a name, case-insensitively), then
 * - exact: the listed bots enabled, every other bot disabled;
 * - additive: the listed bots enabled as well; nothing is disabled.
 * A webapp whose enabled bots change is one `update` of its enabled set (`before`: live, `after`: planned), named
 * by its desired-state key. A webapp or bot that does not exist live, a bot named ambiguously, or two entries that
 * turn out to be the same webapp or bot are problems: all of them are returned (never thrown here), pointing into
 * the YAML, with the closest names as suggestions.
 */
export function diffWaf(
  desired: DesiredWaf,
  live: LiveWafState,
): { changes: WebappChange[]; problems: Diagnostic[] } {
  const problems: Diagnostic[] = [];
  const changes: WebappChange[] = [];
  const seen = new Map<string, DesiredWebapp>();
  // In file order, so that of two entries naming the same webapp the later one is reported.
  for (const webapp of [...desired.webapps].sort(byPosition)) {
    if (!Object.hasOwn(live.webapps, webapp.ref))
      throw new Error(`computePlan: live state has no entry for webapp ${webapp.ref} (was it read?)`);
    const found = live.webapps[webapp.ref] ?? null;
    if (found === null) {
      problems.push(at('EP1607', webapp.at, missingWebapp(webapp.ref, live.accountWebapps)));
      continue;
    }
    const first = seen.get(found.id);
    const change = diffWebapp(webapp, found, problems);
    if (first) {
      problems.push(
        at(
          'EP1609',
          webapp.at,
          `webapp "${webapp.ref}" is the same webapp as "${first.ref}" at ${where(first.at)}`,
        ),
      );
      continue;
    }
    seen.set(found.id, webapp);
    if (change) changes.push(change);
  }
  return { changes: changes.sort((a, b) => compareStrings(a.address.ref, b.address.ref)), problems };
}

function diffWebapp(webapp: DesiredWebapp, live: LiveWebapp, problems: Diagnostic[]): WebappChange | null {
  const allowed = new Set<string>();
  const firstAt = new Map<string, DesiredWebapp['allow'][number]>();
  for (const entry of webapp.allow) {
    const matches = matchBots(entry.ref, live.bots);
    if (matches.length !== 1) {
      problems.push(at('EP1608', entry.at, botProblem(entry.ref, live, matches)));
      continue;
    }
    const [bot] = matches as [LiveGoodBot];
    const first = firstAt.get(bot.id);
    if (first) {
      problems.push(
        at('EP1609', entry.at, `bot "${entry.ref}" is the same bot as "${first.ref}" at ${where(first.at)}`),
      );
      continue;
    }
    firstAt.set(bot.id, entry);
    allowed.add(bot.id);
  }
  const before = live.bots.filter((bot) => bot.enabled);
  const after = live.bots.filter((bot) => allowed.has(bot.id) || (webapp.mode === 'additive' && bot.enabled));
  if (before.length === after.length && after.every((bot) => bot.enabled)) return null;
  return {
    address: { kind: 'webapp', ref: webapp.ref, id: live.id, name: live.name },
    action: 'update',
    before: { enabled: refs(before) },
    after: {
      enabled: refs(after),
      mode: webapp.mode,
      ...(webapp.purgeAfterApply ? { purge: webapp.purgeAfterApply } : {}),
    },
  };
}

/** Bots as plans show them, by name then id. */
function refs(bots: readonly LiveGoodBot[]): BotRef[] {
  return bots
    .map((bot) => ({ id: bot.id, name: bot.name }))
    .sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.id, b.id));
}

function byPosition(a: DesiredWebapp, b: DesiredWebapp): number {
  return compareStrings(a.at.file, b.at.file) || a.at.line - b.at.line || a.at.col - b.at.col;
}
