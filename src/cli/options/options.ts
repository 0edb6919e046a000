import type { CliIo } from '../io.js';
import type { ChangedScope } from '../planning/changed-scope.js';
import type { SandboxOptions } from '../sandbox/sandbox-options.js';
import type { RateLimitFlags } from './rate-limits.js';

export type OutputFormat = 'text' | 'markdown' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'markdown', 'json'];

/** Flags shared by the commands that talk to a service. */
export interface ServiceOptions extends RateLimitFlags, SandboxOptions {
  format: OutputFormat;
  color: boolean;
  verbose: boolean;
  /** `--target kind:glob`, repeatable; empty: the whole desired state. */
  target?: string[];
  /** `--cache DIR`: reuse zone reads while the zone's serial is unchanged (providers/dyn/read/zone-cache.ts). */
  cache?: string;
  /** `--strict`: warnings about the desired state are errors (docs/lints.md). */
  strict?: boolean;
  /** `plan --changed-since REF`, resolved against git before anything is read (planning/changed-scope.ts). */
  changed?: ChangedScope;
}

/**
 * Whether the text plan is coloured, as Node itself decides for its own output: never with --no-color; with
 * FORCE_COLOR set, on a terminal or not (a CI log that renders ANSI), when it is `''`, `1`, `2`, `3` or `true`, and
 * never for any other value (`0`, `false`); otherwise on a terminal only, unless NO_COLOR is set and not empty
 * (https://no-color.org).
 */
export function useColor(options: { color: boolean }, io: CliIo): boolean {
  if (!options.color) return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return ['', '1', '2', '3', 'true'].includes(force.trim().toLowerCase());
  return io.stdoutIsTTY && !io.env.NO_COLOR;
}
