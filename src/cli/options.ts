import type { CliIo } from './io.js';
import type { RateLimitFlags } from './rate-limits.js';
import type { SandboxOptions } from './sandbox.js';

export type OutputFormat = 'text' | 'markdown' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'markdown', 'json'];

/** Flags shared by the commands that talk to a service. */
export interface ServiceOptions extends RateLimitFlags, SandboxOptions {
  format: OutputFormat;
  color: boolean;
  verbose: boolean;
  /** `--target kind:glob`, repeatable; empty: the whole desired state. */
  target?: string[];
  /** `--cache DIR`: reuse zone reads while the zone's serial is unchanged (providers/dyn/zone-cache.ts). */
  cache?: string;
}

/** Colour only on a terminal, never with --no-color or NO_COLOR set (https://no-color.org). */
export function useColor(options: { color: boolean }, io: CliIo): boolean {
  return options.color && io.stdoutIsTTY && !io.env.NO_COLOR;
}
