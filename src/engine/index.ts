export {
  ApplyInterruptedError,
  type ApplyOptions,
  applyPlan,
} from './apply-plan.js';
export { DEFAULT_APPLY_CONCURRENCY } from './defaults.js';
export { planLive, planWithLive } from './plan-live.js';
export { planChecked, planReviewed, type ReviewOptions } from './plan-reviewed.js';
export { accountsOf, type Providers, writersOf } from './providers.js';
export { readLive } from './read-live.js';
export {
  checkSavedPlan,
  describeRefusal,
  type SavedPlanCheck,
  type SavedPlanRefusal,
  type SavedPlanRefused,
  savedDesiredRefusal,
} from './saved-plan.js';
export type { ApplyEvent, ApplyResult, StepOutcome } from './types.js';
