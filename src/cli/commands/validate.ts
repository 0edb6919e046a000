import { plural } from '../../model/text.js';
import { PLAN_FORMAT_VERSION } from '../../plan/types.js';
import { EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { OutputFormat } from '../options/options.js';
import { loadWithWarnings, problemJson } from '../planning/load.js';

/**
 * `edgeplan validate [PATH...]`: load and check desired state; never touches the network. With `--format json`,
 * stdout is a JSON document: the problems (load.ts), or `{ formatVersion, valid: true, zones, recordSets, webapps,
 * warnings }` (`warnings`: the lint warnings, which do not make it invalid, each as a problem is written).
 * `--strict`: warnings are errors.
 */
export async function validateCommand(
  paths: string[],
  options: { format: OutputFormat; strict?: boolean },
  io: CliIo,
): Promise<ExitCode> {
  const loaded = await loadWithWarnings(paths, io, options);
  if (!loaded) return EXIT_ERROR;
  const { desired } = loaded;
  const zones = desired.zones.length;
  const recordSets = desired.zones.reduce((n, zone) => n + zone.records.length, 0);
  const webapps = desired.waf?.webapps.length ?? 0;
  if (options.format === 'json') {
    const warnings = loaded.warnings.map(problemJson);
    const doc = { formatVersion: PLAN_FORMAT_VERSION, valid: true, zones, recordSets, webapps, warnings };
    io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    return EXIT_OK;
  }
  const waf = desired.waf ? `, ${plural(webapps, 'webapp')}` : '';
  io.stdout(`Valid: ${plural(zones, 'zone')}, ${plural(recordSets, 'record set')}${waf}.\n`);
  return EXIT_OK;
}
