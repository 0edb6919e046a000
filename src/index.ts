/**
 * The library API: everything the CLI does, for programmatic use (docs/library.md has a complete example that a
 * test compiles against the packed package). The CLI is a thin layer over these:
 * - load: `loadDesiredState` (with the registered providers, `{ catalogue: PROVIDER_CATALOGUE }`), `parseAckFile`;
 * - plan: `planReviewed` with both providers (`createDynProvider`, `createWafProvider`; PowerDNS:
 *   `createPdnsProvider`), or `computePlan` (pure);
 * - render: `renderPlanText`, `renderPlanMarkdown`, `renderPlanJson`, `renderDriftText`, `renderDriftJson`;
 * - apply: `applyPlan` with `writersOf(providers)`;
 * - drift: `driftReport`;
 * - import: `readDynInventory`, `readWafInventory`, then `importDocuments`;
 * - saved plans: `parsePlanFile` (with `PROVIDER_OP_SCHEMAS`, or `savedPlanOpSchemas` for DNS providers named
 *   under `providers:`), then `checkSavedPlan`;
 * - errors: every error class a call can throw, so callers can tell them apart with `instanceof`
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
export { MalformedMessageError } from './dns-wire/message.js';
export { DnsQueryError } from './dns-wire/query.js';
export { TsigError } from './dns-wire/tsig.js';
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
export type * from './model/inventory.js';
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
export { parseTarget, type Target, targetText } from './model/target.js';
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
  TargetPatternError,
  type TargetScope,
  type TextRenderOptions,
} from './plan/index.js';
export type { Approval, Digest, PlanFingerprints, TargetFingerprint } from './plan/review-types.js';
export type * from './plan/types.js';
export {
  createDynProvider,
  DYN_CAPABILITIES,
  DYN_PROVIDER,
  DynApiError,
  DynBaseUrlError,
  DynBusyError,
  type DynConfig,
  DynConfigError,
  DynJobLostError,
  DynJobTimeoutError,
  DynLoginError,
  DynOpError,
  type DynProvider,
  DynPublishUnknownError,
  DynSessionClosedError,
  DynSessionLostError,
  DynWireError,
  DynZoneChangedError,
  DynZoneFileError,
  dynConfigFromEnv,
} from './providers/dyn/index.js';
export { readDynInventory } from './providers/dyn/read/read-inventory.js';
export { EnvConfigError } from './providers/http/env-config.js';
export {
  HttpError,
  RateLimitWaitError,
  RequestAbortedError,
  ResponseTooLargeError,
  TransportError,
} from './providers/http/errors.js';
export { WireError } from './providers/http/wire-error.js';
export { PROVIDER_OP_SCHEMAS, savedPlanOpSchemas } from './providers/op-schemas.js';
export { PdnsOutcomeUnknownError } from './providers/pdns/errors.js';
export {
  createPdnsProvider,
  PDNS_OP_SCHEMA,
  PdnsApiError,
  PdnsBodyLimitError,
  PdnsConfigError,
  PdnsDnsUpdateOffError,
  PdnsOpError,
  type PdnsProviderOptions,
  PdnsWireError,
  pdnsCapabilities,
  pdnsConnectionFromEnv,
} from './providers/pdns/index.js';
export type { DnsProviderPlugin, ProviderContext } from './providers/plugin.js';
export { DNS_PROVIDERS, PROVIDER_CATALOGUE, pluginOf } from './providers/registry.js';
export { Rfc2136ZoneCreationError } from './providers/rfc2136/compile.js';
export { Rfc2136ConfigError } from './providers/rfc2136/config.js';
export {
  Rfc2136ConflictError,
  Rfc2136Error,
  Rfc2136LimitError,
  Rfc2136NotServedError,
  Rfc2136OutcomeUnknownError,
} from './providers/rfc2136/errors.js';
export { Rfc2136OpError } from './providers/rfc2136/op-schema.js';
export {
  createWafProvider,
  WAF_PROVIDER,
  WafApiError,
  WafAuthError,
  WafChangeFailedError,
  WafChangeTimeoutError,
  type WafConfig,
  WafConfigError,
  WafForbiddenError,
  WafOpError,
  type WafProvider,
  WafPurgeLimitError,
  WafRateLimitError,
  WafVerifyError,
  WafWireError,
  wafConfigFromEnv,
} from './providers/waf/index.js';
export { readWafInventory } from './providers/waf/read-inventory.js';
export { ZonefileConflictError, ZonefileReadError, ZonefileSetupError } from './providers/zonefile/errors.js';
export { ZonefileOpError } from './providers/zonefile/op-schema.js';
