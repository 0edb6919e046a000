import type { Target } from '../model/target.js';
import { plural } from '../model/text.js';

/**
 * How progress and reports count a step's ops for people. A DNS op is one API call; a webapp's op is one
 * good-bots change, which costs several WAF requests (a bulk PUT, the polls of its change and a read-back), so
 * calling it "1 API call" would understate what was sent.
 */
export function opsText(target: Target, count: number): string {
  return target.kind === 'webapp' ? plural(count, 'good-bots change') : plural(count, 'API call');
}
