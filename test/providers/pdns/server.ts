/**
 * A real PowerDNS Authoritative server for tests: `pdns_server` on 127.0.0.1 with a throwaway sqlite database
 * (Debian's `pdns-server` and `pdns-backend-sqlite3`, schema loaded with `sqlite3`), free ports for its HTTP API and
 * for DNS (UDP and TCP), and an API key of its own. Stopped and its files removed by `stop()`.
 *
 * Tests that need it call `pdnsMissing()`: the reason when the server cannot run here (so they skip, saying why),
 * null when it can. In CI (`CI` set) a missing server is an error, never a skip: `.ci/run` installs the packages.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProgram } from '../../support/programs.js';

const SCHEMAS = [
  '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql',
  '/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql',
];
const INSTALL = 'apt-get install -y pdns-server pdns-backend-sqlite3 sqlite3 dnsutils';

export interface PdnsServer {
  /** The server's web address, as a user puts it in `url_env`: `http://127.0.0.1:<port>`. */
  webUrl: string;
  /** The API base the provider talks to: `<webUrl>/api/v1`. */
  apiUrl: string;
  apiKey: string;
  /** The DNS port on 127.0.0.1 (UDP and TCP). */
  dnsPort: number;
  /** The server's process id (the benchmarks read its CPU time). */
  pid: number | undefined;
  /**
   * With `dnsUpdate`: the TSIG key the server knows (as `dnsupdate_tsig_env` holds it), and `allowUpdates(zone)`,
   * which lets only that key update the zone (its TSIG-ALLOW-DNSUPDATE metadata).
   */
  updateKeyText?: string;
  allowUpdates(zone: string): Promise<void>;
  stop(): Promise<void>;
}

export interface PdnsServerOptions {
  /** Answer ALIAS: `expand-alias=yes`, resolving targets with this same server. */
  alias?: boolean;
  /** The largest request body the API takes, in MB (`webserver-max-bodysize`; PowerDNS's default is 2). */
  maxBodyMb?: number;
  /** Take DNS UPDATE (RFC 2136) from 127.0.0.1: `dnsupdate=yes`, `allow-dnsupdate-from=127.0.0.0/8`. */
  dnsUpdate?: boolean;
}

/** Why pdns_server cannot run here, or null when it can; throws in CI, where it must. */
export function pdnsMissing(): string | null {
  const missing = [
    ...(findProgram('pdns_server') ? [] : ['pdns_server']),
    ...(findProgram('sqlite3') ? [] : ['sqlite3']),
    ...(findProgram('dig') ? [] : ['dig']),
    ...(SCHEMAS.some((path) => existsSync(path)) ? [] : ['the sqlite3 schema of pdns-backend-sqlite3']),
  ];
  if (missing.length === 0) return null;
  const reason = `${missing.join(', ')} not installed (${INSTALL})`;
  if (process.env.CI) throw new Error(`PowerDNS tests must run in CI, but ${reason}`);
  return reason;
}

export async function startPdnsServer(options: PdnsServerOptions = {}): Promise<PdnsServer> {
  const root = await mkdtemp(join(tmpdir(), 'edgeplan-pdns-'));
  try {
    const database = join(root, 'pdns.sqlite3');
    const schema = SCHEMAS.find((path) => existsSync(path)) ?? SCHEMAS[0];
    execFileSync(findProgram('sqlite3') ?? 'sqlite3', [database], { input: await readFile(schema ?? '') });
    // A port found free may be taken before the server binds it: try again with others.
    for (let attempt = 1; ; attempt++) {
      try {
        return await launch(root, database, options);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

async function launch(root: string, database: string, options: PdnsServerOptions): Promise<PdnsServer> {
  const apiPort = await freePort();
  const dnsPort = await freePort();
  const apiKey = randomBytes(16).toString('hex');
  const args = [
    '--no-config',
    '--daemon=no',
    '--guardian=no',
    '--disable-syslog',
    '--loglevel=3',
    `--socket-dir=${root}`,
    '--launch=gsqlite3',
    `--gsqlite3-database=${database}`,
    '--local-address=127.0.0.1',
    `--local-port=${dnsPort}`,
    '--webserver=yes',
    '--webserver-address=127.0.0.1',
    `--webserver-port=${apiPort}`,
    '--webserver-allow-from=127.0.0.0/8',
    '--api=yes',
    `--api-key=${apiKey}`,
    '--security-poll-suffix=',
    ...(options.alias ? ['--expand-alias=yes', `--resolver=127.0.0.1:${dnsPort}`] : []),
    ...(options.maxBodyMb ? [`--webserver-max-bodysize=${options.maxBodyMb}`] : []),
    ...(options.dnsUpdate ? ['--dnsupdate=yes', '--allow-dnsupdate-from=127.0.0.0/8'] : []),
  ];
  const child = spawn(findProgram('pdns_server') ?? 'pdns_server', args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = `${stderr}${chunk.toString()}`.slice(-4000);
  });
  const webUrl = `http://127.0.0.1:${apiPort}`;
  const api = (method: string, path: string, body: unknown) =>
    apiCall(`${webUrl}/api/v1/servers/localhost${path}`, apiKey, method, body);
  const updateSecret = randomBytes(32).toString('base64');
  try {
    await waitForApi(child, `${webUrl}/api/v1/servers/localhost`, apiKey, () => stderr);
    if (options.dnsUpdate)
      await api('POST', '/tsigkeys', { name: UPDATE_KEY, algorithm: 'hmac-sha256', key: updateSecret });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    webUrl,
    apiUrl: `${webUrl}/api/v1`,
    apiKey,
    dnsPort,
    pid: child.pid,
    ...(options.dnsUpdate ? { updateKeyText: `hmac-sha256:${UPDATE_KEY}:${updateSecret}` } : {}),
    allowUpdates: (zone) =>
      api('PUT', `/zones/${zone}./metadata/TSIG-ALLOW-DNSUPDATE`, { metadata: [UPDATE_KEY] }),
    async stop() {
      await stopChild(child);
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The TSIG key a server started with `dnsUpdate` knows. */
const UPDATE_KEY = 'edgeplan-update';

/** One API request that must succeed (2xx), or throws with the server's answer. */
async function apiCall(url: string, apiKey: string, method: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status}: ${await response.text()}`);
}

/** Polls the API until it answers 200; fails when the process exits first or after 15 s. */
async function waitForApi(
  child: ChildProcess,
  url: string,
  apiKey: string,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`pdns_server exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    try {
      const response = await fetch(url, { headers: { 'X-API-Key': apiKey } });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`pdns_server did not answer on ${url} within 15 s:\n${log()}`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** A port free for TCP and UDP on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
}
