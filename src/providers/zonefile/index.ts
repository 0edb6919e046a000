import type { DnsProvider } from '../../model/dns.js';
import { type Logger, silentLogger } from '../../model/logger.js';
import { withGenericTypes } from '../../model/record-types/generic.js';
import { ZONEFILE_CAPABILITIES } from './capabilities.js';
import { zonefileCompiler } from './compile.js';
import { DEFAULT_MAX_FILE_MB, shownPath, type ZoneFileLocation } from './location.js';
import { ParsedZones } from './parsed.js';
import { ZoneFiles } from './read.js';
import { createZoneFileStore, type ZoneFileStore } from './store.js';
import { ZonefileWriter } from './write.js';

export { ZONEFILE_CAPABILITIES } from './capabilities.js';
export {
  ZonefileConflictError,
  ZonefileMovedError,
  ZonefileReadBackError,
  ZonefileReadError,
  ZonefileSetupError,
} from './errors.js';
export { DEFAULT_FILENAME, locationOf, type ZoneFileLocation, zoneFilePath } from './location.js';
export { labelZonefileOp } from './op-label.js';
export { parseZonefileOp, ZONEFILE_OP_SCHEMA, ZonefileOpError } from './op-schema.js';
export type { ZonefileOp } from './ops.js';
export type { StoredFile, ZoneFileStore } from './store.js';

export interface ZonefileProviderOptions {
  /** The provider's name: what plan steps name, its key under `providers:`. */
  name: string;
  location: ZoneFileLocation;
  /** The apex NS records of zones the plan creates (absolute names); none: such a plan is refused. */
  nameservers?: readonly string[];
  /** The largest zone file read (`max_file_mb`); default DEFAULT_MAX_FILE_MB. */
  maxFileBytes?: number;
  /** Stops the reads under way (a plan's, an import's): they reject with the signal's reason. */
  signal?: AbortSignal;
  logger?: Logger;
  /** Injected for tests: the file system, and the clock of SOA serials. */
  store?: ZoneFileStore;
  now?: () => number;
}

/**
 * The DNS provider of a directory of RFC 1035 zone files, one per zone: no session, no requests, nothing paced.
 * Plans read each zone's file (and keep its digest); apply replaces each changed zone's file once.
 */
export function createZonefileProvider(options: ZonefileProviderOptions): DnsProvider {
  const store = options.store ?? createZoneFileStore();
  const supported: ReadonlySet<string> = withGenericTypes(ZONEFILE_CAPABILITIES.recordTypes);
  const logger = options.logger ?? silentLogger;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_MB * 1024 * 1024;
  const parsed = new ParsedZones(logger);
  const files = new ZoneFiles(
    options.location,
    store,
    supported,
    logger,
    { maxFileBytes, ...(options.signal ? { signal: options.signal } : {}) },
    parsed,
  );
  const writer = new ZonefileWriter({
    location: options.location,
    store,
    supported,
    maxFileBytes,
    logger,
    now: options.now ?? Date.now,
    parsed,
  });
  const settings = { provider: options.name, nameservers: options.nameservers ?? [] };
  return {
    name: options.name,
    capabilities: ZONEFILE_CAPABILITIES,
    // The directory, as the repository names it, is the account: a saved plan is applied to the files it read.
    account: { binding: { directory: shownPath(options.location, options.location.directory) } },
    ...zonefileCompiler(settings, (zone) => files.readOf(zone)),
    readZones: (zones) => files.readZones(zones),
    readInventory: (select) => files.readInventory(select),
    execute: (op) => writer.execute(op),
    close: async () => {},
  };
}
