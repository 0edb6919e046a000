import { plural } from '../../model/text.js';
import { PLAN_FORMAT_VERSION } from '../../plan/types.js';
import { EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { loadOrReport } from '../load.js';
import type { OutputFormat } from '../options.js';

/**
 * `edgeplan validate [PATH...]`: load and check desired state; never touches the network. With `--format json`,
 * stdout is a JSON document: the problems (load.ts), or `{ formatVersion, valid: true, zones, recordSets, webapps }`.
 */
export async function validateCommand(
  paths: string[],
  options: { format: OutputFormat },
  io: CliIo,
): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io, options.format);
  if (!desired) return EXIT_ERROR;
  const zones = desired.zones.length;
  const recordSets = desired.zones.reduce((n, zone) => n + zone.records.length, 0);
  const webapps = desired.waf?.webapps.length ?? 0;
  if (options.format === 'json') {
    const doc = { formatVersion: PLAN_FORMAT_VERSION, valid: true, zones, recordSets, webapps };
    io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    return EXIT_OK;
  }
  const waf = desired.waf ? `, ${plural(webapps, 'webapp')}` : '';
  io.stdout(`Valid: ${plural(zones, 'zone')}, ${plural(recordSets, 'record set')}${waf}.\n`);
  return EXIT_OK;
}
