/** Injected everywhere that reports progress; only the CLI decides where it goes. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
};
