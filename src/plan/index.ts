export { computePlan } from './diff.js';
export { PlanProblemsError } from './plan-problems.js';
export { renderPlanJson } from './render-json.js';
export { MARKDOWN_LIMIT, type MarkdownOptions, renderPlanMarkdown } from './render-markdown.js';
export { NO_CHANGES_TEXT, renderPlanText, type TextRenderOptions } from './render-text.js';
export type { Approval, PlanFingerprints, TargetFingerprint } from './review-types.js';
export {
  type ChangeAction,
  opsOfTarget,
  PLAN_FORMAT_VERSION,
  type Plan,
  type PlanOp,
  type PlanStep,
  type PlanSummary,
  planHasChanges,
  type RecordChange,
  type RecordSetValue,
  type StepKind,
  type ZonePlan,
} from './types.js';
export { describeShortfall, wafBudgetShortfall } from './waf-budget.js';
export type { BotRef, WafPlanBudget, WebappPlan } from './waf-types.js';
