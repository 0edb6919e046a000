import { createRequire } from 'node:module';
import type picomatch from 'picomatch';

/**
 * picomatch, loaded the first time a glob is compiled. Most runs compile none (a `validate` without `unmanaged`
 * entries, a plan without `--target` or acknowledgements), and compiling and initialising the package at import
 * was a share of their start-up. It is required, not imported, so that the CLI's bundle leaves it out and Node loads
 * it from the installed dependency only then (docs/benchmarks.md).
 */
export function loadPicomatch(): typeof picomatch {
  if (loaded === undefined) {
    const required: typeof picomatch = createRequire(import.meta.url)('picomatch');
    loaded = required;
  }
  return loaded;
}

let loaded: typeof picomatch | undefined;
