export { type ApplyOptions, applyPlan, DEFAULT_APPLY_CONCURRENCY } from './apply-plan.js';
export { type LiveReaders, planLive } from './plan-live.js';
export { planReviewed } from './plan-reviewed.js';
export { readLive } from './read-live.js';
export { routeWriter, type ServiceWriters } from './route-writer.js';
export type { ApplyEvent, ApplyResult, PlanWriter, StepOutcome } from './types.js';
