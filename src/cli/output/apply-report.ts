import type { ApplyResult, StepOutcome } from '../../engine/types.js';
import type { CreatedZoneFate } from '../../model/provider.js';
import { count, plural, printable } from '../../model/text.js';
import { durationText } from '../../plan/render/duration.js';
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

/**
 * What is left of a failed zone step, in words true of every provider (a Dyn session's unpublished changes, the
 * UPDATEs an RFC 2136 server took, a PowerDNS PATCH, a zone file): discarded, a discard that failed too, or, for a
 * writer without a discard, nothing written or the calls done left as they are.
 */
function discardText(outcome: Extract<StepOutcome, { status: 'failed' }>): string {
  if (outcome.discarded === true) return 'its changes were discarded';
  if (outcome.discarded === false)
    return `discarding its changes failed too${outcome.discardError ? ` (${outcome.discardError})` : ''}`;
  if (outcome.done === 0) return 'nothing of it was written';
  return `its provider has no discard: what its ${plural(outcome.done, 'call')} did stays as it is`;
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
      const created = outcome.createdZone && createdZoneText(outcome.createdZone);
      const left = discardText(outcome);
      if (outcome.outcomeUnknown)
        return `${head}; outcome unknown: it may or may not have taken effect, ${left}; ${created ? `${created} ` : ''}plan again to see what is live.`;
      if (outcome.discarded === false || (outcome.discarded === undefined && outcome.done > 0))
        return `${head}; not applied as planned, ${left}; ${created ? `${created} ` : ''}plan again to see what is live.`;
      return `${head}; not applied, ${left}; ${created ?? 'live records of this zone are unchanged.'}`;
    }
  }
}
