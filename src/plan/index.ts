/**
 * The plan layer: `diff/` (desired vs live → changes, and the providers' calls for them), `review/` (approvals,
 * fingerprints, staleness, scope, drift, saved plans), `render/` (text, markdown, JSON). Each folder imports only
 * below it; the layer imports nothing from config, providers, apply or cli.
 */

export { count } from '../model/text.js';
export { type ChangeOfKind, changesByTarget, changesOf, isChangeOf } from './diff/change-kinds.js';
export { computePlan, type PlanProviders } from './diff/compute-plan.js';
export { type GeoGroupChange, geoGroupChanges, geoNodeChanges } from './diff/geo-diff.js';
export { assertGeoLinksFree } from './diff/geo-link-check.js';
export { PlanProblemsError } from './diff/plan-problems.js';
export { renderDriftJson, renderDriftText } from './render/drift.js';
export { renderDriftMarkdown } from './render/drift-markdown.js';
export { type ApplyPace, durationText, rateText } from './render/duration.js';
export { renderPlanJson } from './render/json.js';
export { MARKDOWN_LIMIT, type MarkdownOptions, renderPlanMarkdown } from './render/markdown.js';
export { renderServedJson, renderServedText } from './render/served.js';
export { renderServedMarkdown } from './render/served-markdown.js';
export { NO_CHANGES_TEXT, renderPlanText, type TextRenderOptions } from './render/text.js';
export { ackCovers, changeDigest } from './review/ack-match.js';
export { annotatePlan } from './review/annotate.js';
export { checkScope } from './review/check-scope.js';
export { digestOf } from './review/digest.js';
export {
  type DriftChange,
  type DriftReport,
  type DriftStatus,
  type DriftTarget,
  driftHeadline,
  driftReport,
} from './review/drift.js';
export {
  desiredDigests,
  desiredStateDigest,
  geoLiveDigest,
  planFingerprints,
  secondaryLiveDigest,
  webappLiveDigest,
  zoneLiveDigest,
} from './review/fingerprint.js';
export { type OpSchemas, PlanFileError, parsePlanFile, type SavedPlan } from './review/plan-file.js';
export { describeApprovals, planApprovals } from './review/safety.js';
export { savedPlanDifferences } from './review/saved-plan-match.js';
export {
  desiredTargets,
  parseTargets,
  scopeDesired,
  scopeLive,
  TargetPatternError,
  type TargetScope,
  unmatchedPatterns,
} from './review/scope.js';
export {
  judge,
  type NotAsked,
  plannedExpectations,
  type ServedCheck,
  type ServedExpectation,
  type ServedReport,
  type ServedVerdict,
  servedExpectations,
  servedHeadline,
  servedReport,
  setVerdict,
} from './review/served.js';
export { desiredMismatches, movedTargets } from './review/staleness.js';
export {
  describeShortfall,
  formatSeconds,
  type WafBudgetShortfall,
  type WafBudgetWindow,
  wafBudgetShortfall,
} from './review/waf-budget.js';
export type { Approval, Digest, PlanFingerprints, TargetFingerprint } from './review-types.js';
export {
  type LeftAlone,
  PLAN_FORMAT_VERSION,
  type Plan,
  type PlanStep,
  type PlanSummary,
  planHasChanges,
  type StepKind,
  type WafPlanBudget,
  type ZoneHeader,
} from './types.js';
