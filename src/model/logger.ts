/** Injected everywhere that reports progress; only the CLI decides where it goes. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  /**
   * `false`: debug lines go nowhere (the CLI without --verbose), so a caller may skip building a costly one (the
   * HTTP log's redacted bodies). Absent: they are kept.
   */
  readonly debugs?: boolean;
}

export const silentLogger: Logger = {
  debugs: false,
  debug() {},
  info() {},
  warn() {},
};
