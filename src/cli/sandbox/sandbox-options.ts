/** The `--sandbox` flags as parsed, and the checks made before a command runs (the sandbox itself: sandbox.ts). */

/** Where `--sandbox` keeps the emulator's account without `--sandbox-state FILE`. */
export const DEFAULT_SANDBOX_STATE = '.edgeplan-sandbox.json';

/**
 * `--sandbox`: the command runs against an emulator inside the process, serving both APIs on one port, its account
 * kept in a state file (`--sandbox-state FILE`, default DEFAULT_SANDBOX_STATE, written with mode 0600: it holds the
 * sandbox's credentials) so that plan → apply → plan works across runs. `--seed FILE` is the account when the state
 * file does not exist yet; when it does, the seed is ignored and the command says so on stderr. `--realistic` runs
 * the sandbox with the realistic profile (src/emulator/realistic.ts; `--time-scale F` scales its durations), and the
 * client then paces itself to the DNS rate limit as it does against the service.
 */
export interface SandboxOptions {
  sandbox?: boolean;
  sandboxState?: string;
  seed?: string;
  realistic?: boolean;
  timeScale?: number;
  /** `--dns-lag MS`: the sandbox's name servers serve each publish this long after it. */
  dnsLag?: number;
}

/** `--sandbox-state`, `--seed` and `--realistic` without `--sandbox` are usage errors: they would be ignored. */
export function sandboxUsageProblem(options: SandboxOptions): string | null {
  if (options.timeScale !== undefined && !options.realistic)
    return '--time-scale only works with --realistic';
  if (options.sandbox) return null;
  const given = [
    options.sandboxState && '--sandbox-state',
    options.seed && '--seed',
    options.realistic && '--realistic',
    options.dnsLag !== undefined && '--dns-lag',
  ].filter(Boolean);
  return given.length > 0 ? `${given.join(' and ')} only work with --sandbox` : null;
}
