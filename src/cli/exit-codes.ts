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

/** An expected failure with a message for the user (no stack trace): bad flags, missing credentials, refusals. */
export class CliError extends Error {
  override readonly name: string = 'CliError';
}

/** A command line that cannot be run as written (exit EXIT_USAGE); the message says which flag and why. */
export class UsageError extends CliError {
  override readonly name = 'UsageError';
}

/** A command stopped by SIGINT or SIGTERM before it changed anything (its reads abandoned, its sessions closed). */
export class InterruptedError extends CliError {
  constructor(readonly signal: 'SIGINT' | 'SIGTERM') {
    super(`interrupted by ${signal} while reading live state: nothing was changed; the sessions were closed`);
  }

  get exitCode(): ExitCode {
    return this.signal === 'SIGINT' ? EXIT_SIGINT : EXIT_SIGTERM;
  }
}
