import { describe, expect, it } from 'vitest';
import * as library from '../../src/index.js';

/**
 * The library's values, pinned: a name added to or dropped from `src/index.ts` is a change of the public API, made
 * on purpose (docs/library.md, and CHANGELOG.md's "You must change" for one dropped). Providers open one way, through
 * the openers and their plug-ins (src/connect): no provider factory or settings reader of one provider beside them.
 */
const VALUES = [
  'AckFileError',
  'ApplyInterruptedError',
  'DEFAULT_APPLY_CONCURRENCY',
  'DNS_PROVIDERS',
  'DYN_CAPABILITIES',
  'DYN_PROVIDER',
  'EdgeplanError',
  'EnvConfigError',
  'IMPLICIT_PROVIDER',
  'OutcomeUnknownError',
  'PDNS_OP_SCHEMA',
  'PROVIDER_CATALOGUE',
  'PROVIDER_OP_SCHEMAS',
  'PlanFileError',
  'PlanProblemsError',
  'RECORD_TYPES',
  'WAF_PROVIDER',
  'ZoneChangedError',
  'accountsOf',
  'applyPlan',
  'checkSavedPlan',
  'codeOf',
  'computePlan',
  'createEmulator',
  'describeRefusal',
  'driftReport',
  'errorCodeTable',
  'formatDiagnostic',
  'importDocuments',
  'loadDesiredState',
  'loadSeedFile',
  'openDnsProvider',
  'openDyn',
  'openPowerDns',
  'openProviders',
  'openRfc2136',
  'openWaf',
  'openZonefile',
  'parseAckFile',
  'parsePlanFile',
  'parseTarget',
  'parseTargets',
  'pdnsCapabilities',
  'planHasChanges',
  'planLive',
  'planReviewed',
  'pluginOf',
  'readWafInventory',
  'recordType',
  'renderDriftJson',
  'renderDriftText',
  'renderPlanJson',
  'renderPlanMarkdown',
  'renderPlanText',
  'savedPlanOpSchemas',
  'targetText',
  'writersOf',
];

describe('the library exports', () => {
  it('are exactly the pinned values', () => {
    expect(Object.keys(library).sort()).toEqual(VALUES);
  });

  it('open providers only through the openers: no factory or settings reader of one provider', () => {
    const names = Object.keys(library);
    expect(names.filter((name) => /^create\w*Provider$|FromEnv$/.test(name))).toEqual([]);
    expect(names.filter((name) => /^open/.test(name)).sort()).toEqual([
      'openDnsProvider',
      'openDyn',
      'openPowerDns',
      'openProviders',
      'openRfc2136',
      'openWaf',
      'openZonefile',
    ]);
  });
});
