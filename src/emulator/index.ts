/**
 * The built-in emulator of the Dyn-style DNS REST API (help.dyn.com, Managed DNS API): one
 * account, real HTTP on a local port, sessions with per-session pending changes, publish, a request log and
 * fault injection for tests and benchmarks.
 */
import type { AddressInfo } from 'node:net';
import { createAdminHandler } from './admin.js';
import { ServedZones } from './dns/served-zones.js';
import { type DnsServer, startDnsServer } from './dns/server.js';
import type { Credentials } from './dyn/account.js';
import { Account } from './dyn/account.js';
import type { Ctx } from './dyn/context.js';
import { createDnsHandler } from './dyn/http.js';
import { JobStore } from './dyn/jobs.js';
import { type PublishEntry, PublishHistory } from './dyn/publish-history.js';
import { DnsRateLimiter, type DnsRateLimitOptions } from './dyn/rate-limit.js';
import { SessionStore } from './dyn/sessions.js';
import { TaskStore } from './dyn/tasks.js';
import { ChaosEngine, type ChaosStats } from './faults/engine.js';
import { FaultInjector } from './faults/injector.js';
import type { ChaosOptions } from './faults/options.js';
import { RequestLog } from './request-log.js';
import { type EmulatorSeed, parseSeed } from './seed.js';
import { createEmulatorServer } from './server.js';
import { readStateFile, StateWriter } from './state-file.js';
import { WafAccount } from './waf/account.js';
import { createWafService, WAF_API_PREFIX, type WafEmulatorOptions } from './waf/service.js';

export type { Credentials } from './dyn/account.js';
export type { Envelope, ErrCode, Msg } from './dyn/envelope.js';
export type { PublishEntry } from './dyn/publish-history.js';
export type { DnsRateLimitOptions } from './dyn/rate-limit.js';
export type { ChaosStats, FaultPhase } from './faults/engine.js';
export type { FaultRule, FaultSpec } from './faults/injector.js';
export { FaultInjector } from './faults/injector.js';
export { type ChaosOptions, FAULT_KINDS, type FaultKind } from './faults/options.js';
export {
  overProfile,
  REALISTIC,
  type RealisticOptions,
  type RealisticProfile,
  realisticProfile,
} from './realistic.js';
export type { RequestLogEntry, RequestLogFilter } from './request-log.js';
export { RequestLog } from './request-log.js';
export type { EmulatorSeed } from './seed.js';
export { loadSeedFile, parseSeed } from './seed.js';
export type { WafEmulatorOptions } from './waf/service.js';

export interface EmulatorOptions {
  /** Initial account; default: no zones, credentials demo/demo/demo. Validated at creation (throws when invalid). */
  seed?: EmulatorSeed;
  /**
   * JSON state file: loaded by `listen()` when it exists (wins over `seed`), else written by `listen()` with the
   * seeded account (so the next run starts from it, whatever this one changes), and rewritten after every publish,
   * zone create and zone delete, WAF change and cache purge (the purge budget's window is kept in it).
   */
  statePath?: string;
  /**
   * Idle time after which a session ends (`login: inactivity logout`) and its pending changes are dropped; default
   * 60 min.
   */
  sessionIdleMs?: number;
  /** Clock in ms (session idle time, serials of epoch/day/minute zones); default `Date.now`. */
  now?: () => number;
  /** The WAF API: token lifetime, rate limit, change timing (all on `now`). */
  waf?: WafEmulatorOptions;
  /** Seeded fault injection on both APIs (faults/options.ts); absent: no faults. */
  chaos?: ChaosOptions;
  /** The DNS API's per-account rate limit (dyn/rate-limit.ts; `{}` for the service's 300 per minute); absent: off. */
  dnsRateLimit?: DnsRateLimitOptions;
  /** Told when the state file cannot be written (the change stays applied in memory); default: a line on stderr. */
  onStateError?: (message: string) => void;
  /** Serve the admin endpoint `/_emulator/` (admin.ts: request counts, process figures); default off. */
  admin?: boolean;
  /**
   * How long after a publish (or a zone created or deleted) the name servers of `serveDns` serve it
   * (dns/served-zones.ts); default 0: at once.
   */
  dnsLagMs?: number;
}

/** Fault injection and what it did, for tests and reliability reports. */
export interface ChaosControls {
  /** Faults injected so far, by kind (all zero without `chaos` options). */
  stats(): ChaosStats;
  /** Switches every injected fault and delay off or back on. */
  setEnabled(on: boolean): void;
  /** Every publish made, with the zone's records after it. */
  readonly publishes: readonly PublishEntry[];
  /** Unpublished changes held by live sessions. */
  pendingChanges(): { zone: string; changes: number }[];
  /** Ends every session idle for the configured time now, as the periodic sweep would; returns how many. */
  sweepSessions(): number;
}

/** Test and fault-injection handles on the WAF API. */
export interface WafControls {
  /** The next `count` good-bot changes (of `webappId`, or of any webapp) end as `failed`. */
  failNextChanges(count?: number, webappId?: string): void;
  /** The API application's credentials (after `listen()`, those of a loaded state file). */
  readonly credentials: { client_id: string; client_secret: string };
}

export interface Emulator {
  /** Starts serving; default host 127.0.0.1, port 0 (ephemeral). `url` is the API base, `http://host:port/REST`. */
  /** `address`: the one bound, a host name resolved (`0.0.0.0`, `::`: every interface). */
  listen(
    port?: number,
    host?: string,
  ): Promise<{ url: string; port: number; wafUrl: string; address: string }>;
  /**
   * Also answers DNS for the published zones, over UDP and TCP on one port (default 0: a free one), as their
   * authoritative name server (dns/answer.ts). Call after `listen()`, so that a loaded state file is what it serves.
   */
  serveDns(port?: number, host?: string): Promise<{ port: number }>;
  /** Stops serving (DNS too), drops open connections and waits for pending state-file writes. */
  close(): Promise<void>;
  readonly requestLog: RequestLog;
  readonly faults: FaultInjector;
  readonly chaos: ChaosControls;
  readonly waf: WafControls;
  /** Login credentials of the account (after `listen()`, those of a loaded state file). */
  readonly credentials: Credentials;
  /** Published state in seed form, record ids included. */
  snapshot(): EmulatorSeed;
}

const DEFAULT_IDLE_MS = 60 * 60 * 1000;

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const now = options.now ?? Date.now;
  const writer = options.statePath ? new StateWriter(options.statePath) : undefined;
  const sessions = new SessionStore(options.sessionIdleMs ?? DEFAULT_IDLE_MS, now);
  let jobId = 4_300_000_000;
  const nextJobId = () => ++jobId;
  const engine = options.chaos ? new ChaosEngine(options.chaos) : undefined;
  const publishes = new PublishHistory();
  const seed = parseSeed(options.seed);
  const ctx: Ctx = {
    account: Account.fromSeed(seed.dns),
    sessions,
    now,
    persist: () => persistState(),
    tasks: new TaskStore(now, () => ctx.account.credentials.customer_name),
    jobs: new JobStore(now, nextJobId),
    publishes,
  };
  const requestLog = new RequestLog();
  const faults = new FaultInjector();
  const waf = createWafService(seed.waf, options.waf ?? {}, {
    now,
    log: requestLog,
    persist: ctx.persist,
    chaos: engine,
  });
  const snapshot = (): EmulatorSeed => ({ dns: ctx.account.toSeed(), waf: waf.account.toSeed() });
  // A change is applied in memory before it is saved: a state file that cannot be written is reported, and the
  // request still answers what it did (a 500 would tell the client a publish that happened did not).
  const persistState = async () => {
    try {
      await writer?.write(snapshot());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      (options.onStateError ?? reportStateError)(`emulator: state file not written (${reason})`);
    }
  };
  const chaos = engine ? { engine, jobs: ctx.jobs, sessions } : undefined;
  const dns = createDnsHandler({
    ctx,
    log: requestLog,
    faults,
    nextJobId,
    chaos,
    rateLimit: options.dnsRateLimit ? new DnsRateLimiter(options.dnsRateLimit, now) : undefined,
  });
  const server = createEmulatorServer({
    dns,
    waf: waf.handle,
    admin: options.admin ? createAdminHandler(requestLog) : undefined,
  });

  let nameServer: DnsServer | undefined;
  // Made when listen() has loaded the account: what the name servers serve before any publish of this run.
  let servedZones: ServedZones | undefined;

  return {
    requestLog,
    faults,
    snapshot,
    chaos: {
      stats: () => (engine ?? new ChaosEngine()).stats(),
      setEnabled: (on) => engine?.setEnabled(on),
      publishes: publishes.entries,
      pendingChanges: () => sessions.pendingChanges(),
      sweepSessions: () => sessions.sweep(),
    },
    waf: {
      failNextChanges: (count, webappId) => waf.changes.failNext(count, webappId),
      get credentials() {
        return { ...waf.account.client };
      },
    },
    get credentials() {
      return { ...ctx.account.credentials };
    },
    async listen(port = 0, host = '127.0.0.1') {
      if (options.statePath) {
        const saved = await readStateFile(options.statePath);
        if (saved) ctx.account = Account.fromSeed(saved.dns);
        if (saved?.waf) waf.account = WafAccount.fromSeed(saved.waf, new Date(now()).toISOString());
        if (!saved) await persistState();
      }
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      sessions.startSweeper();
      servedZones = new ServedZones({ account: () => ctx.account, publishes, now }, options.dnsLagMs ?? 0);
      const { port: bound, address } = server.address() as AddressInfo;
      const hostPart = host.includes(':') ? `[${host}]` : host;
      const origin = `http://${hostPart}:${bound}`;
      return { url: `${origin}/REST`, port: bound, wafUrl: `${origin}${WAF_API_PREFIX}`, address };
    },
    async serveDns(port = 0, host = '127.0.0.1') {
      const served = servedZones;
      if (!served) throw new Error('serveDns() before listen(): the account to serve is not loaded yet');
      await nameServer?.close();
      nameServer = await startDnsServer(() => served.current(), port, host);
      return { port: nameServer.port };
    },
    async close() {
      await nameServer?.close();
      sessions.stopSweeper();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await writer?.flush();
    },
  };
}

function reportStateError(message: string): void {
  process.stderr.write(`${message}\n`);
}
