import type { Command } from 'commander';
import type { ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';

/**
 * The commands, in the order `--help` lists them: those that read the desired state (state.ts) and the other tools
 * (tools.ts). Each module holds its commands' definitions, so that a run defines the one command it runs
 * (run.ts) and loads only its group's definitions.
 */
export const STATE_COMMANDS = ['validate', 'plan', 'apply', 'drift', 'verify'] as const;
export const TOOL_COMMANDS = ['import', 'purge', 'emulator', 'completion'] as const;

export type StateCommand = (typeof STATE_COMMANDS)[number];
export type ToolCommand = (typeof TOOL_COMMANDS)[number];

/** Adds one command, its flags and its action to `program`; the action reports its exit code through `setExit`. */
export type DefineCommand = (program: Command, io: CliIo, setExit: (code: ExitCode) => void) => void;
