import { type Command, CommanderError } from 'commander';
import { printableLines } from '../model/text.js';
import { scrubbed } from '../providers/http/secrets.js';
import { type DefineCommand, STATE_COMMANDS, TOOL_COMMANDS } from './definitions/names.js';
import { rootCommand } from './definitions/root.js';
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

/**
 * Runs the command line. Only what defines the command that runs is imported here: each command's code (and what
 * it needs: the YAML loader, providers, HTTP, the emulator) is imported when that command runs, so that
 * `--version`, `--help` and a `validate` pay only for what they use.
 */

/** Runs one command line (without `node edgeplan`) and returns its exit code; never calls process.exit. */
export async function runCli(argv: readonly string[], given: CliIo): Promise<ExitCode> {
  const io = scrubbedIo(given);
  let exitCode: ExitCode = EXIT_OK;
  const program = await programFor(argv, io, (code) => {
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
 * The program that parses `argv`. Commander's setup of every command, flag and help text is a share of a small
 * run's start-up, so a line that starts with a command's name gets that command alone, and `--version` alone the
 * bare `edgeplan`: each parses, helps and fails exactly as in the whole program. Anything else (`--help`, no
 * command, an unknown one and its suggestions, `help`, `completion`, which prints every command) gets every command.
 */
async function programFor(
  argv: readonly string[],
  io: CliIo,
  setExit: (code: ExitCode) => void,
): Promise<Command> {
  const [first] = argv;
  if (argv.length === 1 && (first === '--version' || first === '-V')) return rootCommand(io);
  const define = await definitionOf(first);
  if (define === undefined) {
    const { buildProgram } = await import('./program.js');
    return buildProgram(io, setExit);
  }
  const program = rootCommand(io);
  define(program, io, setExit);
  return program;
}

/** The definition of the command named `name`, alone; undefined for anything else and for `completion`. */
async function definitionOf(name: string | undefined): Promise<DefineCommand | undefined> {
  const state = STATE_COMMANDS.find((command) => command === name);
  if (state !== undefined) return (await import('./definitions/state.js')).STATE_DEFINITIONS[state];
  const tool = TOOL_COMMANDS.find((command) => command === name && command !== 'completion');
  if (tool !== undefined) return (await import('./definitions/tools.js')).TOOL_DEFINITIONS[tool];
  return undefined;
}

/**
 * `io` whose output shows no secret: every URL's user name and password, and every secret the process holds
 * (http/secrets.ts: passwords, client secrets, tokens a server may echo), as `***`. All output goes through it.
 */
function scrubbedIo(io: CliIo): CliIo {
  return { ...io, stdout: (text) => io.stdout(scrubbed(text)), stderr: (text) => io.stderr(scrubbed(text)) };
}

/** Reports `error` when it is a PlanProblemsError; whether it was. Loaded only on this error path. */
async function reportedPlanProblems(error: unknown, io: CliIo): Promise<boolean> {
  const { PlanProblemsError } = await import('../plan/diff/plan-problems.js');
  if (!(error instanceof PlanProblemsError)) return false;
  const { reportPlanProblems } = await import('./planning/load.js');
  reportPlanProblems(error, io);
  return true;
}
