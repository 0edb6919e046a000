import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_APPLY_CONCURRENCY } from '../apply/index.js';
import { PlanProblemsError } from '../plan/index.js';
import { applyCommand } from './commands/apply.js';
import { emulatorCommand } from './commands/emulator.js';
import { planCommand } from './commands/plan.js';
import { validateCommand } from './commands/validate.js';
import { CliError, EXIT_ERROR, EXIT_OK, type ExitCode } from './exit-codes.js';
import type { CliIo } from './io.js';
import { reportPlanProblems } from './load.js';
import { OUTPUT_FORMATS } from './options.js';
import { VERSION } from './version.js';

/** Runs one command line (without `node edgeplan`) and returns its exit code; never calls process.exit. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT_OK;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
    if (error instanceof PlanProblemsError) {
      reportPlanProblems(error, io);
      return EXIT_ERROR;
    }
    io.stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (!(error instanceof CliError) && argv.includes('--verbose') && error instanceof Error && error.stack) {
      io.stderr(`${error.stack}\n`);
    }
    return EXIT_ERROR;
  }
  return exitCode;
}

function buildProgram(io: CliIo, setExit: (code: ExitCode) => void): Command {
  const program = new Command('edgeplan')
    .description('DNS and web-application-firewall settings as code: validate, plan, apply')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError();

  program
    .command('validate')
    .description('load and check the desired state; no network (exit 0 valid, 1 invalid)')
    .argument('[paths...]', 'YAML files or directories (default: current directory)')
    .action(async (paths: string[]) => setExit(await validateCommand(paths, io)));

  withServiceOptions(program.command('plan'))
    .description('read live state and print the plan (exit 0 no changes, 2 changes, 1 error)')
    .option('--out <file>', 'also write the plan as JSON to this file')
    .action(async (paths: string[], options) => setExit(await planCommand(paths, options, io)));

  withServiceOptions(program.command('apply'))
    .description(
      'plan, then execute it; one publish per touched zone (exit 0 applied and converged, 1 error)',
    )
    .option('-y, --yes', 'apply without asking (required when stdin is not a terminal)', false)
    .option('--concurrency <n>', 'zones applied at once', positiveInt, DEFAULT_APPLY_CONCURRENCY)
    .action(async (paths: string[], options) => setExit(await applyCommand(paths, options, io)));

  program
    .command('emulator')
    .description('run the local emulator of the DNS API until stopped')
    .option('--port <n>', 'port to listen on', portNumber, 8787)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--state <file>', 'persist the account in this file across restarts')
    .option('--seed <file>', 'initial account (YAML or JSON) when there is no state yet')
    .action(async (options) => setExit(await emulatorCommand(options, io)));

  return program;
}

function withServiceOptions(command: Command): Command {
  return command
    .argument('[paths...]', 'YAML files or directories (default: current directory)')
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('text'))
    .option('--sandbox [state-file]', 'run against the built-in emulator, its account kept in STATE_FILE')
    .option('--seed <file>', 'with --sandbox: initial account when the state file does not exist yet')
    .option('--no-color', 'no colours (also when NO_COLOR is set)')
    .option('--verbose', 'log every HTTP request on stderr, secrets redacted', false);
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
