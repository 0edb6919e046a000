import type pc from 'picocolors';
import { REQUESTS_PER_WAF_OP } from '../model/waf.js';
import type { Plan } from './types.js';
import { formatSeconds } from './waf-budget.js';
import type { WebappPlan } from './waf-types.js';

type Colors = ReturnType<typeof pc.createColors>;

/**
 * The WAF part of the text plan: per changed webapp a header with its id, mode and least request count, then one
 * line per bot, `+` enabled and `-` disabled, by name:
 *
 *   webapp shop-production (0a1b…, exact, 3 WAF requests)
 *     + Bingbot
 *     - AhrefsBot
 */
export function wafPlanLines(plan: Plan, c: Colors): string[] {
  return (plan.webapps ?? []).flatMap((webapp) => [
    c.bold(webappHeader(webapp)),
    ...webapp.enable.map((bot) => `  ${c.green(`+ ${bot.name}`)}`),
    ...webapp.disable.map((bot) => `  ${c.red(`- ${bot.name}`)}`),
  ]);
}

/** Each changed webapp is one op: at least REQUESTS_PER_WAF_OP requests (PUT, poll, read-back). */
function webappHeader(webapp: WebappPlan): string {
  return `webapp ${webapp.webapp} (${webapp.webappId}, ${webapp.mode}, ${REQUESTS_PER_WAF_OP} WAF requests)`;
}

/**
 * The WAF summary line: bots to enable and disable, the requests the apply uses at least, and the budget left:
 *
 *   WAF: 2 bots to enable, 1 to disable in 1 webapp; the apply uses at least 5 WAF requests, 491 of 500 remain
 *   this hour (resets in 59 min 40 s).
 */
export function wafSummaryLine(plan: Plan): string | null {
  if (!plan.waf || !plan.webapps) return null;
  const enable = plan.webapps.reduce((n, w) => n + w.enable.length, 0);
  const disable = plan.webapps.reduce((n, w) => n + w.disable.length, 0);
  const count = plan.webapps.length;
  const rate = plan.waf.rateLimit;
  const budget = rate
    ? `${rate.remaining} of ${rate.limit} remain this hour (resets in ${formatSeconds(rate.resetSeconds)})`
    : 'the service reported no rate limit';
  return (
    `WAF: ${enable} ${enable === 1 ? 'bot' : 'bots'} to enable, ${disable} to disable in ${count} ` +
    `${count === 1 ? 'webapp' : 'webapps'}; the apply uses at least ${plan.waf.applyRequests} WAF requests, ${budget}.`
  );
}
