/**
 * The library API: everything the CLI does, for programmatic use (docs/library.md has a complete example that a
 * test compiles against the packed package). The CLI is a thin layer over these:
 * - load: `loadDesiredState` (with the registered providers, `{ catalogue: PROVIDER_CATALOGUE }`), `parseAckFile`;
 * - open: `openProviders` (every provider a desired state names, as the CLI opens them), or one provider on its
 *   own: `openDyn`, `openPowerDns`, `openRfc2136`, `openZonefile`, `openWaf`; the one way to open providers;
 * - plan: `planReviewed` with the opened providers, or `computePlan` (pure);
 * - render: `renderPlanText`, `renderPlanMarkdown`, `renderPlanJson`, `renderDriftText`, `renderDriftJson`;
 * - apply: `applyPlan` with `writersOf(providers)`;
 * - drift: `driftReport`;
 * - import: a DNS provider's `readInventory`, `readWafInventory`, then `importDocuments`;
 * - saved plans: `parsePlanFile` (with `PROVIDER_OP_SCHEMAS`, or `savedPlanOpSchemas` for DNS providers named
 *   under `providers:`), then `checkSavedPlan`;
 * - errors: every error a call throws is an `EdgeplanError` with a stable `code` and its `kind` (`errorCodeTable`
 *   lists them); the classes a caller acts on are exported (a conflict, a lost outcome, an interrupted apply, problems
 *   against live state, a bad plan or ack file, missing settings), the rest are told apart by `code`
 *   (docs/troubleshooting.md says what each means and what to do).
 */

export { AckFileError, parseAckFile } from './config/ack-file.js';
export { type LoadOptions, type LoadResult, loadDesiredState } from './config/index.js';
export {
  type DnsOpening,
  type OpenedProviders,
  type OpenOptions,
  openDnsProvider,
  openDyn,
  openPowerDns,
  openProviders,
  openRfc2136,
  openWaf,
  openZonefile,
} from './connect/index.js';
export { createEmulator, type Emulator, type EmulatorOptions, loadSeedFile } from './emulator/index.js';
export {
  type ApplyEvent,
  ApplyInterruptedError,
  type ApplyOptions,
  type ApplyResult,
  accountsOf,
  applyPlan,
  checkSavedPlan,
  DEFAULT_APPLY_CONCURRENCY,
  describeRefusal,
  type Providers,
  planLive,
  planReviewed,
  type SavedPlanCheck,
  type SavedPlanRefusal,
  type SavedPlanRefused,
  type StepOutcome,
  writersOf,
} from './engine/index.js';
export { type ImportDocuments, type ImportFile, importDocuments } from './import/documents.js';
export type { Acknowledgement } from './model/acknowledgement.js';
export type * from './model/change.js';
export { type Diagnostic, formatDiagnostic } from './model/diagnostic.js';
export type * from './model/dns.js';
export {
  type DnsProviderSpec,
  IMPLICIT_PROVIDER,
  type ProviderCatalogue,
  type ProviderType,
} from './model/dns-provider-spec.js';
export { codeOf, EdgeplanError } from './model/edgeplan-error.js';
export { type ErrorCode, type ErrorCodeInfo, type ErrorKind, errorCodeTable } from './model/error-codes.js';
export type * from './model/inventory.js';
export type { LiveState } from './model/live.js';
export type { Logger } from './model/logger.js';
export {
  type DnsCapabilities,
  OutcomeUnknownError,
  type ProviderAccount,
  type ProviderOp,
  type StepWriter,
  ZoneChangedError,
} from './model/provider.js';
export { RECORD_TYPES, type RecordType, recordType } from './model/record-types/index.js';
export {
  type DnsTarget,
  parseTarget,
  type ServiceTarget,
  type Target,
  type TargetPattern,
  targetText,
} from './model/target.js';
export type { SerialStyle, ZoneSettings } from './model/zone.js';
export {
  computePlan,
  type DriftReport,
  type DriftStatus,
  type DriftTarget,
  driftReport,
  type MarkdownOptions,
  type OpSchemas,
  PlanFileError,
  PlanProblemsError,
  parsePlanFile,
  parseTargets,
  planHasChanges,
  renderDriftJson,
  renderDriftText,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
  type SavedPlan,
  type TargetScope,
  type TextRenderOptions,
} from './plan/index.js';
export type { Approval, Digest, PlanFingerprints, TargetFingerprint } from './plan/review-types.js';
export type * from './plan/types.js';
export { DYN_CAPABILITIES, DYN_PROVIDER } from './providers/dyn/index.js';
export { EnvConfigError } from './providers/http/env-config.js';
export { PROVIDER_OP_SCHEMAS, savedPlanOpSchemas } from './providers/op-schemas.js';
export { PDNS_OP_SCHEMA, pdnsCapabilities } from './providers/pdns/index.js';
export type { DnsProviderPlugin, ProviderContext } from './providers/plugin.js';
export { DNS_PROVIDERS, PROVIDER_CATALOGUE, pluginOf } from './providers/registry.js';
export { WAF_PROVIDER, type WafProvider } from './providers/waf/index.js';
export { readWafInventory } from './providers/waf/read-inventory.js';
