import type { ApplyResult, StepOutcome } from '../apply/types.js';
import type { CreatedZoneFate } from '../model/provider.js';
import { plural, printable } from '../model/text.js';
import { count, durationText } from '../plan/index.js';
import { opLabel } from './op-label.js';
import type { ServiceRateCounts } from './rate-counts.js';
import { opsText } from './step-units.js';

/**
 * The account of an apply, one line per step: what was done, what failed, what was skipped and left untouched;
 * then per service the requests sent, those answered 429 and the waits for its rate window.
 */
export function renderApplyReport(
  result: ApplyResult,
  rates: ReadonlyMap<string, ServiceRateCounts> = new Map(),
): string {
  // A step names its target as the service spells it (a live geo service's name): escaped.
  const lines = result.steps.map((step) => printable(stepLine(step)));
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
  for (const [service, counts] of rates) lines.push(rateLine(service, counts));
  return `${lines.join('\n')}\n`;
}

/** `DNS: 1,012 requests, 0 answered 429, 3 waits for the rate window (2 min 1 s).` */
function rateLine(service: string, c: ServiceRateCounts): string {
  const waits =
    c.waits === 0
      ? 'no wait for the rate window'
      : `${plural(c.waits, 'wait')} for the rate window (${durationText(c.waitedMs)})`;
  return `${service}: ${count(c.requests)} ${c.requests === 1 ? 'request' : 'requests'}, ${count(c.refused)} answered 429, ${waits}.`;
}

/** What became of the zone a failed step created (model/provider.ts CreatedZoneFate), as the end of its line. */
function createdZoneText(fate: CreatedZoneFate): string {
  if (fate.kind === 'deleted')
    return 'the zone, created by this run, was deleted again: nothing of it is live, and the next plan creates it again.';
  return `the zone, created by this run, is left in place: ${fate.reason}; the next plan does not show its creation.`;
}

function stepLine(outcome: StepOutcome): string {
  const isZone = outcome.target.kind === 'zone';
  switch (outcome.status) {
    case 'applied':
      return `  ✓ ${outcome.id}: ${opsText(outcome, outcome.done)}${isZone ? ', published' : ''}`;
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
      const created = outcome.createdZone && createdZoneText(outcome.createdZone);
      if (outcome.outcomeUnknown)
        return `${head}; outcome unknown: it may or may not have been published, ${discard}; ${created ? `${created} ` : ''}plan again to see what is live.`;
      return `${head}; not published, ${discard}; ${created ?? 'live records of this zone are unchanged.'}`;
    }
  }
}
