import { planReviewed, type ReviewOptions } from '../../engine/plan-reviewed.js';
import { closestNames } from '../../model/closest-names.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { DesiredState } from '../../model/dns.js';
import { implicitProviderOf, shownTargetText } from '../../model/shown-provider.js';
import type { ApplyPace } from '../../plan/render/duration.js';
import { renderPlanText } from '../../plan/render/text.js';
import { describeApprovals } from '../../plan/review/safety.js';
import {
  desiredTargets,
  parseTargets,
  scopeDesired,
  type TargetScope,
  unmatchedPatterns,
} from '../../plan/review/scope.js';
import type { Plan } from '../../plan/types.js';
import { CliError } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { type ServiceOptions, useColor } from '../options/options.js';
import { planJson, planMarkdown } from '../output/plan-formats.js';
import { type OpenServices, openServices, servicePaces, usesAnyService } from '../services/services.js';

/**
 * The plan as `plan`, `apply` and `drift` compute and show it: limited to `--target`, with approvals and
 * fingerprints (engine/plan-reviewed.ts), rendered as text, markdown or JSON.
 */

/** `--target` patterns → scope; a malformed pattern is a usage error (exit 64), one that matches nothing exit 1. */
export function targetScope(
  desired: DesiredState,
  patterns: readonly string[] = [],
): TargetScope | undefined {
  if (patterns.length === 0) return undefined;
  // A malformed pattern throws TargetPatternError, of the usage kind.
  const scope = parseTargets(patterns);
  const unmatched = unmatchedPatterns(desired, patterns);
  if (unmatched.length > 0)
    throw new CliError(
      'EP5105',
      `--target ${unmatched.join(', ')}: matches nothing in the desired state${closestTargets(desired, unmatched)}`,
    );
  return scope;
}

/** "Did you mean" for patterns that match nothing: the desired state's targets closest to each, as `kind:name`. */
function closestTargets(desired: DesiredState, unmatched: readonly string[]): string {
  const implicit = implicitProviderOf(desired);
  const names = desiredTargets(desired).map((target) => shownTargetText(target, implicit));
  const near = [...new Set(unmatched.flatMap((pattern) => closestNames(pattern, names)))];
  return near.length > 0 ? `; did you mean ${near.join(' or ')}?` : '';
}

/** Services for the part of the desired state in scope: nothing is opened when that part needs none. */
export async function openScoped(
  desired: DesiredState,
  scope: TargetScope | undefined,
  options: ServiceOptions,
  io: CliIo,
): Promise<OpenServices | undefined> {
  const scoped = scope ? scopeDesired(desired, scope) : desired;
  return usesAnyService(scoped) ? openServices(scoped, options, io) : undefined;
}

/** Plans with the given services (undefined: the scoped desired state needs none). */
export function reviewWith(
  desired: DesiredState,
  scope: TargetScope | undefined,
  services: OpenServices | undefined,
  options?: ReviewOptions,
): Promise<Plan> {
  return planReviewed(desired, services?.providers ?? {}, scope, options);
}

/** Reads more while the services are still open, from the plan just made (drift: the zones' publish notes). */
export type WhileOpen = (plan: Plan, services: OpenServices | undefined) => Promise<void>;

/**
 * Opens, plans, closes: for commands that only read. `options.changed` (plan --changed-since, changed-scope.ts)
 * limits the plan to the changed targets and says in it what was left out. `paces`: the budgets an apply would be paced to. `whileOpen`
 * runs after planning, before the services close. `review`: what the plan carries (engine/plan-reviewed.ts).
 */
export async function reviewOnce(
  desired: DesiredState,
  options: ServiceOptions,
  io: CliIo,
  whileOpen?: WhileOpen,
  review?: ReviewOptions,
): Promise<{ plan: Plan; paces: ApplyPace[] }> {
  const { changed } = options;
  const scope = changed?.patterns ? parseTargets(changed.patterns) : targetScope(desired, options.target);
  const services = await openScoped(desired, scope, options, io);
  try {
    const reviewed = await reviewWith(desired, scope, services, review);
    const plan = changed ? { ...reviewed, changedSince: changed.changedSince } : reviewed;
    await whileOpen?.(plan, services);
    return { plan, paces: servicePaces(services, desired) };
  } finally {
    await services?.close();
  }
}

/** The plan as `--format` asks; the text plan states its apply's duration at `paces`. */
export async function renderReviewed(
  plan: Plan,
  options: ServiceOptions,
  io: CliIo,
  paces: readonly ApplyPace[] = [],
  warnings: readonly Diagnostic[] = [],
): Promise<string> {
  if (options.format === 'json') return planJson(plan);
  // Text and JSON leave warnings to stderr (cli/planning/load.ts); a markdown plan is read where stderr is not.
  if (options.format === 'markdown') return planMarkdown(plan, { warnings });
  return `${renderPlanText(plan, { color: useColor(options, io), paces })}${approvalsText(plan)}`;
}

/** The text plan's closing block on changes needing approval; empty when there are none. */
export function approvalsText(plan: Plan): string {
  const approvals = plan.needsApproval ?? [];
  if (approvals.length === 0) return '';
  // An approval names live objects (a geo service, a webapp) as the service spells them: each line is escaped.
  return `\nNeeds approval (apply refuses these without --allow-unsafe):\n${describeApprovals(approvals, plan.implicitProvider)}\n`;
}
