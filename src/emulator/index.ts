/**
 * The built-in emulator of the Dyn-style DNS REST API (seeds/dns-management-rest-api.md, api/dyn.md): one
 * account, real HTTP on a local port, sessions with per-session pending changes, publish, a request log and
 * fault injection for tests and benchmarks.
 */
import type { AddressInfo } from 'node:net';
import type { Credentials } from './account.js';
import { Account } from './account.js';
import type { Ctx } from './context.js';
import { FaultInjector } from './faults.js';
import { RequestLog } from './request-log.js';
import type { EmulatorSeed } from './seed.js';
import { createDnsServer } from './server.js';
import { SessionStore } from './sessions.js';
import { readStateFile, StateWriter } from './state-file.js';
import { WafAccount } from './waf/account.js';
import { createWafService, WAF_API_PREFIX, type WafEmulatorOptions } from './waf/service.js';

export type { Credentials } from './account.js';
export type { Envelope, ErrCode, Msg } from './envelope.js';
export type { FaultRule, FaultSpec } from './faults.js';
export { FaultInjector } from './faults.js';
export type { RequestLogEntry, RequestLogFilter } from './request-log.js';
export { RequestLog } from './request-log.js';
export type { EmulatorSeed } from './seed.js';
export { loadSeedFile, parseSeed } from './seed.js';
export type { WafEmulatorOptions } from './waf/service.js';

export interface EmulatorOptions {
  /** Initial account; default: no zones, credentials demo/demo/demo. Validated at creation (throws when invalid). */
  seed?: EmulatorSeed;
  /** JSON state file: loaded by `listen()` when it exists (wins over `seed`), rewritten after every publish, zone create and zone delete. */
  statePath?: string;
  /** Idle time after which a session ends (`login: inactivity logout`) and its pending changes are dropped; default 60 min. */
  sessionIdleMs?: number;
  /** Clock in ms (session idle time, serials of epoch/day/minute zones); default `Date.now`. */
  now?: () => number;
  /** The WAF API: token lifetime, rate limit, change timing (all on `now`). */
  waf?: WafEmulatorOptions;
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
  listen(port?: number, host?: string): Promise<{ url: string; port: number; wafUrl: string }>;
  /** Stops serving, drops open connections and waits for pending state-file writes. */
  close(): Promise<void>;
  readonly requestLog: RequestLog;
  readonly faults: FaultInjector;
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
  let taskId = 230_000_000;
  const ctx: Ctx = {
    account: Account.fromSeed(options.seed),
    sessions,
    now,
    persist: async () => writer?.write(snapshot()),
    nextTaskId: () => String(++taskId),
  };
  const requestLog = new RequestLog();
  const faults = new FaultInjector();
  const waf = createWafService(options.seed?.waf, options.waf ?? {}, {
    now,
    log: requestLog,
    persist: ctx.persist,
  });
  const snapshot = () => ({ ...ctx.account.toSeed(), waf: waf.account.toSeed() });
  const server = createDnsServer({ ctx, log: requestLog, faults, nextJobId: () => ++jobId, waf: waf.handle });

  return {
    requestLog,
    faults,
    snapshot,
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
        if (saved) ctx.account = Account.fromSeed(saved);
        if (saved?.waf) waf.account = WafAccount.fromSeed(saved.waf, new Date(now()).toISOString());
      }
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      sessions.startSweeper();
      const bound = (server.address() as AddressInfo).port;
      const hostPart = host.includes(':') ? `[${host}]` : host;
      const origin = `http://${hostPart}:${bound}`;
      return { url: `${origin}/REST`, port: bound, wafUrl: `${origin}${WAF_API_PREFIX}` };
    },
    async close() {
      sessions.stopSweeper();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await writer?.flush();
    },
  };
}
