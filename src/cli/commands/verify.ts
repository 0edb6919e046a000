import { implicitProviderOf } from '../../model/shown-provider.js';
import { renderServedJson, renderServedText } from '../../plan/render/served.js';
import { renderServedMarkdown } from '../../plan/render/served-markdown.js';
import { servedExpectations, servedReport } from '../../plan/review/served.js';
import { askServers } from '../../verify/index.js';
import { EXIT_CHANGES, EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { givenNameServers, type NameServerOptions, serversOf } from '../options/name-servers.js';
import type { OutputFormat } from '../options/options.js';
import { appendStepSummary } from '../output/github.js';
import { cliLogger } from '../output/logger.js';
import { loadOrReport } from '../planning/load.js';
import { runSandbox } from '../sandbox/sandbox.js';
import type { SandboxOptions } from '../sandbox/sandbox-options.js';

export interface VerifyOptions extends NameServerOptions, SandboxOptions {
  format: OutputFormat;
  verbose: boolean;
  /** `--query-timeout MS`: one DNS query attempt. */
  queryTimeout: number;
  /** `--concurrency N`: DNS queries in flight at once. */
  concurrency: number;
}

/**
 * `edgeplan verify [PATH...]`: asks each authoritative name server of each zone (serversOf: `--nameserver`, the
 * provider's `verify_at`, the sandbox's, or the zone's NS set) for every record set of the desired state, and
 * compares values and TTL. Reads no API and writes nothing. Exit 0 every set served as desired by every server, 2 a
 * server serves something else, 1 a server could not be asked (or the desired state is invalid). Names and types
 * the desired state does not list are never asked. With `GITHUB_STEP_SUMMARY` set, the markdown report is appended
 * to the job summary.
 */
export async function verifyCommand(paths: string[], options: VerifyOptions, io: CliIo): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io, { format: options.format });
  if (!desired) return EXIT_ERROR;
  const given = givenNameServers(options);
  const sandbox = options.sandbox ? await runSandbox(options, io, cliLogger(io, options.verbose)) : undefined;
  try {
    const { expectations, notAsked } = servedExpectations(desired);
    const implicit = implicitProviderOf(desired);
    const asked = await askServers(expectations, serversOf(desired.dnsProviders, given, sandbox), {
      concurrency: options.concurrency,
      timeoutMs: options.queryTimeout,
      implicitProvider: implicit,
    });
    const report = servedReport(asked, notAsked, implicit);
    const markdown = renderServedMarkdown(report);
    if (options.format === 'json') io.stdout(renderServedJson(report));
    else if (options.format === 'markdown') io.stdout(markdown);
    else io.stdout(renderServedText(report));
    await appendStepSummary(() => markdown, io);
    if (report.counts.failed > 0) return EXIT_ERROR;
    return report.counts.differs > 0 ? EXIT_CHANGES : EXIT_OK;
  } finally {
    await sandbox?.emulator.close();
  }
}
