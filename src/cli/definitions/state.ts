import { Option } from 'commander';
import { DEFAULT_APPLY_CONCURRENCY } from '../../engine/defaults.js';
import { DEFAULT_QUERY_CONCURRENCY, DEFAULT_QUERY_TIMEOUT_MS } from '../../verify/defaults.js';
import type { ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { parseDuration } from '../options/duration.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../options/options.js';
import { checkPathFlags } from '../options/path-flags.js';
import {
  collect,
  pathArgument,
  positiveInt,
  STRICT_HELP,
  withSandboxOptions,
  withServiceOptions,
} from '../options/shared-options.js';
import type { DefineCommand, StateCommand } from './names.js';

/**
 * The commands that read the desired state: their flags, arguments and help. Each command's code (and what it
 * needs: the YAML loader, providers, HTTP) is imported when that command runs.
 */
export const STATE_DEFINITIONS = {
  validate(program, io, setExit) {
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
        const { validateCommand } = await import('../commands/validate.js');
        setExit(await validateCommand(paths, options, io));
      });
  },
  plan(program, io, setExit) {
    withServiceOptions(program.command('plan'))
      .description('read live state and print the plan (exit 0 no changes, 2 changes, 1 error)')
      .option(
        '--out <file>',
        'also write the plan as JSON to this file (what `apply --plan` applies)',
        pathArgument,
      )
      .option(
        '--changed-since <ref>',
        'plan only the targets whose desired-state files differ from this git revision (a merge base); the others are not read',
      )
      .hook('preAction', checkPathFlags({ out: 'write', cache: 'dir', seed: 'read' }, io.cwd))
      .action(async (paths: string[], options) => {
        const { planCommand } = await import('../commands/plan.js');
        setExit(await planning(options.format, io, () => planCommand(paths, options, io)));
      });
  },
  apply(program, io, setExit) {
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
        const { applyCommand } = await import('../commands/apply.js');
        setExit(await planning(options.format, io, () => applyCommand(paths, options, io)));
      });
  },
  drift(program, io, setExit) {
    withServiceOptions(program.command('drift'))
      .description('read live state and report drift (exit 0 in sync, 2 drift, 1 error)')
      .option(
        '--ack <file>',
        'acknowledged drift: YAML list of { target, digest?, reason, owner, expires }',
        pathArgument,
      )
      .hook('preAction', checkPathFlags({ ack: 'read', cache: 'dir', seed: 'read' }, io.cwd))
      .action(async (paths: string[], options) => {
        const { driftCommand } = await import('../commands/drift.js');
        setExit(await planning(options.format, io, () => driftCommand(paths, options, io)));
      });
  },
  verify(program, io, setExit) {
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
      .option(
        '--query-timeout <ms>',
        'how long one DNS query may take',
        positiveInt,
        DEFAULT_QUERY_TIMEOUT_MS,
      )
      .option('--concurrency <n>', 'DNS queries in flight at once', positiveInt, DEFAULT_QUERY_CONCURRENCY)
      .option('--verbose', 'log what the sandbox does on stderr', false)
      .hook('preAction', checkPathFlags({ seed: 'read' }, io.cwd))
      .action(async (paths: string[], options) => {
        const { verifyCommand } = await import('../commands/verify.js');
        setExit(await verifyCommand(paths, options, io));
      });
  },
} satisfies Record<StateCommand, DefineCommand>;

const VALIDATE_FORMATS: readonly OutputFormat[] = ['text', 'json'];

/** A command that plans, its live-state problems reported like validation problems (load.ts). */
async function planning(
  format: OutputFormat,
  io: CliIo,
  command: () => Promise<ExitCode>,
): Promise<ExitCode> {
  const { reportingPlanProblems } = await import('../planning/load.js');
  return reportingPlanProblems(format, io, command);
}
