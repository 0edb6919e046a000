import { access } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { DnsServer } from '../../dns-wire/index.js';
import type { Emulator } from '../../emulator/index.js';
import type { Logger } from '../../model/logger.js';
import type { ProviderAccount } from '../../model/provider.js';
import type { SandboxService } from '../../providers/plugin.js';
import { CliError } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { prepareFile } from '../options/write-place.js';
import { repositoryRoot, slashes } from '../planning/source-paths.js';
import { DEFAULT_SANDBOX_STATE, type SandboxOptions } from './sandbox-options.js';

/** The in-process emulator of `--sandbox`, serving both APIs on one port. */
export interface RunningSandbox {
  emulator: Emulator;
  /** The DNS API base (`…/REST`). */
  url: string;
  /** The WAF API root (`…/api/v3`). */
  wafUrl: string;
  /** Runs the realistic profile: the DNS rate limit is on, so the client paces to it. */
  realistic: boolean;
  /**
   * The account as saved plans record it: the state file, relative to the repository root (the port changes on
   * every run, so a plan made with `--sandbox` applies with `--sandbox` and the same state file, and only so).
   */
  accountUrl: string;
  /** The sandbox's name servers on 127.0.0.1 (UDP and TCP, one free port), started on the first call. */
  nameServer(): Promise<DnsServer>;
}

export async function runSandbox(
  options: SandboxOptions,
  io: CliIo,
  logger: Logger,
): Promise<RunningSandbox> {
  const statePath = sandboxStatePath(options, io);
  await prepareFile('--sandbox-state', statePath);
  const stateExists = await access(statePath).then(
    () => true,
    () => false,
  );
  if (options.seed && stateExists)
    io.stderr(
      `sandbox: --seed ${options.seed} ignored: the account is the one kept in ${statePath} ` +
        '(delete that file to start again from the seed)\n',
    );
  // The emulator is loaded only here: a command without --sandbox never loads it.
  const { createEmulator, loadSeedFile, realisticProfile } = await import('../../emulator/index.js');
  const seed = options.seed && !stateExists ? await loadSeedFile(resolve(io.cwd, options.seed)) : undefined;
  const realistic = options.realistic === true;
  const profile = realistic ? realisticProfile({ timeScale: options.timeScale }) : {};
  const emulator = createEmulator({ seed, statePath, ...profile, dnsLagMs: options.dnsLag });
  const { url, wafUrl } = await emulator.listen(0, '127.0.0.1');
  const how = realistic ? ` (realistic, time scale ${options.timeScale ?? 1})` : '';
  logger.info(`sandbox: emulator on ${url}${how}, state in ${statePath}`);
  const root = await repositoryRoot(io.cwd);
  const accountUrl = `sandbox:${slashes(relative(root.dir, statePath))}`;
  let dns: Promise<DnsServer> | undefined;
  const nameServer = () => {
    dns ??= emulator.serveDns(0, '127.0.0.1').then(({ port }) => {
      logger.info(`sandbox: name servers on 127.0.0.1:${port}`);
      return { host: '127.0.0.1', port };
    });
    return dns;
  };
  return { emulator, url, wafUrl, accountUrl, realistic, nameServer };
}

/** The account of a sandbox provider: its state file instead of the URL of this run's port. */
export function sandboxAccount(running: RunningSandbox, binding: Record<string, string>): ProviderAccount {
  return { binding: { ...binding, url: running.accountUrl } };
}

/**
 * The sandbox's DNS API as providers claim it (providers/plugin.ts): one account, so a second provider claiming it
 * is refused, as it would write the same zones.
 */
export function sandboxService(running: RunningSandbox): SandboxService {
  let claimed: string | undefined;
  return {
    claim(provider) {
      if (claimed !== undefined && claimed !== provider)
        throw new CliError(
          `--sandbox serves one Dyn account: providers "${claimed}" and "${provider}" would write the same zones`,
        );
      claimed = provider;
      const { credentials } = running.emulator;
      return {
        url: running.url,
        customerName: credentials.customer_name,
        userName: credentials.user_name,
        password: credentials.password,
        realistic: running.realistic,
        account: (binding) => sandboxAccount(running, binding),
      };
    },
  };
}

function sandboxStatePath(options: SandboxOptions, io: CliIo): string {
  return resolve(io.cwd, options.sandboxState ?? DEFAULT_SANDBOX_STATE);
}
