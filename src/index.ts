/**
 * The library API: load → plan → apply, for programmatic use. The CLI is a thin layer over these.
 *
 *   const loaded = await loadDesiredState(['config/'], { capabilities: DYN_CAPABILITIES });
 *   if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
 *   const dns = createDynProvider(dynConfigFromEnv(process.env));
 *   try {
 *     const plan = await planReviewed(loaded.desired, { dns });
 *     console.log(renderPlanText(plan, { color: false }));
 *     const result = await applyPlan(plan, writersOf({ dns }));
 *   } finally {
 *     await dns.close();
 *   }
 */
export {
  type ApplyEvent,
  type ApplyOptions,
  type ApplyResult,
  applyPlan,
  type Providers,
  planLive,
  planReviewed,
  type StepOutcome,
  writersOf,
} from './apply/index.js';
export { type LoadOptions, type LoadResult, loadDesiredState } from './config/index.js';
export { createEmulator, type Emulator, type EmulatorOptions, loadSeedFile } from './emulator/index.js';
export type * from './model/change.js';
export { type Diagnostic, formatDiagnostic } from './model/diagnostic.js';
export type * from './model/dns.js';
export type { Logger } from './model/logger.js';
export type { DnsCapabilities, ProviderOp, StepWriter } from './model/provider.js';
export { RECORD_TYPES, type RecordType, recordType } from './model/record-types/index.js';
export { parseTarget, type Target, targetText } from './model/target.js';
export {
  computePlan,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
} from './plan/index.js';
export type * from './plan/types.js';
export {
  createDynProvider,
  DYN_CAPABILITIES,
  type DynProvider,
  dynConfigFromEnv,
} from './providers/dyn/index.js';
export { createWafProvider, type WafProvider, wafConfigFromEnv } from './providers/waf/index.js';
