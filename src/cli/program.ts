import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_APPLY_CONCURRENCY } from '../apply/apply-plan.js';
import { printableLines } from '../model/text.js';
import { scrubbed } from '../providers/http/secrets.js';
import { withFaultOptions } from './emulator-faults.js';
import { CliError, EXIT_ERROR, EXIT_OK, type ExitCode, InterruptedError } from './exit-codes.js';
import type { CliIo } from './io.js';
import { OUTPUT_FORMATS, type OutputFormat } from './options.js';
import { DEFAULT_SANDBOX_STATE, sandboxUsageProblem } from './sandbox.js';
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
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
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
    return EXIT_ERROR;
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

function buildProgram(io: CliIo, setExit: (code: ExitCode) => void): Command {
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
    .action(async (paths: string[], options) => {
      const { planCommand } = await import('./commands/plan.js');
      setExit(await planning(options.format, io, () => planCommand(paths, options, io)));
    });

  withServiceOptions(program.command('apply'))
    .description(
      'plan, then execute it; one publish per touched zone (exit 0 applied and converged, 1 error)',
    )
    .option('-y, --yes', 'apply without asking (required when stdin is not a terminal)', false)
    .option('--concurrency <n>', 'zones applied at once', positiveInt, DEFAULT_APPLY_CONCURRENCY)
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
    .action(async (paths: string[], options) => {
      const { driftCommand } = await import('./commands/drift.js');
      setExit(await planning(options.format, io, () => driftCommand(paths, options, io)));
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
    .action(async (options) => {
      const { importCommand } = await import('./commands/import.js');
      setExit(await importCommand(options, io));
    });

  withSandboxOptions(withRateLimitOptions(program.command('purge')))
    .description("purge a webapp's cache, all of it or --path only (20 purges an hour; exit 0, 1 error)")
    .argument('<webapp>', 'webapp name or id')
    .option('--path <path>', 'purge only this path (repeatable); without it the whole cache', collect, [])
    .option('--verbose', 'log every HTTP request on stderr, secrets redacted', false)
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
    .action(async (options) => {
      const { emulatorCommand } = await import('./commands/emulator.js');
      setExit(await emulatorCommand(options, io));
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

function withServiceOptions(command: Command): Command {
  withSandboxOptions(command)
    .argument('[paths...]', 'YAML files or directories (default: current directory)')
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('text'))
    .option('--no-color', 'no colours (also when NO_COLOR is set)')
    .option('--verbose', 'log every HTTP request on stderr, secrets redacted', false)
    .option(
      '--cache <dir>',
      "reuse a zone's cached records while its serial is unchanged (clear it after re-creating a zone by other means)",
      pathArgument,
    )
    .option(
      '--target <kind:name>',
      'limit to zone:, secondary:, geo: or webapp: NAME (globs; repeatable)',
      collect,
      [],
    );
  return withRateLimitOptions(command);
}

/**
 * `--sandbox` is a plain flag, so that `plan --sandbox PATH` plans PATH; its state file is an option of its own.
 * `--sandbox-state` and `--seed` without `--sandbox` are refused rather than ignored.
 */
function withSandboxOptions(command: Command): Command {
  return command
    .option('--sandbox', 'run against the built-in emulator instead of the services in EDGEPLAN_*', false)
    .option(
      '--sandbox-state <file>',
      `with --sandbox: the file that keeps its account across runs (default ${DEFAULT_SANDBOX_STATE}, mode 0600)`,
      pathArgument,
    )
    .option(
      '--seed <file>',
      'with --sandbox: initial account when the state file does not exist yet',
      pathArgument,
    )
    .option(
      '--realistic',
      'with --sandbox: the emulator behaves as the real services do (rate limit, jobs, busy answers; README)',
    )
    .option(
      '--time-scale <f>',
      'with --realistic: multiply every duration of the profile by this',
      positiveNumber,
    )
    .hook('preAction', (_command, action) => {
      const problem = sandboxUsageProblem(action.opts());
      if (problem) action.error(`error: ${problem}`);
    });
}

/** This client's share of each service's budget, when other tools use the same account or address too. */
function withRateLimitOptions(command: Command): Command {
  return command
    .option(
      '--dns-rate-limit <n>',
      "this client's share of the DNS account's requests per minute (also EDGEPLAN_DYN_RATE_LIMIT; default: the service's 300, or what it announces)",
      positiveInt,
    )
    .option(
      '--waf-rate-limit <n>',
      "this client's share of the WAF requests per hour of this address (also EDGEPLAN_WAF_RATE_LIMIT; default: what the service announces, documented 500)",
      positiveInt,
    );
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function positiveNumber(value: string): number {
  const n = Number(value);
  if (!(value.trim() !== '' && Number.isFinite(n) && n > 0))
    throw new InvalidArgumentError('expected a number > 0');
  return n;
}

/** A path option's value: an empty or blank one is refused instead of being taken for `.`. */
function pathArgument(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('expected a path, got an empty value');
  return value;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port 0–65535');
  return n;
}
