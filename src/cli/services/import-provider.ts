import type { LoadOptions } from '../../config/index.js';
import type { DesiredState } from '../../model/dns.js';
import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import { pluginOf } from '../../providers/registry.js';
import { CliError, UsageError } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { LOAD_OPTIONS, loadOrReport } from '../planning/load.js';

/**
 * Which DNS provider `edgeplan import` reads (docs/cli.md, "Import"): without `--providers`, the one Dyn provider of
 * EDGEPLAN_DYN_* (or the sandbox), as always; with `--providers PATH`, the entry of that desired state's
 * `providers:` section that `--provider NAME` names, or its only DNS provider. The files import writes name no
 * provider (the same layout whichever provider they came from), so they can be planned against another one.
 */
export interface ImportSource {
  /** The `providers:` entry read from; undefined: the Dyn provider of a desired state without `providers:`. */
  spec?: DnsProviderSpec;
}

/** The source the options name; null when the `--providers` files are not valid (their problems were printed). */
export async function importSource(
  options: { providers?: string; provider?: string },
  io: CliIo,
): Promise<ImportSource | null> {
  if (options.providers === undefined) {
    if (options.provider !== undefined)
      throw new UsageError(
        'EP6002',
        `--provider ${options.provider}: give --providers PATH, the desired state whose providers: section defines it`,
      );
    return {};
  }
  const desired = await loadOrReport([options.providers], io);
  if (desired === null) return null;
  const specs = desired.dnsProviders.filter((spec) => !spec.implicit);
  if (specs.length === 0)
    throw new CliError('EP5107', `--providers ${options.providers}: it has no providers: section`);
  const names = specs.map((spec) => spec.name).join(', ');
  if (options.provider === undefined) {
    if (specs.length > 1)
      throw new CliError(
        'EP5107',
        `${specs.length} DNS providers are configured (${names}): choose one with --provider`,
      );
    return { spec: specs[0] };
  }
  const spec = specs.find((candidate) => candidate.name === options.provider);
  if (!spec) throw new CliError('EP5107', `--provider ${options.provider}: not under providers: (${names})`);
  return { spec };
}

/**
 * Why a lint error of the written files does not fail the round trip: the files hold the live zone as it is, so
 * the error is a fact of that zone, for the user to fix; `validate` and `plan` still refuse it.
 */
export const LIVE_LINT_REASON =
  'a fact of the live zone, reported by import as a warning; validate and plan refuse it until it is fixed';

/**
 * How the written files are validated: against what the source provider supports, zone lint errors reported as
 * warnings (LIVE_LINT_REASON).
 */
export function importLoadOptions(source: ImportSource): LoadOptions {
  const { spec } = source;
  const options = { ...LOAD_OPTIONS, lintErrorsAsWarnings: LIVE_LINT_REASON };
  return spec ? { ...options, implicitProvider: spec } : options;
}

/**
 * The written files' desired state put on the source provider, to plan them against it: every zone and secondary
 * zone on it, and the geo services too when it holds them. Without a spec, the state as it is.
 */
export function onSource(desired: DesiredState, source: ImportSource): DesiredState {
  const { spec } = source;
  if (!spec) return desired;
  const providers = [spec.name];
  const { geoProvider: _held, ...rest } = desired;
  return {
    ...rest,
    zones: desired.zones.map((zone) => ({ ...zone, providers })),
    secondaryZones: (desired.secondaryZones ?? []).map((zone) => ({ ...zone, providers })),
    dnsProviders: [spec],
    ...(pluginOf(spec.type)?.capabilities(spec.options).geoServices ? { geoProvider: spec.name } : {}),
  };
}
