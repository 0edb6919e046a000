import type { Target } from '../model/target.js';
import { plural } from '../model/text.js';

/**
 * How progress and reports count a step's ops for people. A DNS op is one API call; a webapp's op is one
 * good-bots change, which costs several WAF requests (a bulk PUT, the polls of its change and a read-back), so
 * calling it "1 API call" would understate what was sent. A webapp's purge step (`purge_after_apply`: the id of its
 * good-bots step plus `#purge`, plan/diff/build-steps.ts) counts cache purges.
 */
export function opsText(step: { id: string; target: Target }, count: number): string {
  if (step.target.kind !== 'webapp') return plural(count, 'API call');
  return step.id.endsWith('#purge') ? plural(count, 'cache purge') : plural(count, 'good-bots change');
}
