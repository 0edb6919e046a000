import type { Logger } from '../model/logger.js';
import type { CliIo } from './io.js';

/** Logs go to stderr; debug lines (the HTTP log, already redacted by the transport) only with --verbose. */
export function cliLogger(io: CliIo, verbose: boolean): Logger {
  return {
    debug: (message) => {
      if (verbose) io.stderr(`debug: ${message}\n`);
    },
    info: (message) => io.stderr(`${message}\n`),
    warn: (message) => io.stderr(`warning: ${message}\n`),
  };
}
