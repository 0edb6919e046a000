import { plural } from '../../model/text.js';
import { EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { loadOrReport } from '../load.js';

/** `edgeplan validate [PATH...]`: load and check desired state; never touches the network. */
export async function validateCommand(paths: string[], io: CliIo): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io);
  if (!desired) return EXIT_ERROR;
  const records = desired.zones.reduce((n, zone) => n + zone.records.length, 0);
  const webapps = desired.waf ? `, ${plural(desired.waf.webapps.length, 'webapp')}` : '';
  io.stdout(`Valid: ${plural(desired.zones.length, 'zone')}, ${plural(records, 'record set')}${webapps}.\n`);
  return EXIT_OK;
}
