import type { WebappChange } from '../../model/change.js';
import { targetText } from '../../model/target.js';
import { plural, printable } from '../../model/text.js';
import { changesOf } from '../diff/change-kinds.js';
import { formatSeconds } from '../review/waf-budget.js';
import type { Plan } from '../types.js';
import { botChanges, purgeText } from './target-view.js';
import type { Colors } from './text-services.js';

/**
 * The WAF part of the text plan: per changed webapp a header with its live name, id, mode, API calls (as the markdown
 * plan counts them: the ops of its step) and the least requests they make, then one line per bot, `+` enabled and
 * `-` disabled, by name:
 *
 *   webapp shop-production (0a1b…, exact, 1 API call: at least 3 WAF requests)
 *     + Bingbot
 *     - AhrefsBot
 *     then purge /index.html (1 of the cache purges an hour)
 */
export function wafPlanLines(plan: Plan, calls: ReadonlyMap<string, number>, c: Colors): string[] {
  return changesOf(plan.changes, 'webapp').flatMap((change) => {
    const { enable, disable } = botChanges(change);
    return [
      c.bold(webappHeader(plan, change, calls)),
      ...enable.map((bot) => `  ${c.green(`+ ${bot.name}`)}`),
      ...disable.map((bot) => `  ${c.red(`- ${bot.name}`)}`),
      ...purgeLines(change),
    ];
  });
}

/** `purge_after_apply`: the purge that follows the change, as its own step. */
function purgeLines(change: WebappChange): string[] {
  const purge = purgeText(change);
  return purge ? [printable(`  then ${purge} (1 of the cache purges an hour)`)] : [];
}

/** Each call of a webapp costs at least `requestsPerCall` requests (PUT, poll, read-back). */
function webappHeader(plan: Plan, change: WebappChange, calls: ReadonlyMap<string, number>): string {
  const { id, name, ref } = change.address;
  const count = calls.get(targetText({ kind: 'webapp', name: ref })) ?? 0;
  const requests = count * (plan.waf?.requestsPerCall ?? 0);
  const cost = `${plural(count, 'API call')}: at least ${plural(requests, 'WAF request')}`;
  return `webapp ${name} (${id}, ${change.after?.mode ?? 'unchanged'}, ${cost})`;
}

/**
 * The WAF summary line: bots to enable and disable, the requests the apply uses at least, and the budget left:
 *
 *   WAF: 2 bots to enable, 1 to disable in 1 webapp; the apply uses at least 5 WAF requests, 491 of 500 remain
 *   this hour (resets in 59 min 40 s).
 */
export function wafSummaryLine(plan: Plan): string | null {
  if (!plan.waf) return null;
  const changes = changesOf(plan.changes, 'webapp').map(botChanges);
  const enable = changes.reduce((n, w) => n + w.enable.length, 0);
  const disable = changes.reduce((n, w) => n + w.disable.length, 0);
  const rate = plan.waf.rateLimit;
  const budget = rate
    ? `${rate.remaining} of ${rate.limit} remain this hour (resets in ${formatSeconds(rate.resetSeconds)})`
    : 'the service reported no rate limit';
  const purges = plan.waf.purges
    ? ` Then ${plural(plan.waf.purges, 'cache purge')}, of the purge budget (20 an hour) apart.`
    : '';
  return (
    `WAF: ${plural(enable, 'bot')} to enable, ${disable} to disable in ${plural(changes.length, 'webapp')}; ` +
    `the apply uses at least ${plan.waf.applyRequests} WAF requests, ${budget}.${purges}`
  );
}
