import { Argument, InvalidArgumentError } from 'commander';
import { SHELLS, type Shell } from '../completion/shells.js';
import { checkPathFlags } from '../options/path-flags.js';
import {
  collect,
  nonNegativeInt,
  pathArgument,
  portNumber,
  positiveInt,
  withRateLimitOptions,
  withSandboxOptions,
} from '../options/shared-options.js';
import { withFaultOptions } from '../sandbox/emulator-flags.js';
import type { DefineCommand, ToolCommand } from './names.js';

/** The commands that do not read the desired state: import, purge, the emulator and shell completion. */
export const TOOL_DEFINITIONS = {
  import(program, io, setExit) {
    withSandboxOptions(withRateLimitOptions(program.command('import')))
      .description(
        'write desired-state YAML from live state, then prove that it plans empty (exit 0, 1 error)',
      )
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
      .option(
        '--find-templates',
        'write record sets that zones share as templates, and zones equal to another as same_as it',
      )
      .option('--min-zones <n>', 'with --find-templates: zones that must share sets (default 3)', atLeastTwo)
      .option('--no-color', 'no colours (also when NO_COLOR is set)')
      .option('--verbose', 'log every HTTP request on stderr, secrets redacted', false)
      .hook('preAction', checkPathFlags({ out: 'dir', seed: 'read' }, io.cwd))
      .action(async (options) => {
        const { importCommand } = await import('../commands/import.js');
        setExit(await importCommand(options, io));
      });
  },
  purge(program, io, setExit) {
    withSandboxOptions(withRateLimitOptions(program.command('purge')))
      .description("purge a webapp's cache, all of it or --path only (20 purges an hour; exit 0, 1 error)")
      .argument('<webapp>', 'webapp name or id')
      .option(
        '--path <url-path>',
        'purge only this path (repeatable); without it the whole cache',
        collect,
        [],
      )
      .option('--verbose', 'log every HTTP request on stderr, secrets redacted', false)
      .hook('preAction', checkPathFlags({ seed: 'read' }, io.cwd))
      .action(async (webapp: string, options) => {
        const { purgeCommand } = await import('../commands/purge.js');
        setExit(await purgeCommand(webapp, options, io));
      });
  },
  emulator(program, io, setExit) {
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
        const { emulatorCommand } = await import('../commands/emulator.js');
        setExit(await emulatorCommand(options, io));
      });
  },
  completion(program, io, setExit) {
    program
      .command('completion')
      .description('print the completion script of a shell (bash, zsh or fish); see docs/shell-completion.md')
      .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
      .action(async (shell: Shell) => {
        const { completionCommand } = await import('../commands/completion.js');
        setExit(completionCommand(program, shell, io));
      });
  },
} satisfies Record<ToolCommand, DefineCommand>;

/** `--min-zones`: a template shared by one zone would be no template. */
function atLeastTwo(value: string): number {
  const n = positiveInt(value);
  if (n < 2) throw new InvalidArgumentError('expected an integer ≥ 2');
  return n;
}
