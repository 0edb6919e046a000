import type { ApplyResult, ZoneOutcome } from '../apply/types.js';
import { opLabel } from './op-label.js';

/** The per-zone account of an apply: what was done, what failed, what was skipped and left untouched. */
export function renderApplyReport(result: ApplyResult): string {
  const lines = result.zones.map(zoneLine);
  const applied = result.zones.filter((z) => z.status === 'applied').length;
  const failed = result.zones.length - applied;
  lines.push(
    failed === 0
      ? `Applied ${plural(applied, 'zone')} (${plural(applied, 'publish', 'publishes')}).`
      : `Applied ${plural(applied, 'zone')}; ${plural(failed, 'zone')} failed and ${failed === 1 ? 'was' : 'were'} not published.`,
  );
  return `${lines.join('\n')}\n`;
}

function zoneLine(outcome: ZoneOutcome): string {
  if (outcome.status === 'applied') {
    return `  ✓ ${outcome.zone}: ${outcome.done} API calls, published`;
  }
  const discard = outcome.discarded
    ? 'its pending changes were discarded'
    : 'discarding its pending changes failed too (they are dropped when the session ends)';
  return (
    `  ✗ ${outcome.zone}: failed at call ${outcome.done + 1} of ${outcome.total} (${opLabel(outcome.failedOp)}): ` +
    `${outcome.error}. ${plural(outcome.done, 'call')} done, ${outcome.skipped} skipped; not published, ${discard}; ` +
    'live records of this zone are unchanged.'
  );
}

export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${n} ${n === 1 ? word : pluralWord}`;
}
