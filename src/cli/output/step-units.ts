import type { StepIdentity } from '../../engine/types.js';
import { plural } from '../../model/text.js';

/**
 * How progress and reports count a step's ops for people. A DNS op is one API call; a webapp's op is one
 * good-bots change, which costs several WAF requests (a bulk PUT, the polls of its change and a read-back), so
 * calling it "1 API call" would understate what was sent. A webapp's purge step (`purge_after_apply`) counts cache
 * purges.
 */
export function opsText(step: Pick<StepIdentity, 'kind'>, count: number): string {
  if (step.kind === 'purge') return plural(count, 'cache purge');
  return step.kind === 'webapp' ? plural(count, 'good-bots change') : plural(count, 'API call');
}
