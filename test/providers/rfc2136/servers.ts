/**
 * Real RFC 2136 servers for tests: BIND 9 (`named -g`) and Knot (`knotd`) on a free 127.0.0.1 port, each in a
 * temp dir with throwaway zones and one TSIG key that may update and transfer them (a zone with `updates: false`
 * refuses updates). `stop()` stops the server and removes its files.
 *
 * `serversMissing()` says why they cannot run here (tests skip saying so), null when they can; in CI (`CI` set) a
 * missing server is an error, never a skip: `.ci/run` installs the packages.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TsigKey } from '../../../src/dns-wire/tsig.js';
import { Rfc2136Client } from '../../../src/providers/rfc2136/index.js';
import { findProgram, missingPrograms } from '../../support/programs.js';
import { freePort, stopChild } from '../pdns/server.js';

export type ServerKind = 'bind' | 'knot';

export interface ZoneSetup {
  zone: string;
  /** false: the zone takes no updates (BIND answers REFUSED, Knot NOTAUTH). Default true. */
  updates?: boolean;
  /** The zone file the server starts from; default: the SOA (serial 1) and an apex NS out of the zone. */
  text?: string;
}

export interface Rfc2136Server {
  kind: ServerKind;
  port: number;
  key: TsigKey;
  /** The key as `tsig_env` holds it (`hmac-sha256:edgeplan:…`). */
  keyText: string;
  /** The server's process id (the benchmarks read its CPU time; SIGHUP makes BIND reload changed zone files). */
  pid: number | undefined;
  /** The directory of its zone files, `<dir>/<zone>.zone`. */
  dir: string;
  stop(): Promise<void>;
}

const INSTALL = 'apt-get install -y bind9 bind9-utils knot knot-dnsutils dnsutils';

/** Why BIND and Knot cannot run here, or null; throws in CI, where they must. */
export function serversMissing(): string | null {
  return missingPrograms(['named', 'knotd', 'dig'], INSTALL);
}

/** A server of `kind` serving `zones`, each with the SOA serial 1, an apex NS out of the zone, and nothing else. */
export async function startServer(kind: ServerKind, zones: readonly ZoneSetup[]): Promise<Rfc2136Server> {
  const root = await mkdtemp(join(tmpdir(), `edgeplan-${kind}-`));
  const port = await freePort();
  const secret = randomBytes(32);
  const key: TsigKey = { algorithm: 'hmac-sha256', name: 'edgeplan-test', secret };
  await mkdir(join(root, 'db'));
  for (const { zone, text } of zones) await writeFile(join(root, `${zone}.zone`), text ?? zoneFile(zone));
  const conf = join(root, kind === 'bind' ? 'named.conf' : 'knot.conf');
  await writeFile(
    conf,
    kind === 'bind' ? bindConf(root, port, key, zones) : knotConf(root, port, key, zones),
  );
  const args = kind === 'bind' ? ['-g', '-n', '1', '-c', conf] : ['-c', conf];
  const child = spawn(findProgram(kind === 'bind' ? 'named' : 'knotd') ?? kind, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = `${log}${chunk.toString()}`.slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForZone(child, { host: '127.0.0.1', port }, key, zones[0]?.zone ?? '', () => log);
  } catch (error) {
    await stopChild(child);
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    kind,
    port,
    key,
    keyText: `hmac-sha256:${key.name}:${secret.toString('base64')}`,
    pid: child.pid,
    dir: root,
    async stop() {
      if (process.env.RFC2136_LOG) console.log(log);
      await stopChild(child);
      await rm(root, { recursive: true, force: true });
    },
  };
}

function zoneFile(zone: string): string {
  return [
    '$TTL 300',
    `${zone}. 300 IN SOA ns1.example.net. hostmaster.${zone}. 1 3600 600 86400 300`,
    `${zone}. 300 IN NS ns1.example.net.`,
    '',
  ].join('\n');
}

function bindConf(root: string, port: number, key: TsigKey, zones: readonly ZoneSetup[]): string {
  const zoneBlocks = zones.map(
    ({ zone, updates }) =>
      `zone "${zone}" { type primary; file "${join(root, `${zone}.zone`)}"; ` +
      `allow-transfer { key ${key.name}; }; check-integrity no; ${updates === false ? '' : `allow-update { key ${key.name}; }; `}};`,
  );
  return [
    'options {',
    `  directory "${root}";`,
    `  listen-on port ${port} { 127.0.0.1; };`,
    '  listen-on-v6 { none; };',
    `  pid-file "${join(root, 'named.pid')}";`,
    `  session-keyfile "${join(root, 'session.key')}";`,
    `  managed-keys-directory "${root}";`,
    '  recursion no;',
    '  notify no;',
    '  dnssec-validation no;',
    '};',
    'controls { };',
    `key "${key.name}" { algorithm hmac-sha256; secret "${key.secret.toString('base64')}"; };`,
    ...zoneBlocks,
    '',
  ].join('\n');
}

function knotConf(root: string, port: number, key: TsigKey, zones: readonly ZoneSetup[]): string {
  return [
    'server:',
    `  listen: 127.0.0.1@${port}`,
    `  rundir: "${root}"`,
    'database:',
    `  storage: "${join(root, 'db')}"`,
    'log:',
    '  - target: stderr',
    '    any: warning',
    'key:',
    `  - id: ${key.name}`,
    '    algorithm: hmac-sha256',
    `    secret: ${key.secret.toString('base64')}`,
    'acl:',
    '  - id: transfer',
    `    key: ${key.name}`,
    '    action: transfer',
    '  - id: update',
    `    key: ${key.name}`,
    '    action: update',
    'template:',
    '  - id: default',
    `    storage: "${root}"`,
    '    file: "%s.zone"',
    '    zonefile-sync: -1',
    '    zonefile-load: difference-no-serial',
    '    journal-content: all',
    'zone:',
    ...zones.flatMap(({ zone, updates }) => [
      `  - domain: ${zone}`,
      `    acl: [transfer${updates === false ? '' : ', update'}]`,
    ]),
    '',
  ].join('\n');
}

/** Asks for the first zone's SOA until the server answers; fails when it exits first or after 15 s. */
async function waitForZone(
  child: ChildProcess,
  server: { host: string; port: number },
  key: TsigKey,
  zone: string,
  log: () => string,
): Promise<void> {
  const client = new Rfc2136Client({ server, key, timeoutMs: 1000 });
  const deadline = Date.now() + 15_000;
  let last: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    try {
      if ((await client.soa(zone)) !== null) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not serve ${zone} within 15 s (${String(last)}):\n${log()}`);
}
