import type { Command } from 'commander';
import { STATE_COMMANDS, TOOL_COMMANDS } from './definitions/names.js';
import { rootCommand } from './definitions/root.js';
import { STATE_DEFINITIONS } from './definitions/state.js';
import { TOOL_DEFINITIONS } from './definitions/tools.js';
import type { ExitCode } from './exit-codes.js';
import type { CliIo } from './io.js';

/**
 * The commander program of every command, flag and argument: `runCli` (run.ts) runs it when the command line does
 * not start with a command's name (`--help`, an unknown command and its suggestions, `completion`); shell
 * completion (completion/) and the docs test read its definitions. Actions report their exit code through
 * `setExit`.
 */
export function buildProgram(io: CliIo, setExit: (code: ExitCode) => void): Command {
  const program = rootCommand(io);
  for (const name of STATE_COMMANDS) STATE_DEFINITIONS[name](program, io, setExit);
  for (const name of TOOL_COMMANDS) TOOL_DEFINITIONS[name](program, io, setExit);
  return program;
}
