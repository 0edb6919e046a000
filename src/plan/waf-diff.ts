import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js';
import { ownValue } from '../model/own-value.js';
import {
  type DesiredWaf,
  type DesiredWebapp,
  isWebappId,
  type LiveGoodBot,
  type LiveWafState,
  type LiveWebapp,
  REQUESTS_PER_WAF_OP,
  type SetGoodBotsOp,
} from '../model/waf.js';
import { closestNames } from './closest-names.js';
import { compareStrings } from './order.js';
import { PlanProblemsError } from './plan-problems.js';
import type { PlanStep } from './types.js';
import type { BotRef, WafPlanBudget, WebappPlan } from './waf-types.js';

export interface WafPlanPart {
  webapps: WebappPlan[];
  waf: WafPlanBudget;
  steps: PlanStep[];
}

/**
 * The WAF part of a plan, pure. Per desired webapp: resolve each `allow` entry against the
 * webapp's live catalogue (a 32-hex id, else a name, case-insensitively), then
 * - exact: enable the listed bots that are disabled, disable every other enabled bot;
 * - additive: enable the listed bots that are disabled; never disable anything.
 * A webapp with something to change gets one `webapp:<name>` step with one `set-good-bots` op, independent of
 * every other step. A webapp or bot that does not exist live, a bot named ambiguously, or two entries that turn
 * out to be the same webapp or bot are problems: all of them are collected and thrown at once as a
 * PlanProblemsError pointing into the YAML, with the closest names as suggestions.
 */
export function planWaf(desired: DesiredWaf, live: LiveWafState): WafPlanPart {
  const diagnostics: Diagnostic[] = [];
  const webapps: WebappPlan[] = [];
  const steps: PlanStep[] = [];
  const seen = new Map<string, DesiredWebapp>();
  // In file order, so that of two entries naming the same webapp the later one is reported.
  for (const webapp of [...desired.webapps].sort(byPosition)) {
    const found = ownValue(live.webapps, webapp.ref);
    if (found === undefined)
      throw new Error(`planWaf: live state has no entry for webapp ${webapp.ref} (was it read?)`);
    if (found === null) {
      diagnostics.push(at(webapp.at, missingWebapp(webapp.ref, live.accountWebapps)));
      continue;
    }
    const first = seen.get(found.id);
    if (first) {
      diagnostics.push(
        at(webapp.at, `webapp "${webapp.ref}" is the same webapp as "${first.ref}" at ${where(first.at)}`),
      );
      diffWebapp(webapp, found, diagnostics);
      continue;
    }
    seen.set(found.id, webapp);
    const plan = diffWebapp(webapp, found, diagnostics);
    if (!plan) continue;
    webapps.push(plan);
    const duplicateName = live.accountWebapps.filter((name) => name === found.name).length > 1;
    const target = `webapp:${duplicateName ? found.id : found.name}`;
    const op: SetGoodBotsOp = {
      kind: 'set-good-bots',
      webappId: found.id,
      webapp: found.name,
      enable: plan.enable.map((b) => b.id).sort(compareStrings),
      disable: plan.disable.map((b) => b.id).sort(compareStrings),
    };
    steps.push({ id: target, kind: 'webapp', target, after: [], ops: [op] });
  }
  if (diagnostics.length > 0) throw new PlanProblemsError(sortDiagnostics(diagnostics));
  webapps.sort((a, b) => compareStrings(a.webapp, b.webapp) || compareStrings(a.webappId, b.webappId));
  steps.sort((a, b) => compareStrings(a.id, b.id));
  const waf: WafPlanBudget = {
    applyRequests: steps.length * REQUESTS_PER_WAF_OP + live.readRequests,
    rereadRequests: live.readRequests,
    rateLimit: live.rateLimit,
  };
  return { webapps, waf, steps };
}

function diffWebapp(webapp: DesiredWebapp, live: LiveWebapp, diagnostics: Diagnostic[]): WebappPlan | null {
  const allowed = new Map<string, LiveGoodBot>();
  const firstAt = new Map<string, DesiredWebapp['allow'][number]>();
  for (const entry of webapp.allow) {
    const matches = matchBots(entry.ref, live.bots);
    if (matches.length !== 1) {
      diagnostics.push(at(entry.at, botProblem(entry.ref, live, matches)));
      continue;
    }
    const [bot] = matches as [LiveGoodBot];
    const first = firstAt.get(bot.id);
    if (first) {
      diagnostics.push(
        at(entry.at, `bot "${entry.ref}" is the same bot as "${first.ref}" at ${where(first.at)}`),
      );
      continue;
    }
    firstAt.set(bot.id, entry);
    allowed.set(bot.id, bot);
  }
  const ref = (bot: LiveGoodBot): BotRef => ({ id: bot.id, name: bot.name });
  const enable = live.bots.filter((bot) => allowed.has(bot.id) && !bot.enabled).map(ref);
  const disable =
    webapp.mode === 'exact' ? live.bots.filter((bot) => !allowed.has(bot.id) && bot.enabled).map(ref) : [];
  if (enable.length === 0 && disable.length === 0) return null;
  const order = (a: BotRef, b: BotRef) => compareStrings(a.name, b.name) || compareStrings(a.id, b.id);
  return {
    webapp: live.name,
    webappId: live.id,
    mode: webapp.mode,
    enable: enable.sort(order),
    disable: disable.sort(order),
  };
}

function matchBots(ref: string, bots: readonly LiveGoodBot[]): LiveGoodBot[] {
  const lower = ref.toLowerCase();
  if (isWebappId(ref)) {
    const byId = bots.filter((bot) => bot.id.toLowerCase() === lower);
    if (byId.length > 0) return byId;
  }
  return bots.filter((bot) => bot.name.toLowerCase() === lower);
}

function botProblem(ref: string, live: LiveWebapp, matches: readonly LiveGoodBot[]): string {
  if (matches.length > 1)
    return `bot "${ref}" names ${matches.length} bots of webapp "${live.name}" (${matches.map((b) => b.id).join(', ')}); use its id`;
  const closest = closestNames(
    ref,
    live.bots.map((bot) => bot.name),
  );
  const hint = closest.length > 0 ? `; closest: ${closest.join(', ')}` : '; no bot there has a similar name';
  return `bot "${ref}" is not in the good-bot catalogue of webapp "${live.name}"${hint}`;
}

function missingWebapp(ref: string, names: readonly string[]): string {
  const same = names.filter((name) => name.toLowerCase() === ref.toLowerCase());
  if (same.length > 1) return `${same.length} webapps are named "${ref}"; use the 32-hex id of the one meant`;
  const closest = closestNames(ref, names);
  const hint = closest.length > 0 ? `; closest: ${closest.join(', ')}` : '';
  return `webapp "${ref}" does not exist in the WAF account${hint}`;
}

function byPosition(a: DesiredWebapp, b: DesiredWebapp): number {
  return compareStrings(a.at.file, b.at.file) || a.at.line - b.at.line || a.at.col - b.at.col;
}

function at(pos: { file: string; line: number; col: number }, message: string): Diagnostic {
  return { file: pos.file, line: pos.line, col: pos.col, message };
}

function where(pos: { file: string; line: number; col: number }): string {
  return `${pos.file}:${pos.line}:${pos.col}`;
}

/**
 * The WAF sections of a plan and its steps: nothing at all without a desired `waf` section (a DNS-only plan keeps
 * its shape). With one, the live WAF state must have been read (a programming error otherwise).
 */
export function planWafSection(
  desired: DesiredWaf | undefined,
  live: LiveWafState | undefined,
): { sections: { webapps?: WebappPlan[]; waf?: WafPlanBudget }; steps: PlanStep[] } {
  if (!desired) return { sections: {}, steps: [] };
  if (!live)
    throw new Error('computePlan: the desired state has a waf section but live WAF state was not read');
  const part = planWaf(desired, live);
  return { sections: { webapps: part.webapps, waf: part.waf }, steps: part.steps };
}
