import type { WebappChange } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { WafCompiler } from '../../model/provider.js';
import type { WafOp } from './ops.js';

/**
 * The WAF compiler: a webapp's change → one `set-good-bots` call that enables the bots `after` has and `before`
 * has not, and disables those `before` has and `after` has not (bots by id; sorted); and, when the desired state
 * asks for it, a `purge-cache` call for the step after it. Pure, usable without a client.
 */
export const wafCompiler = { compileWebapp, compilePurge } satisfies WafCompiler;

function compileWebapp(change: WebappChange): WafOp[] {
  const before = new Set((change.before?.enabled ?? []).map((bot) => bot.id));
  const after = new Set((change.after?.enabled ?? []).map((bot) => bot.id));
  const enable = [...after].filter((id) => !before.has(id)).sort(compareStrings);
  const disable = [...before].filter((id) => !after.has(id)).sort(compareStrings);
  if (enable.length + disable.length === 0) return [];
  const { id, name } = change.address;
  return [{ kind: 'set-good-bots', webappId: id, webapp: name, enable, disable }];
}

/** The purge `after.purge` asks for, once the webapp's bots have changed: one `purge-cache` call. */
function compilePurge(change: WebappChange): WafOp[] {
  const purge = change.after?.purge;
  if (!purge) return [];
  const { id, name } = change.address;
  return [{ kind: 'purge-cache', webappId: id, webapp: name, paths: [...purge.paths] }];
}
