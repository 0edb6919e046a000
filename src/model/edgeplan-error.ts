import { type ErrorCode, type ErrorKind, kindOfCode } from './error-codes.js';

/**
 * The one family of edgeplan's errors. Each class states its stable `code` (model/error-codes.ts, the registry, says
 * what it means); its `kind` follows from the code's range, and the CLI's exit code from the kind. `cause` is the
 * standard one: the error this one wraps, when there is one. Tell errors apart by `code` (`err.code === 'EP2104'`);
 * the library exports the classes a caller can act on.
 */
export abstract class EdgeplanError extends Error {
  abstract readonly code: ErrorCode;

  get kind(): ErrorKind {
    return kindOfCode(this.code);
  }
}

/** `error`'s code when it is one of edgeplan's errors. */
export function codeOf(error: unknown): ErrorCode | undefined {
  return error instanceof EdgeplanError ? error.code : undefined;
}
