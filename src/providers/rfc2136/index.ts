import type { DnsProvider } from '../../model/dns.js';
import { withGenericTypes } from '../../model/record-types/generic.js';
import { RFC2136_SERVER_TYPES, rfc2136Capabilities } from './capabilities.js';
import { Rfc2136Client, type Rfc2136ClientOptions } from './client.js';
import { MAX_UPDATE_OCTETS, rfc2136Compiler } from './compile.js';
import { readZones } from './read.js';
import { readRfc2136Inventory } from './read-inventory.js';
import { Rfc2136Writer } from './write.js';

export { Rfc2136Client } from './client.js';
export { MAX_UPDATE_OCTETS, Rfc2136ZoneCreationError, rfc2136Compiler } from './compile.js';
export { parseServer, parseTsigKey, Rfc2136ConfigError, rfc2136ConnectionFromEnv } from './config.js';
export {
  Rfc2136ConflictError,
  Rfc2136Error,
  type Rfc2136Limit,
  Rfc2136LimitError,
  Rfc2136OutcomeUnknownError,
} from './errors.js';
export { DEFAULT_TRANSFER_LIMITS, type TransferLimits } from './transfer-limits.js';

export interface Rfc2136ProviderOptions extends Rfc2136ClientOptions {
  /** The provider's name: what plan steps name, its key under `providers:`. */
  name: string;
  /** The largest UPDATE packed (tests make chains with small zones); default MAX_UPDATE_OCTETS. */
  maxMessageOctets?: number;
}

/**
 * The DNS provider for a zone's primary server that takes RFC 2136 updates (BIND 9, Knot, PowerDNS with
 * dnsupdate, NSD does not): reads by zone transfer, writes by TSIG-signed UPDATE conditional on the SOA serial.
 * No session, no pacing; `close` has nothing to close (each exchange is its own TCP connection).
 */
export function createRfc2136Provider(options: Rfc2136ProviderOptions): DnsProvider & { requests(): number } {
  const client = new Rfc2136Client(options);
  const capabilities = rfc2136Capabilities();
  const supported: ReadonlySet<string> = withGenericTypes(capabilities.recordTypes, RFC2136_SERVER_TYPES);
  const writer = new Rfc2136Writer(client);
  return {
    name: options.name,
    capabilities,
    // The server is the account: a saved plan is applied to the server it was made against. The key is not.
    account: { binding: { server: client.label } },
    ...rfc2136Compiler(options.name, options.maxMessageOctets ?? MAX_UPDATE_OCTETS),
    readZones: (zones) => readZones(client, zones, supported),
    readInventory: (select) => readRfc2136Inventory(client, select, supported),
    begin: (planned) => writer.begin(planned),
    execute: (op) => writer.execute(op),
    discard: (target) => writer.discard(target),
    requests: () => client.requests,
    close: async () => {},
  };
}
