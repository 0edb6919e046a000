import type { Change } from '../model/change.js';
import type { ProviderOp } from '../model/provider.js';
import type { Target } from '../model/target.js';
import type { RateLimitStatus } from '../model/waf.js';
import type { Approval, PlanFingerprints } from './review-types.js';

/**
 * A Plan is plain, serialisable data (no closures, no Maps): it can be printed, saved, reviewed and applied later.
 * Same inputs → byte-identical JSON: every array here is sorted as documented.
 *
 * Two views of one plan: `changes` say WHAT changes, provider-neutral, value by value (model/change.ts), for
 * people, safety and drift; `steps` say HOW: each provider's API calls, compiled from the changes by the provider
 * (model/provider.ts) and grouped into steps that run in dependency order. Apply executes `steps` and nothing else.
 */

/** Version 2: the change envelope and provider-compiled steps. Version 1 files (A records only) are still read. */
export const PLAN_FORMAT_VERSION = 2;

/**
 * How a step behaves when one of its ops fails:
 * - `zone`: a transaction: the zone's pending changes are discarded and it is not published (its last op);
 * - any other kind: the ops already done stay done (each is complete on its own), the rest are not sent.
 * `purge` is a webapp's cache purge after its good-bots step (`purge_after_apply`), counted against the purge bucket.
 */
export type StepKind = 'zone' | 'secondary' | 'geo' | 'webapp' | 'purge';

/**
 * One unit of execution: ops run in order, one at a time, after every step in `after` has succeeded. A step whose
 * dependency failed or was skipped is skipped, and only those: independent steps always run.
 */
export interface PlanStep {
  /** Unique in the plan: the target's `kind:name`, with a `#part` suffix when a target needs two steps. */
  id: string;
  kind: StepKind;
  /** The provider whose writer executes the ops (`dyn`, `waf`). */
  provider: string;
  /** The target the step changes. */
  target: Target;
  /** Ids of the steps that must succeed first, sorted. */
  after: string[];
  /** The provider's calls, as its compiler made them. */
  ops: ProviderOp[];
}

/**
 * A zone the plan touches, with the serial it was computed from (null: the plan creates the zone), its `manage`
 * mode when not the default, and the DNS provider it is on.
 */
export interface ZoneHeader {
  zone: string;
  serial: number | null;
  /** `declared` when the zone says `manage: declared` (edgeplan changes only what its YAML names); absent: `all`. */
  manage?: 'declared';
  provider: string;
}

/**
 * Live records of a planned zone that edgeplan leaves alone, on one provider: of types it does not manage, never in a
 * step (`records`, `<fqdn> <TYPE>` sorted), and those another provider of the zone holds that this one lacks, which
 * edgeplan will not copy here (`notCopied`, absent when none).
 */
export interface LeftAlone {
  zone: string;
  provider: string;
  records: string[];
  notCopied?: string[];
}

/**
 * The WAF request budget of a plan (the service allows 500 requests per hour per client address).
 * `applyRequests` is the least the apply uses: per webapp call the requests it makes at least (`requestsPerCall`:
 * a bulk PUT, one status poll and one read-back), then the re-read that checks convergence (`rereadRequests`).
 * A change that takes longer costs one more poll per 1–5 s of waiting, and an expired token one more token request.
 */
export interface WafPlanBudget {
  applyRequests: number;
  rereadRequests: number;
  /** Requests one compiled webapp call makes at least (the WAF provider's `requestsPerCall`). */
  requestsPerCall: number;
  /** The window after the plan's own reads; null when the service sent no rate-limit headers. */
  rateLimit: RateLimitStatus | null;
  /** Cache purges the apply makes (`purge` steps), each one of the purge bucket's 20 an hour; absent: none. */
  purges?: number;
}

/**
 * An answer the plan changes where its record-set changes do not show it (diff/answer-notes.ts): `name` stops
 * existing (`nxdomain`) or, as an MX target, loses its addresses (`mx-without-address`), while the record sets in
 * `pointedAtBy` (`fqdn TYPE`, sorted) still point at it after the plan.
 */
export interface AnswerNote {
  kind: 'nxdomain' | 'mx-without-address';
  zone: string;
  provider: string;
  name: string;
  pointedAtBy: string[];
}

export interface PlanSummary {
  /** Changes by action, every kind of target counted. */
  create: number;
  update: number;
  delete: number;
  /** Zones with at least one change (each gets one publish). */
  zones: number;
}

/**
 * The desired-state paths a plan was made from (`edgeplan plan PATH...`), so that `apply --plan` loads the same:
 * relative to the repository root (`root: git`, the nearest directory above the working directory that holds
 * `.git`), or to the working directory outside a repository (`root: cwd`); a path outside the root is absolute.
 * `/`-separated, sorted, each once; `.` is the root itself.
 */
export interface PlanSource {
  root: 'git' | 'cwd';
  paths: string[];
}

/** The account of each provider the plan read, by provider name (`dyn`, `waf`): its binding and details. */
export type PlanAccounts = Record<string, Record<string, string>>;

/**
 * How `plan --changed-since REF` limited a plan: the targets of the desired state it left out because no file they
 * depend on changed since REF (`kind:name`, in target order), or why it planned everything (`all`: a file every
 * target depends on changed). For people: a saved plan's `scope` is what `apply --plan` keeps to.
 */
export interface PlanChangedSince {
  /** The revision as given, and the commit it named. */
  ref: string;
  commit: string;
  all?: string;
  leftOut: string[];
}

export interface Plan {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  /**
   * The DNS provider of a desired state without `providers:` (`dyn`, `implicit` in its spec), whose targets the
   * plan shows without a provider; absent under `providers:`. Never written: shown-plan.ts drops it and those
   * providers from the JSON plan, and restores both when it reads a saved plan.
   */
  implicitProvider?: string;
  /** The paths the plan was made from; absent: a plan made by the library, or by edgeplan before they were kept. */
  source?: PlanSource;
  /** The accounts the plan was read from; absent: providers that name none, or edgeplan before they were kept. */
  accounts?: PlanAccounts;
  summary: PlanSummary;
  /** Zones with changes, sorted by name. */
  zones: ZoneHeader[];
  /** Every change, sorted by target (model/target.ts order), then address. */
  changes: Change[];
  /** Per planned zone and provider, the live records edgeplan leaves alone (left-alone.ts); absent when none. */
  leftAlone?: LeftAlone[];
  /** The WAF request budget of the apply; absent when the desired state has no `waf` section. */
  waf?: WafPlanBudget;
  /** Dependencies first, then by id: a deterministic topological order. A target without changes has no step. */
  steps: PlanStep[];
  /** The `--target` patterns the plan was limited to (an empty list: nothing); absent: the whole desired state. */
  scope?: string[];
  /** `plan --changed-since REF`: what was compared and what was left out; absent: made without it. */
  changedSince?: PlanChangedSince;
  /** Changes the safety policy holds back until `apply --allow-unsafe`. */
  needsApproval?: Approval[];
  /** Answers that change where the record-set changes do not show it, sorted; absent: none. */
  answerNotes?: AnswerNote[];
  /** Per target, the live and desired state the plan was computed from. */
  fingerprints?: PlanFingerprints;
  /**
   * What the plan tells without changing it (an `unmanaged` or `absent` entry that matched nothing live), sorted;
   * absent: none.
   */
  notes?: string[];
}

export function planHasChanges(plan: Plan): boolean {
  return plan.steps.length > 0;
}
