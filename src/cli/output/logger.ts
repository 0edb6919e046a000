import type { Logger } from '../../model/logger.js';
import { printableLines } from '../../model/text.js';
import { scrubbed } from '../../providers/http/secrets.js';
import type { CliIo } from '../io.js';

/**
 * Logs go to stderr; debug lines (the HTTP log, already redacted by the transport) only with --verbose. Any URL in
 * a line is shown without its user name and password, and no known secret is shown (http/secrets.ts); then what
 * acts on a terminal (a live name's escape sequences) is escaped (model/text.ts).
 */
export function cliLogger(io: CliIo, verbose: boolean): Logger {
  const write = (line: string) => io.stderr(`${printableLines(scrubbed(line))}\n`);
  return {
    debugs: verbose,
    debug: (message) => {
      if (verbose) write(`debug: ${message}`);
    },
    info: (message) => write(message),
    warn: (message) => write(`warning: ${message}`),
  };
}
