/**
 * The library API: load → plan → apply, for programmatic use. The CLI is a thin layer over these.
 *
 *   const loaded = await loadDesiredState(['config/']);
 *   const dns = createDynProvider({ ...dynConfigFromEnv(process.env) });
 *   const plan = await planLive(loaded.desired, { dns });
 *   const result = await applyPlan(plan, dns);
 *   await dns.close();
 */
export {
  type ApplyEvent,
  type ApplyOptions,
  type ApplyResult,
  applyPlan,
  type PlanWriter,
  planLive,
  planReviewed,
  type StepOutcome,
} from './apply/index.js';
export { type LoadResult, loadDesiredState } from './config/index.js';
export { createEmulator, type Emulator, type EmulatorOptions, loadSeedFile } from './emulator/index.js';
export { type Diagnostic, formatDiagnostic } from './model/diagnostic.js';
export type * from './model/dns.js';
export type { Logger } from './model/logger.js';
export { computePlan, renderPlanJson, renderPlanMarkdown, renderPlanText } from './plan/index.js';
export type * from './plan/types.js';
export { createDynProvider, dynConfigFromEnv } from './providers/dyn/index.js';
