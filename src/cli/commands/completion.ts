import type { Command } from 'commander';
import { bashScript } from '../completion/bash.js';
import { fishScript } from '../completion/fish.js';
import type { Shell } from '../completion/shells.js';
import { completionSpec } from '../completion/spec.js';
import { zshScript } from '../completion/zsh.js';
import { EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';

const RENDERERS = { bash: bashScript, zsh: zshScript, fish: fishScript } satisfies Record<Shell, unknown>;

/**
 * `edgeplan completion bash|zsh|fish`: prints the shell's completion script, generated from `program` (every
 * command, flag and value as the CLI defines them, so the script cannot drift). Reads and sends nothing.
 */
export function completionCommand(program: Command, shell: Shell, io: CliIo): ExitCode {
  io.stdout(RENDERERS[shell](completionSpec(program)));
  return EXIT_OK;
}
