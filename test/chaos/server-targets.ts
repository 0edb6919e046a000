/**
 * Real servers for chaos runs, each behind a faulty proxy: PowerDNS (its HTTP API, test/providers/pdns/) and BIND
 * 9 over RFC 2136 (DNS over TCP, test/providers/rfc2136/). A run seeds the server without faults, arms the proxy
 * with its seed (`arm`), applies through it, disarms it, and reads the server straight. The faults are drawn per
 * request from the run's seed (KeyedRandom: a request's fault depends on which requests were made, not on how
 * they interleaved), and counted by kind.
 */
import { execFile } from 'node:child_process';
import { KeyedRandom } from '../../src/emulator/faults/prng.js';
import type { DnsProvider } from '../../src/model/dns.js';
import type { DnsCapabilities } from '../../src/model/provider.js';
import type { DecisionSink } from '../../src/providers/http/decisions.js';
import { pdnsContent } from '../../src/providers/pdns/content.js';
import { createPdnsProvider, pdnsCapabilities } from '../../src/providers/pdns/index.js';
import { rfc2136Capabilities } from '../../src/providers/rfc2136/capabilities.js';
import { parseTsigKey } from '../../src/providers/rfc2136/config.js';
import { createRfc2136Provider, Rfc2136Client } from '../../src/providers/rfc2136/index.js';
import { type HttpFault, startFaultProxy as startHttpProxy } from '../providers/pdns/fault-proxy.js';
import { pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { type Fault, startFaultProxy as startDnsProxy } from '../providers/rfc2136/fault-proxy.js';
import { serversMissing, startServer } from '../providers/rfc2136/servers.js';
import { findProgram } from '../support/programs.js';
import type { Scenario } from './chaos-scenario.js';
import { type ServerRecord, type ServerState, serverRecord, withEveryZone } from './server-scenario.js';

/** PowerDNS written by PATCH, PowerDNS written by DNS UPDATE, BIND 9 over RFC 2136. */
export type ServerKind = 'pdns' | 'pdns-dnsupdate' | 'bind';
export const SERVER_KINDS: readonly ServerKind[] = ['pdns', 'pdns-dnsupdate', 'bind'];

/** The faults a proxy injects, by kind: the same names for both wires where they mean the same. */
export const SERVER_FAULT_KINDS = [
  'error-5xx',
  'error-5xx-after',
  'reset',
  'lost-answer',
  'timeout',
  'servfail',
] as const;
export type ServerFaultKind = (typeof SERVER_FAULT_KINDS)[number];

/**
 * Per request, about as on Dyn's emulator (profile.ts): 5xx 3 %, resets 2 %; lost answers 2 %; timeouts 1 %
 * (Dyn's 0.4 % would leave some suites of 25 runs without one).
 */
const RATES = {
  http: { 'error-5xx': 0.015, 'error-5xx-after': 0.015, reset: 0.02, 'lost-answer': 0.02, timeout: 0.01 },
  dns: { servfail: 0.02, reset: 0.02, 'lost-answer': 0.02, timeout: 0.01 },
} satisfies Record<string, Partial<Record<ServerFaultKind, number>>>;
type Wire = keyof typeof RATES;

/** The wires each kind of server is spoken to over, all behind the proxy. */
const WIRES: Record<ServerKind, readonly Wire[]> = {
  pdns: ['http'],
  'pdns-dnsupdate': ['http', 'dns'],
  bind: ['dns'],
};

/** The fault kinds a server of `kind` meets. */
export function faultKindsOf(kind: ServerKind): ServerFaultKind[] {
  return SERVER_FAULT_KINDS.filter((fault) => WIRES[kind].some((wire) => Object.hasOwn(RATES[wire], fault)));
}

/** The per-attempt timeout under faults: a `timeout` holds a request for ever, so the client gives up. */
const CLIENT_TIMEOUT_MS = 300;
/**
 * Waits are real, if short (Dyn's chaos scales them down): PowerDNS on sqlite answers 500 to a write that meets
 * another's transaction, and only a resend that waits (the writer's backoff) gets through.
 */
const RETRY = { retries: 3, baseDelayMs: 200, maxDelayMs: 1000 };

export interface ChaosServer {
  kind: ServerKind;
  capabilities: DnsCapabilities;
  /** The scenario as this server can run it (BIND cannot create zones: every zone exists, empty or not). */
  scenario(scenario: Scenario): Scenario;
  /** Puts the scenario's live zones on the server, without faults. */
  seed(scenario: Scenario): Promise<void>;
  /** What the server holds of `zones`, read without faults. */
  read(zones: readonly string[]): Promise<ServerState>;
  /** Faults on, drawn from `seed`, counted from zero; off again with `disarm`, which returns the counts. */
  arm(seed: number): void;
  disarm(): Record<ServerFaultKind, number>;
  /** A provider through the proxy (timeouts short, waits short), or straight to the server. */
  provider(through: 'proxy' | 'direct', onDecision?: DecisionSink): DnsProvider;
  /** The `providers:` section of a desired state for the CLI (one provider, `dns`), and the variables it names. */
  providersYaml: string;
  cliEnv(through: 'proxy' | 'direct'): Record<string, string>;
  /** Told of every request the proxy is given, before it is passed on (a test kills the client there). */
  tap(listener: (() => void) | null): void;
  stop(): Promise<void>;
}

/** Why the server cannot run here (tests skip, saying so), or null. */
export function serverMissing(kind: ServerKind): string | null {
  return kind === 'bind' ? serversMissing() : pdnsMissing();
}

export function startChaosServer(kind: ServerKind, zones: readonly string[]): Promise<ChaosServer> {
  return kind === 'bind' ? startBind(zones) : startPdns(kind === 'pdns-dnsupdate');
}

/** The proxies' shared part: a fault per request while armed, drawn at its wire's rates, counted by kind. */
function faultPicker() {
  let random: KeyedRandom | null = null;
  let counts = emptyCounts();
  let listener: (() => void) | null = null;
  const pick = (wire: Wire, key: string): ServerFaultKind | null => {
    listener?.();
    if (!random) return null;
    const draw = random.draw(`${wire} ${key}`)();
    let edge = 0;
    for (const [fault, rate] of Object.entries(RATES[wire]) as [ServerFaultKind, number][]) {
      edge += rate;
      if (draw < edge) {
        counts[fault] += 1;
        return fault;
      }
    }
    return null;
  };
  return {
    pick,
    arm(seed: number) {
      random = new KeyedRandom(seed);
      counts = emptyCounts();
    },
    disarm() {
      random = null;
      return counts;
    },
    tap(given: (() => void) | null) {
      listener = given;
    },
  };
}

function emptyCounts(): Record<ServerFaultKind, number> {
  return Object.fromEntries(SERVER_FAULT_KINDS.map((kind) => [kind, 0])) as Record<ServerFaultKind, number>;
}

const HTTP_FAULTS: Partial<Record<ServerFaultKind, HttpFault>> = {
  'error-5xx': { status: 503, after: false },
  'error-5xx-after': { status: 504, after: true },
  reset: 'reset',
  'lost-answer': 'drop',
  timeout: 'hang',
};

async function startPdns(dnsUpdate: boolean): Promise<ChaosServer> {
  const server = await startPdnsServer({ dnsUpdate });
  const picker = faultPicker();
  const proxy = await startHttpProxy(server.webUrl, {
    fault: (method, path) => {
      const fault = picker.pick('http', `${method} ${path}`);
      return (fault && HTTP_FAULTS[fault]) ?? 'pass';
    },
  });
  const dnsProxy = await startDnsProxy(server.dnsPort, (request) => {
    const fault = picker.pick('dns', dnsKey(request));
    return (fault && DNS_FAULTS[fault]) ?? 'pass';
  });
  const updateKey = parseTsigKey(server.updateKeyText ?? '');
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.apiUrl}/servers/localhost/zones${path}`, {
      method,
      headers: { 'X-API-Key': server.apiKey, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok && response.status !== 404)
      throw new Error(`${method} ${path}: HTTP ${response.status}: ${text}`);
    return response.status === 404 ? null : text ? JSON.parse(text) : {};
  };
  return {
    kind: dnsUpdate ? 'pdns-dnsupdate' : 'pdns',
    capabilities: pdnsCapabilities({ dnsUpdate }),
    scenario: (scenario) => scenario,
    async seed(scenario) {
      for (const zone of scenario.zoneNames) {
        await api('DELETE', `/${zone}.`);
        const live = scenario.live[zone];
        if (!live) continue;
        await api('POST', '', {
          name: `${zone}.`,
          kind: 'Native',
          nameservers: ['ns1.example.net.'],
          soa_edit_api: 'DEFAULT',
          rrsets: rrsets(live.map((record) => serverRecord(record, zone))),
        });
      }
    },
    async read(zones) {
      const read: ServerState = {};
      for (const zone of zones) {
        const wire = await api('GET', `/${zone}.`);
        read[zone] =
          wire === null
            ? null
            : (wire.rrsets as PdnsRrset[]).flatMap((rrset) =>
                rrset.records
                  .filter((record) => !record.disabled)
                  .map((record) => ({
                    fqdn: rrset.name.replace(/\.$/, '').toLowerCase(),
                    type: rrset.type,
                    ttl: rrset.ttl,
                    value: record.content,
                  })),
              );
      }
      return read;
    },
    arm: picker.arm,
    disarm: picker.disarm,
    tap: picker.tap,
    providersYaml:
      'providers:\n  dns:\n    type: powerdns\n    url_env: EDGEPLAN_PDNS_URL\n    api_key_env: EDGEPLAN_PDNS_API_KEY\n' +
      (updateKey
        ? '    dnsupdate_server_env: EDGEPLAN_PDNS_DNS\n    dnsupdate_tsig_env: EDGEPLAN_PDNS_TSIG\n'
        : ''),
    cliEnv: (through) => ({
      EDGEPLAN_PDNS_URL: through === 'proxy' ? proxy.url : server.webUrl,
      EDGEPLAN_PDNS_API_KEY: server.apiKey,
      EDGEPLAN_PDNS_DNS: `127.0.0.1:${through === 'proxy' ? dnsProxy.port : server.dnsPort}`,
      EDGEPLAN_PDNS_TSIG: server.updateKeyText ?? '',
    }),
    provider: (through, onDecision) =>
      createPdnsProvider({
        name: 'dns',
        url: `${through === 'proxy' ? proxy.url : server.webUrl}/api/v1`,
        apiKey: server.apiKey,
        ...(through === 'proxy' ? { timeoutMs: CLIENT_TIMEOUT_MS, retry: RETRY, onDecision } : {}),
        ...(updateKey
          ? {
              dnsUpdate: {
                server: { host: '127.0.0.1', port: through === 'proxy' ? dnsProxy.port : server.dnsPort },
                key: updateKey,
                ...(through === 'proxy' ? { timeoutMs: CLIENT_TIMEOUT_MS } : {}),
              },
            }
          : {}),
      }),
    async stop() {
      await proxy.close();
      await dnsProxy.close();
      await server.stop();
    },
  };
}

interface PdnsRrset {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled?: boolean }[];
}

/** Records as PowerDNS rrsets: one per name and type, with the first record's TTL (a set has one). */
function rrsets(records: readonly ServerRecord[]) {
  const sets = new Map<string, ServerRecord[]>();
  for (const record of records) {
    const key = `${record.fqdn} ${record.type}`;
    sets.set(key, [...(sets.get(key) ?? []), record]);
  }
  return [...sets.values()].map((set) => ({
    name: `${set[0]?.fqdn}.`,
    type: set[0]?.type,
    ttl: set[0]?.ttl,
    changetype: 'REPLACE',
    records: set.map((record) => ({ content: pdnsContent(record.type, record.value), disabled: false })),
  }));
}

/** Runs `program` with `input` on stdin; rejects with its stderr when it fails. */
function run(program: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(program, args, (error, _stdout, stderr) =>
      error ? reject(new Error(`${program}: ${stderr || error.message}`)) : resolve(),
    );
    child.stdin?.end(input);
  });
}

/** The DNS request a proxy is shown, as a key: opcode, first question's name and type. */
function dnsKey(request: Buffer): string {
  const opcode = (request.readUInt16BE(2) >> 11) & 0xf;
  const labels: string[] = [];
  let at = 12;
  while (at < request.length && request[at] !== 0) {
    const length = request[at] ?? 0;
    labels.push(request.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += length + 1;
  }
  const type = request.length >= at + 3 ? request.readUInt16BE(at + 1) : 0;
  return `${opcode} ${labels.join('.')} ${type}`;
}

const DNS_FAULTS: Partial<Record<ServerFaultKind, Fault>> = {
  servfail: 'servfail',
  reset: 'drop',
  'lost-answer': { cutAfter: 0 },
  timeout: 'hang',
};

async function startBind(zones: readonly string[]): Promise<ChaosServer> {
  const server = await startServer(
    'bind',
    zones.map((zone) => ({ zone })),
  );
  const picker = faultPicker();
  const proxy = await startDnsProxy(server.port, (request) => {
    const fault = picker.pick('dns', dnsKey(request));
    return (fault && DNS_FAULTS[fault]) ?? 'pass';
  });
  const direct = new Rfc2136Client({ server: { host: '127.0.0.1', port: server.port }, key: server.key });
  const read = async (zone: string) =>
    (await direct.transfer(zone))?.map((r) => ({ ...r, fqdn: r.name })) ?? null;
  return {
    kind: 'bind',
    capabilities: rfc2136Capabilities(),
    scenario: withEveryZone,
    // nsupdate writes the zones: the scenario's KX records are a type the provider's wire codec has no use for.
    async seed(scenario) {
      const lines = [`server 127.0.0.1 ${server.port}`];
      for (const zone of scenario.zoneNames) {
        const held = (await read(zone)) ?? [];
        const sets = new Set(
          held
            .filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.fqdn === zone))
            .map((r) => `${r.fqdn} ${r.type}`),
        );
        lines.push(`zone ${zone}`, ...[...sets].map((set) => `update delete ${set}`));
        for (const record of scenario.live[zone] ?? []) {
          const { fqdn, type, ttl, value } = serverRecord(record, zone);
          lines.push(`update add ${fqdn} ${ttl} ${type} ${value}`);
        }
        lines.push('send');
      }
      await run(findProgram('nsupdate') ?? 'nsupdate', ['-y', server.keyText], `${lines.join('\n')}\n`);
    },
    async read(zones) {
      const state: ServerState = {};
      for (const zone of zones)
        state[zone] =
          (await read(zone))?.map(({ fqdn, type, ttl, value }) => ({ fqdn, type, ttl, value })) ?? null;
      return state;
    },
    arm: picker.arm,
    disarm: picker.disarm,
    tap: picker.tap,
    providersYaml:
      'providers:\n  dns: { type: rfc2136, server_env: EDGEPLAN_BIND_SERVER, tsig_env: EDGEPLAN_BIND_TSIG }\n',
    cliEnv: (through) => ({
      EDGEPLAN_BIND_SERVER: `127.0.0.1:${through === 'proxy' ? proxy.port : server.port}`,
      EDGEPLAN_BIND_TSIG: server.keyText,
    }),
    provider: (through) =>
      createRfc2136Provider({
        name: 'dns',
        server: { host: '127.0.0.1', port: through === 'proxy' ? proxy.port : server.port },
        key: server.key,
        ...(through === 'proxy' ? { timeoutMs: CLIENT_TIMEOUT_MS } : {}),
      }),
    async stop() {
      await proxy.close();
      await server.stop();
    },
  };
}
