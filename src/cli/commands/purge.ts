import { printable } from '../../model/text.js';
import { WafPurgeLimitError } from '../../providers/waf/index.js';
import { CliError, EXIT_OK, type ExitCode, UsageError } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { RateLimitFlags } from '../options/rate-limits.js';
import { cliLogger } from '../output/logger.js';
import { runSandbox } from '../sandbox/sandbox.js';
import type { SandboxOptions } from '../sandbox/sandbox-options.js';
import { openWafTarget } from '../services/waf-target.js';

export interface PurgeOptions extends RateLimitFlags, SandboxOptions {
  /** `--path P`, repeatable: purge these paths only; none: the whole cache. */
  path: string[];
  verbose: boolean;
}

/**
 * `edgeplan purge WEBAPP [--path P...]`: purges a webapp's cache (whole, or the paths given), waits for the purge to
 * finish and says how many purges are left this hour. One purge request, counted against the service's separate
 * budget of 20 purges an hour; when it is spent, nothing is purged and the run exits 1 saying when it resets.
 */
export async function purgeCommand(webapp: string, options: PurgeOptions, io: CliIo): Promise<ExitCode> {
  const paths = options.path.map((p) => p.trim());
  const bad = paths.filter((p) => p === '' || /\s/.test(p));
  if (bad.length > 0)
    throw new UsageError(`--path must be a non-empty path without spaces, got ${JSON.stringify(bad[0])}`);
  const logger = cliLogger(io, options.verbose);
  const sandbox = options.sandbox ? await runSandbox(options, io, logger) : undefined;
  try {
    const target = openWafTarget(options, io, logger, sandbox);
    try {
      const result = await target.provider.purge(webapp, paths);
      const what =
        paths.length > 0 ? `${paths.length === 1 ? 'path' : 'paths'} ${paths.join(', ')}` : 'whole cache';
      const left = result.bucket
        ? `; ${result.bucket.remaining} of ${result.bucket.limit} purges left this hour (resets in ${Math.ceil(result.bucket.resetSeconds / 60)} min)`
        : '';
      // The webapp's name and the task id are the service's: escaped.
      io.stdout(
        `${printable(`Purged ${what} of webapp ${result.webapp.name} (task ${result.taskId})${left}.`)}\n`,
      );
      return EXIT_OK;
    } catch (error) {
      if (error instanceof WafPurgeLimitError) throw new CliError(error.message);
      throw error;
    } finally {
      await target.close();
    }
  } finally {
    await sandbox?.emulator.close();
  }
}
