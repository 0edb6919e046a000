import { Argument, Command, CommanderError, Option } from 'commander';
import { DEFAULT_APPLY_CONCURRENCY } from '../apply/apply-plan.js';
import { printableLines } from '../model/text.js';
import { scrubbed } from '../providers/http/secrets.js';
import { DEFAULT_QUERY_CONCURRENCY, DEFAULT_QUERY_TIMEOUT_MS } from '../verify/defaults.js';
import { SHELLS, type Shell } from './completion/shells.js';
import { parseDuration } from './duration.js';
import { withFaultOptions } from './emulator-faults.js';
import {
  CliError,
  EXIT_ERROR,
  EXIT_OK,
  EXIT_USAGE,
  type ExitCode,
  InterruptedError,
  UsageError,
} from './exit-codes.js';
import type { CliIo } from './io.js';
import { OUTPUT_FORMATS, type OutputFormat } from './options.js';
import { checkPathFlags } from './path-flags.js';
import {
  collect,
  nonNegativeInt,
  pathArgument,
  portNumber,
  positiveInt,
  STRICT_HELP,
  withRateLimitOptions,
  withSandboxOptions,
  withServiceOptions,
} from './shared-options.js';
import { VERSION } from './version.js';

/**
 * The command line. Only what defines the commands and their options is imported here: each command's code (and
 * what it needs: the YAML loader, providers, HTTP, the emulator) is imported when that command runs, so that
 * `--version`, `--help` and a `validate` pay only for what they use.
 */

/** Runs one command line (without `node edgeplan`) and returns its exit code; never calls process.exit. */
export async function runCli(argv: readonly string[], given: CliIo): Promise<ExitCode> {
  const io = scrubbedIo(given);
  let exitCode: ExitCode = EXIT_OK;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    // Commander has printed its message (and the help) already: --help and --version exit 0, the rest are usage.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    if (error instanceof InterruptedError) {
      io.stderr(`error: ${error.message}\n`);
      return error.exitCode;
    }
    if (await reportedPlanProblems(error, io)) return EXIT_ERROR;
    // A message may quote a server's text: terminal escapes in it are shown, not acted on.
    io.stderr(`error: ${printableLines(error instanceof Error ? error.message : String(error))}\n`);
    if (!(error instanceof CliError) && argv.includes('--verbose') && error instanceof Error && error.stack) {
      io.stderr(`${printableLines(error.stack)}\n`);
    }
    return error instanceof UsageError ? EXIT_USAGE : EXIT_ERROR;
  }
  return exitCode;
}

/**
 * `io` whose output shows no secret: every URL's user name and password, and every secret the process holds
 * (http/secrets.ts: passwords, client secrets, tokens a server may echo), as `***`. All output goes through it.
 */
function scrubbedIo(io: CliIo): CliIo {
  return { ...io, stdout: (text) => io.stdout(scrubbed(text)), stderr: (text) => io.stderr(scrubbed(text)) };
}

/**
 * The commander program of every command, flag and argument: `runCli` runs it; shell completion (completion/) and
 * the docs test read its definitions. Actions report their exit code through `setExit`.
 */
export function buildProgram(io: CliIo, setExit: (code: ExitCode) => void): Command {
  const program = new Command('edgeplan')
    .description('DNS and web-application-firewall settings as code: validate, plan, apply, drift, import')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError();

  program
    .command('validate')
    .description('load and check the desired state; no network (exit 0 valid, 1 invalid)')
    .argument('[paths...]', 'YAML files or directories (default: current directory)')
    .addOption(
      new Option('--format <format>', 'output format (json: a document of the problems, or of the counts)')
        .choices(VALIDATE_FORMATS)
        .default('text'),
    )
    .option('--strict', STRICT_HELP, false)
    .action(async (paths: string[], options) => {
      const { validateCommand } = await import('./commands/validate.js');
      setExit(await validateCommand(paths, options, io));
    });

  withServiceOptions(program.command('plan'))
    .description('read live state and print the plan (exit 0 no changes, 2 changes, 1 error)')
    .option(
      '--out <file>',
      'also write the plan as JSON to this file (what `apply --plan` applies)',
      pathArgument,
    )
    .hook('preAction', checkPathFlags({ out: 'write', cache: 'dir', seed: 'read' }, io.cwd))
    .action(async (paths: string[], options) => {
      const { planCommand } = await import('./commands/plan.js');
      setExit(await planning(options.format, io, () => planCommand(paths, options, io)));
    });

  withServiceOptions(program.command('apply'))
    .description(
      'plan, then execute it; one publish per touched zone (exit 0 applied and converged, 1 error)',
    )
    .option('-y, --yes', 'apply without asking (required when stdin is not a terminal)', false)
    .option(
      '--concurrency <n>',
      'steps (zones, secondary zones, geo services, webapps) applied at once',
      positiveInt,
      DEFAULT_APPLY_CONCURRENCY,
    )
    .option(
      '--plan <file>',
      'apply this saved plan (plan --out), only if it is the plan of its files and live state today; ' +
        'PATH defaults to the paths it was made from',
      pathArgument,
    )
    .option(
      '--allow-unsafe',
      'apply changes the safety policy (settings.safety) marks as needing approval',
      false,
    )
    .option(
      '--allow-unbound',
      'with --plan: apply a saved plan that records no account (made by edgeplan 0.1, or edited)',
      false,
    )
    .option(
      '--wait-served [timeout]',
      'after the publish, wait until the name servers serve every changed record set (default 5m; 90s, 2m, …)',
      parseDuration,
    )
    .option(
      '--nameserver <host:port>',
      "with --wait-served: ask this server for every zone instead of the zones' NS sets (repeatable)",
      collect,
      [],
    )
    .hook('preAction', checkPathFlags({ plan: 'read', cache: 'dir', seed: 'read' }, io.cwd))
    .action(async (paths: string[], options) => {
      const { applyCommand } = await import('./commands/apply.js');
      setExit(await planning(options.format, io, () => applyCommand(paths, options, io)));
    });

  withServiceOptions(program.command('drift'))
    .description('read live state and report drift (exit 0 in sync, 2 drift, 1 error)')
    .option(
      '--ack <file>',
      'acknowledged drift: YAML list of { target, digest?, reason, owner, expires }',
      pathArgument,
    )
    .hook('preAction', checkPathFlags({ ack: 'read', cache: 'dir', seed: 'read' }, io.cwd))
    .action(async (paths: string[], options) => {
      const { driftCommand } = await import('./commands/drift.js');
      setExit(await planning(options.format, io, () => driftCommand(paths, options, io)));
    });

  withSandboxOptions(program.command('verify'))
    .description(
      'ask the authoritative name servers over DNS and compare their answers with the desired state (exit 0 served as desired, 2 differences, 1 error)',
    )
    .argument('[paths...]', 'YAML files or directories (default: current directory)')
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('text'))
    .option(
      '--nameserver <host:port>',
      "ask this server for every zone instead of the zones' NS sets (repeatable)",
      collect,
      [],
    )
    .option('--query-timeout <ms>', 'how long one DNS query may take', positiveInt, DEFAULT_QUERY_TIMEOUT_MS)
    .option('--concurrency <n>', 'DNS queries in flight at once', positiveInt, DEFAULT_QUERY_CONCURRENCY)
    .option('--verbose', 'log what the sandbox does on stderr', false)
    .hook('preAction', checkPathFlags({ seed: 'read' }, io.cwd))
    .action(async (paths: string[], options) => {
      const { verifyCommand } = await import('./commands/verify.js');
      setExit(await verifyCommand(paths, options, io));
    });

  withSandboxOptions(withRateLimitOptions(program.command('import')))
    .description('write desired-state YAML from live state, then prove that it plans empty (exit 0, 1 error)')
    .option(
      '--providers <path>',
      'read DNS from a provider under providers: in this desired state (file or dir)',
      pathArgument,
    )
    .option('--provider <name>', 'which provider of --providers to read; default its only DNS provider')
    .option('--zones <list>', 'comma-separated zones (primary and secondary) to import; globs allowed')
    .option('--geo-services <list>', 'comma-separated geo services to import; globs allowed')
    .option('--webapps <list>', 'comma-separated webapps (names or ids) to import; globs allowed')
    .option('--out <dir>', 'directory to write into', pathArgument, '.')
    .option('--single-file', 'write one file, edgeplan.yaml, instead of one per zone and section', false)
    .option('--force', 'overwrite existing files', false)
    .option('--no-color', 'no colours (also when NO_COLOR is set)')
    .option('--verbose', 'log every HTTP request on stderr, secrets redacted', false)
    .hook('preAction', checkPathFlags({ out: 'dir', seed: 'read' }, io.cwd))
    .action(async (options) => {
      const { importCommand } = await import('./commands/import.js');
      setExit(await importCommand(options, io));
    });

  withSandboxOptions(withRateLimitOptions(program.command('purge')))
    .description("purge a webapp's cache, all of it or --path only (20 purges an hour; exit 0, 1 error)")
    .argument('<webapp>', 'webapp name or id')
    .option('--path <url-path>', 'purge only this path (repeatable); without it the whole cache', collect, [])
    .option('--verbose', 'log every HTTP request on stderr, secrets redacted', false)
    .hook('preAction', checkPathFlags({ seed: 'read' }, io.cwd))
    .action(async (webapp: string, options) => {
      const { purgeCommand } = await import('./commands/purge.js');
      setExit(await purgeCommand(webapp, options, io));
    });

  withFaultOptions(program.command('emulator'))
    .description('run the local emulator of the DNS and WAF APIs until stopped (optionally with faults)')
    .option('--port <n>', 'port to listen on', portNumber, 8787)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--state <file>', 'persist the account in this file across restarts', pathArgument)
    .option('--seed <file>', 'initial account (YAML or JSON) when there is no state yet', pathArgument)
    .option(
      '--dns-port <n>',
      'also answer DNS for the published zones on this port, UDP and TCP (0: a free one)',
      portNumber,
    )
    .option(
      '--dns-lag <ms>',
      'with --dns-port: serve each publish this many milliseconds after it',
      nonNegativeInt,
    )
    .hook('preAction', checkPathFlags({ seed: 'read' }, io.cwd))
    .action(async (options) => {
      const { emulatorCommand } = await import('./commands/emulator.js');
      setExit(await emulatorCommand(options, io));
    });

  program
    .command('completion')
    .description('print the completion script of a shell (bash, zsh or fish); see docs/shell-completion.md')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .action(async (shell: Shell) => {
      const { completionCommand } = await import('./commands/completion.js');
      setExit(completionCommand(program, shell, io));
    });

  return program;
}

const VALIDATE_FORMATS: readonly OutputFormat[] = ['text', 'json'];

/** A command that plans, its live-state problems reported like validation problems (load.ts). */
async function planning(
  format: OutputFormat,
  io: CliIo,
  command: () => Promise<ExitCode>,
): Promise<ExitCode> {
  const { reportingPlanProblems } = await import('./load.js');
  return reportingPlanProblems(format, io, command);
}

/** Reports `error` when it is a PlanProblemsError; whether it was. Loaded only on this error path. */
async function reportedPlanProblems(error: unknown, io: CliIo): Promise<boolean> {
  const { PlanProblemsError } = await import('../plan/diff/plan-problems.js');
  if (!(error instanceof PlanProblemsError)) return false;
  const { reportPlanProblems } = await import('./load.js');
  reportPlanProblems(error, io);
  return true;
}
