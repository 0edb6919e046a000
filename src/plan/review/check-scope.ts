import { compareStrings } from '../../model/compare.js';
import { shownTargetText } from '../../model/shown-provider.js';
import { type Target, type TargetPattern, targetText } from '../../model/target.js';
import type { Plan } from '../types.js';
import type { TargetScope } from './scope.js';

/**
 * What the check after an apply plans again: the DNS targets the plan has steps for (zones, secondary zones, geo
 * services), exactly, and the webapps of `scope` (all of them without one). A DNS target without a step had no
 * change when the plan read it, and the apply sent it nothing: reading it again proves nothing about the apply,
 * and costs a zone's records. Webapps are read as the plan read them, so the check costs what the plan's WAF
 * budget counted for it (`rereadRequests`).
 *
 * `patterns` name the DNS targets as the plan shows them (`zone:example.com@pdns`; model/shown-provider.ts) and the
 * webapp patterns of `scope` (`webapp:*` without one): the check plan says what it covered.
 */
export function checkScope(plan: Plan, scope: TargetScope | undefined): TargetScope {
  const dns = plan.steps.map((step) => step.target).filter((target) => target.kind !== 'webapp');
  const changed = new Set(dns.map(targetText));
  const shown = dns.map((target) => shownTargetText(target, plan.implicitProvider));
  const dnsKinds = new Set(dns.map((target) => target.kind));
  const webapps = scope?.patterns.filter((pattern) => pattern.startsWith('webapp:')) ?? ['webapp:*'];
  return {
    patterns: [...new Set([...shown, ...webapps])].sort(compareStrings),
    hasKind: (kind) => (kind === 'webapp' ? (scope?.hasKind(kind) ?? true) : dnsKinds.has(kind)),
    matches: (target: Target | TargetPattern) =>
      target.kind === 'webapp' ? (scope?.matches(target) ?? true) : changed.has(targetText(target)),
  };
}
