import type { DnsProvider, WithSecondaryZones } from '../../model/dns.js';
import { type Logger, silentLogger } from '../../model/logger.js';
import { withGenericTypes } from '../../model/record-types/generic.js';
import type { DecisionSink } from '../http/decisions.js';
import { DEFAULT_RETRY, type RetryOptions } from '../http/retry.js';
import { createHttpTransport } from '../http/transport.js';
import { Rfc2136Writer } from '../rfc2136/write.js';
import { pdnsCapabilities } from './capabilities.js';
import { PdnsClient } from './client.js';
import { DEFAULT_PDNS_ZONE_SETTINGS, type PdnsZoneSettings, pdnsCompiler } from './compile.js';
import type { PdnsConnection } from './config.js';
import { readSecondaryZones, readZones, type ZoneLookup } from './read.js';
import { readPdnsInventory } from './read-inventory.js';
import { type PdnsDnsUpdate, PdnsUpdateClient, updaterOf } from './update-client.js';
import { PdnsWriter } from './write.js';

export { pdnsCapabilities } from './capabilities.js';
export { PdnsClient, zoneId } from './client.js';
export { DEFAULT_PDNS_ZONE_SETTINGS, type PdnsZoneSettings, pdnsCompiler } from './compile.js';
export {
  apiBase,
  PdnsConfigError,
  type PdnsConnection,
  type PdnsEnvNames,
  pdnsConnectionFromEnv,
} from './config.js';
export {
  PdnsApiError,
  PdnsBodyLimitError,
  PdnsDnsUpdateOffError,
  PdnsOutcomeUnknownError,
  PdnsWireError,
} from './errors.js';
export { labelPdnsOp } from './op-label.js';
export { PDNS_OP_SCHEMA, PdnsOpError, parsePdnsOp } from './op-schema.js';
export {
  PDNS_SOA_EDIT_API,
  PDNS_ZONE_KINDS,
  type PdnsOp,
  type PdnsSoaEditApi,
  type PdnsZoneKind,
} from './ops.js';
export { type PdnsDnsUpdate, PdnsUpdateClient, updaterOf } from './update-client.js';

/** The provider type's name in `providers:` (`type: powerdns`). */
export const PDNS_PROVIDER_TYPE = 'powerdns';

export interface PdnsProviderOptions extends PdnsConnection {
  /** The provider's name: what plan steps name (`PlanStep.provider`), its key under `providers:`. */
  name: string;
  /** The server id in `/servers/<id>` (default `localhost`). */
  server?: string;
  /** The server answers ALIAS (`expand-alias` and a `resolver` are set): see capabilities.ts. */
  alias?: boolean;
  /** How a zone the plan creates is set up. */
  zones?: Partial<PdnsZoneSettings>;
  /**
   * Write existing zones by DNS UPDATE to this listener, each message conditional on the zone's SOA (write.ts);
   * absent: by PATCH through the HTTP API. `maxMessageOctets`: the largest UPDATE packed (tests make chains).
   */
  dnsUpdate?: PdnsDnsUpdate & { maxMessageOctets?: number };
  logger?: Logger;
  /** Zones read in parallel (default 16). */
  concurrency?: number;
  /** Per-attempt HTTP timeout. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** Injected time, for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Told each decision about a request that went wrong: repeated, or a lost write's answer settled by reading. */
  onDecision?: DecisionSink;
}

/**
 * The DNS provider for a PowerDNS Authoritative server, through its HTTP API: one transport (connection pool), one
 * client, no session. PowerDNS documents no request limit, so requests are not paced. `close()` closes the pool and
 * is safe to call more than once.
 */
export function createPdnsProvider(options: PdnsProviderOptions): DnsProvider & WithSecondaryZones {
  const logger = options.logger ?? silentLogger;
  const transport = createHttpTransport({
    baseUrl: options.url,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    logger,
    sleep: options.sleep,
    random: options.random,
    now: options.now,
    userAgent: options.userAgent,
    onDecision: options.onDecision,
  });
  const client = new PdnsClient(transport, options.apiKey, options.server ?? 'localhost');
  const { dnsUpdate } = options;
  const capabilities = pdnsCapabilities({ alias: options.alias, dnsUpdate: dnsUpdate !== undefined });
  const supported: ReadonlySet<string> = withGenericTypes(capabilities.recordTypes);
  const waits = {
    retry: { ...DEFAULT_RETRY, ...options.retry },
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.random ? { random: options.random } : {}),
  };
  const updates = dnsUpdate && new Rfc2136Writer(new PdnsUpdateClient(client, updaterOf(dnsUpdate), waits));
  const writer = new PdnsWriter(
    client,
    { logger, ...waits, ...(options.onDecision ? { onDecision: options.onDecision } : {}) },
    updates,
  );
  const server = options.server ?? 'localhost';
  // The session's first read (the plan's) lists the zones first: a plan may create many. Later reads (the check
  // after an apply) read each zone directly: by then the zones it names exist (read.ts, ZoneLookup).
  let lookup: ZoneLookup = 'listed';
  return {
    name: options.name,
    capabilities,
    // The server and its id are the account (a saved plan is applied to the server it was made against); the key
    // is never part of it.
    account: { binding: { url: options.url, server } },
    ...pdnsCompiler(
      { ...DEFAULT_PDNS_ZONE_SETTINGS, ...options.zones },
      dnsUpdate && { provider: options.name, maxOctets: dnsUpdate.maxMessageOctets },
    ),
    readZones: (zones) => {
      const read = readZones(client, zones, supported, { concurrency: options.concurrency, lookup });
      lookup = 'direct';
      return read;
    },
    readSecondaryZones: () => readSecondaryZones(client),
    readInventory: (select) => readPdnsInventory(client, select, supported, options.concurrency),
    begin: (planned) => writer.begin(planned),
    execute: (op) => writer.execute(op),
    // A zone's PATCH or POST is applied whole or not at all; a chain of UPDATEs is undone message by message.
    discard: (target) => writer.discard(target),
    close: () => client.close(),
  };
}
