import { resolve } from 'node:path';
import { createEmulator, loadSeedFile } from '../../emulator/index.js';
import { EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { prepareFile } from '../options/write-place.js';
import { exposureWarning } from '../sandbox/emulator-exposure.js';
import { describeFaults, faultOptionsOf } from '../sandbox/emulator-faults.js';
import type { EmulatorFaultFlags } from '../sandbox/emulator-flags.js';

export interface EmulatorCommandOptions extends EmulatorFaultFlags {
  port: number;
  host: string;
  state?: string;
  seed?: string;
  /** `--dns-port N`: also answer DNS for the published zones on this port (UDP and TCP); absent: no DNS. */
  dnsPort?: number;
  /** `--dns-lag MS`: serve each publish this long after it happened. */
  dnsLag?: number;
}

/** `edgeplan emulator`: serves the local emulator until SIGINT/SIGTERM, then closes cleanly (state already saved). */
export async function emulatorCommand(options: EmulatorCommandOptions, io: CliIo): Promise<ExitCode> {
  const seed = options.seed ? await loadSeedFile(resolve(io.cwd, options.seed)) : undefined;
  const statePath = options.state ? resolve(io.cwd, options.state) : undefined;
  if (statePath) await prepareFile('--state', statePath);
  const faults = faultOptionsOf(options);
  const profile = options.realistic ? `realistic profile (time scale ${options.timeScale ?? 1}): ` : '';
  const emulator = createEmulator({ seed, statePath, ...faults, dnsLagMs: options.dnsLag });
  // Listening for SIGINT/SIGTERM before saying where it listens: a signal sent as soon as that line is read (a
  // test, a service manager) stops the emulator cleanly instead of killing it.
  const shutdown = io.untilShutdown();
  const { url, wafUrl, address } = await emulator.listen(options.port, options.host);
  const state = statePath ? `, state in ${statePath}` : '';
  const dns =
    options.dnsPort === undefined ? undefined : await emulator.serveDns(options.dnsPort, options.host);
  const lag = options.dnsLag ? `, ${options.dnsLag} ms behind each publish` : '';
  const servers = dns ? `, name servers on ${hostPort(options.host, dns.port)} (UDP and TCP${lag})` : '';
  io.stderr(
    `edgeplan emulator: DNS API on ${url}, WAF API on ${wafUrl}${servers}${state}; ${profile}${describeFaults(faults)}\n`,
  );
  // The name servers bind the same host: one warning covers both.
  const exposed = exposureWarning(address);
  if (exposed) io.stderr(`${exposed}\n`);
  await shutdown;
  await emulator.close();
  io.stderr('edgeplan emulator: stopped\n');
  return EXIT_OK;
}

function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
