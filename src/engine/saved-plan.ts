import type { DesiredState } from '../model/dns.js';
import type { SavedPlan } from '../plan/review/plan-file.js';
import { savedPlanDifferences } from '../plan/review/saved-plan-match.js';
import { parseTargets, scopeDesired } from '../plan/review/scope.js';
import { desiredMismatches, movedTargets } from '../plan/review/staleness.js';
import type { Plan } from '../plan/types.js';
import { planReviewed } from './plan-reviewed.js';
import { allProviders, type Providers } from './providers.js';

/**
 * The check of a saved plan (`apply --plan`, and the library's `checkSavedPlan`): a plan is applied only when it is
 * exactly the plan edgeplan computes today, for the same account, from the same desired state and the same live
 * state. Why one is refused:
 * - `account`: it was read from another account (a provider's `account.binding`, e.g. Dyn URL and customer);
 * - `unbound`: it records no accounts at all, so nothing shows it was read from this one (`allowUnbound` takes it);
 * - `desired`: the desired state, limited to the plan's scope, is not the one it was made from (per target);
 * - `stale`: a target it changes moved live since (staleness.ts);
 * - `different`: the recomputed plan differs from the file in anything else (saved-plan-match.ts): edited by hand,
 *   or made by another version of edgeplan.
 * A file converted from version 1 has digests of the old model: only its steps and scope are compared.
 */
export type SavedPlanRefusal = 'account' | 'unbound' | 'desired' | 'stale' | 'different';

export interface SavedPlanRefused {
  ok: false;
  refusal: SavedPlanRefusal;
  /** One line per difference: a provider, a target, a step or a section of the plan. */
  problems: string[];
}

/** `plan`: the recomputed plan, the one to show, approve and apply (its steps equal the file's). */
export type SavedPlanCheck = { ok: true; plan: Plan } | SavedPlanRefused;

export interface SavedPlanCheckOptions {
  /**
   * Apply a plan that records no accounts (made by edgeplan 0.1, or with `accounts` removed): it can then not be
   * shown to be this account's. Off: such a plan is refused.
   */
  allowUnbound?: boolean;
}

/**
 * Checks `saved` against today: the accounts of `providers` first and the desired state (neither sends a request),
 * then live state is read once and the plan recomputed with the file's scope. The providers must be those of the
 * desired state in scope, as `planReviewed` takes them.
 */
export async function checkSavedPlan(
  saved: SavedPlan,
  desired: DesiredState,
  providers: Providers,
  options: SavedPlanCheckOptions = {},
): Promise<SavedPlanCheck> {
  const accounts = accountMismatches(saved, providers, options.allowUnbound === true);
  if (accounts.length > 0)
    return { ok: false, refusal: saved.accounts ? 'account' : 'unbound', problems: accounts };
  const changed = savedDesiredRefusal(saved, desired);
  if (changed) return changed;
  const scope = saved.scope ? parseTargets(saved.scope) : undefined;
  const plan = await planReviewed(desired, providers, scope);
  const moved =
    plan.fingerprints && saved.convertedFrom === undefined
      ? movedTargets(saved.fingerprints, plan.fingerprints, plan.implicitProvider)
      : [];
  if (moved.length > 0) return { ok: false, refusal: 'stale', problems: moved };
  const differences = savedPlanDifferences(saved, plan);
  if (differences.length > 0) return { ok: false, refusal: 'different', problems: differences };
  return { ok: true, plan };
}

/** The desired-state part of the check alone (pure, no provider): null when it holds. */
export function savedDesiredRefusal(saved: SavedPlan, desired: DesiredState): SavedPlanRefused | null {
  if (saved.convertedFrom !== undefined) return null;
  const scoped = saved.scope ? scopeDesired(desired, parseTargets(saved.scope)) : desired;
  const changed = desiredMismatches(saved.fingerprints, scoped);
  return changed.length > 0 ? { ok: false, refusal: 'desired', problems: changed } : null;
}

/**
 * Each provider with an account must be the one the plan was read from: every field of its binding equal. A file
 * without accounts (made before plans recorded them, or with them removed) is bound to nothing: refused unless
 * `allowUnbound`.
 */
function accountMismatches(saved: SavedPlan, providers: Providers, allowUnbound: boolean): string[] {
  const recorded = saved.accounts;
  const all = allProviders(providers);
  if (recorded === undefined)
    return allowUnbound
      ? []
      : all.flatMap((provider) =>
          provider.account ? [`${provider.name}: ${fields(provider.account.binding)} now`] : [],
        );
  return all.flatMap((provider) => {
    if (!provider.account) return [];
    const now = provider.account.binding;
    const then = Object.hasOwn(recorded, provider.name) ? recorded[provider.name] : undefined;
    if (then === undefined) return [`${provider.name}: the plan records no account; ${fields(now)} now`];
    const same = Object.entries(now).every(([key, value]) => Object.hasOwn(then, key) && then[key] === value);
    return same
      ? []
      : [`${provider.name}: ${fields(then, Object.keys(now))} in the plan, ${fields(now)} now`];
  });
}

function fields(account: Readonly<Record<string, string>>, keys = Object.keys(account)): string {
  return keys.map((key) => `${key} ${Object.hasOwn(account, key) ? account[key] : '(none)'}`).join(', ');
}

/** The refusal for people: what differs, that nothing was sent, and what to do. `file` names the plan. */
export function describeRefusal(refused: SavedPlanRefused, file: string): string {
  const lines = refused.problems.map((problem) => `  ${problem}`).join('\n');
  switch (refused.refusal) {
    case 'account':
      return (
        `refusing to apply ${file}: it was made against another account:\n${lines}\n` +
        'Nothing was sent. Plan again against this account and review the new plan.'
      );
    case 'unbound':
      return (
        `refusing to apply ${file}: it records no account it was made against, so nothing shows it was made ` +
        `against this one:\n${lines}\n` +
        'Nothing was sent. Plan again against this account, or pass --allow-unbound to apply it anyway.'
      );
    case 'desired':
      return (
        `refusing to apply ${file}: the desired state is not the one it was made from:\n${lines}\n` +
        'Nothing was sent. Plan again from these files and review the new plan.'
      );
    case 'stale': {
      const n = refused.problems.length;
      return (
        `refusing to apply a stale plan: ${n === 1 ? '1 target' : `${n} targets`} moved since ${file} was made:\n` +
        `${lines}\nNothing was sent. Plan again and review the new plan.`
      );
    }
    case 'different':
      return (
        `refusing to apply ${file}: it is not the plan edgeplan computes from this desired state and this live ` +
        `state (it was edited, or made by another version of edgeplan):\n${lines}\n` +
        'Nothing was sent. Plan again and review the new plan.'
      );
  }
}
