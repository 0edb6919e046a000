import { EdgeplanError } from '../model/edgeplan-error.js';
import type { ErrorCode, ErrorKind } from '../model/error-codes.js';

/** Exit codes users' CI reads (docs/cli.md, "Exit codes"). Only the CLI maps outcomes to them. */
export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
/** `plan`: the desired state differs from live state. */
export const EXIT_CHANGES = 2;
/**
 * The command line itself is wrong (an unknown command or flag, a missing or malformed value, flags that only work
 * together): nothing was read or sent. 64 is EX_USAGE of sysexits.h, so CI tells a typo from a failed run.
 */
export const EXIT_USAGE = 64;

/** `apply` stopped by SIGINT (Ctrl-C) or SIGTERM (a cancelled CI job): 128 + the signal's number, as shells do. */
export const EXIT_SIGINT = 130;
export const EXIT_SIGTERM = 143;

export type ExitCode =
  | typeof EXIT_OK
  | typeof EXIT_ERROR
  | typeof EXIT_CHANGES
  | typeof EXIT_USAGE
  | typeof EXIT_SIGINT
  | typeof EXIT_SIGTERM;

/**
 * The exit code of each kind of error (model/error-codes.ts): the one place an error becomes an exit code. An
 * interrupt exits 128 + its signal's number when the error names the signal; anything not of edgeplan's family is 1.
 */
const EXIT_OF_KIND = {
  config: EXIT_ERROR,
  provider: EXIT_ERROR,
  conflict: EXIT_ERROR,
  'outcome-unknown': EXIT_ERROR,
  refused: EXIT_ERROR,
  usage: EXIT_USAGE,
  interrupted: EXIT_ERROR,
  internal: EXIT_ERROR,
} as const satisfies Record<ErrorKind, ExitCode>;

export function exitCodeOf(error: unknown): ExitCode {
  if (!(error instanceof EdgeplanError)) return EXIT_ERROR;
  if (error.kind === 'interrupted' && error instanceof InterruptedError)
    return error.signal === 'SIGINT' ? EXIT_SIGINT : EXIT_SIGTERM;
  return EXIT_OF_KIND[error.kind];
}

/**
 * An expected failure the CLI finds itself, with a message for the user (no stack trace): a flag's value it cannot
 * use, a refusal. `code` names its family (model/error-codes.ts); its kind gives the exit code.
 */
export class CliError extends EdgeplanError {
  override readonly name: string = 'CliError';

  constructor(
    override readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A command line that cannot be run as written (exit EXIT_USAGE); the message says which flag and why. */
export class UsageError extends CliError {
  override readonly name = 'UsageError';
}

/** A command stopped by SIGINT or SIGTERM before it changed anything (its reads abandoned, its sessions closed). */
export class InterruptedError extends CliError {
  constructor(readonly signal: 'SIGINT' | 'SIGTERM') {
    super(
      'EP7001',
      `interrupted by ${signal} while reading live state: nothing was changed; the sessions were closed`,
    );
  }
}
