import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_SANDBOX_STATE, sandboxUsageProblem } from '../sandbox/sandbox-options.js';
import { OUTPUT_FORMATS } from './options.js';

/** The flags several commands share, and the parsers of flag values: definitions/ builds the commands with them. */

export const STRICT_HELP =
  'warnings about the desired state are errors: exit 1, nothing sent (docs/lints.md)';

export function withServiceOptions(command: Command): Command {
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
    .option('--strict', STRICT_HELP, false)
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
export function withSandboxOptions(command: Command): Command {
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
      'with --sandbox: the emulator behaves as the real services do (rate limit, jobs, busy answers; docs/emulator.md)',
    )
    .option(
      '--time-scale <f>',
      'with --realistic: multiply every duration of the profile by this',
      positiveNumber,
    )
    .option(
      '--dns-lag <ms>',
      'with --sandbox: its name servers serve each publish this many milliseconds after it (shows apply --wait-served)',
      nonNegativeInt,
    )
    .hook('preAction', (_command, action) => {
      const problem = sandboxUsageProblem(action.opts());
      if (problem) action.error(`error: ${problem}`);
    });
}

/** This client's share of each service's budget, when other tools use the same account or address too. */
export function withRateLimitOptions(command: Command): Command {
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

export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function positiveNumber(value: string): number {
  const n = Number(value);
  if (!(value.trim() !== '' && Number.isFinite(n) && n > 0))
    throw new InvalidArgumentError('expected a number > 0');
  return n;
}

export function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected an integer ≥ 0');
  return n;
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

export function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port 0–65535');
  return n;
}

/** A path option's value: an empty or blank one is refused instead of being taken for `.`. */
export function pathArgument(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('expected a path, got an empty value');
  return value;
}
