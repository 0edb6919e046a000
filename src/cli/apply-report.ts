import type { ApplyResult, StepOutcome } from '../apply/types.js';
import { plural } from '../model/text.js';
import { opLabel } from './provider-kinds.js';
import { opsText } from './step-units.js';

/** The account of an apply, one line per step: what was done, what failed, what was skipped and left untouched. */
export function renderApplyReport(result: ApplyResult): string {
  const lines = result.steps.map(stepLine);
  const count = (status: StepOutcome['status']) => result.steps.filter((s) => s.status === status).length;
  const failed = count('failed');
  const skipped = count('skipped');
  const publishes = result.steps.filter((s) => s.status === 'applied' && s.target.kind === 'zone').length;
  const applied = `Applied ${plural(count('applied'), 'step')} (${plural(publishes, 'zone publish', 'zone publishes')})`;
  lines.push(
    failed + skipped === 0
      ? `${applied}.`
      : `${applied}; ${plural(failed, 'step')} failed, ${plural(skipped, 'step')} skipped.`,
  );
  return `${lines.join('\n')}\n`;
}

function stepLine(outcome: StepOutcome): string {
  const isZone = outcome.target.kind === 'zone';
  switch (outcome.status) {
    case 'applied':
      return `  ✓ ${outcome.id}: ${opsText(outcome.target, outcome.done)}${isZone ? ', published' : ''}`;
    case 'skipped':
      return `  - ${outcome.id}: skipped, not started because ${outcome.blockedBy.join(', ')} did not succeed; unchanged`;
    case 'failed': {
      const head =
        `  ✗ ${outcome.id}: failed at call ${outcome.done + 1} of ${outcome.total} (${opLabel(outcome.provider, outcome.failedOp)}): ` +
        `${outcome.error}. ${plural(outcome.done, 'call')} done, ${outcome.skipped} not sent`;
      if (!isZone) return `${head}.`;
      const discard = outcome.discarded
        ? 'its pending changes were discarded'
        : 'discarding its pending changes failed too (they are dropped when the session ends)';
      if (outcome.outcomeUnknown)
        return `${head}; outcome unknown: it may or may not have been published, ${discard}; plan again to see what is live.`;
      return `${head}; not published, ${discard}; live records of this zone are unchanged.`;
    }
  }
}
