/**
 * DNS on the wire: messages with their records in presentation format (dns-packet underneath), one query to one
 * server over UDP with TCP on truncation, and what an authoritative answer serves for a name and type. The low layer
 * that `verify`, the emulator's name servers and the providers that speak DNS share.
 */
export {
  decodeMessage,
  encodeMessage,
  MalformedMessageError,
  RCODES,
  rcodeName,
  type WireMessage,
  type WireQuestion,
} from './message.js';
export {
  DnsQueryError,
  type DnsReply,
  type DnsServer,
  type QueryFailure,
  type QueryOptions,
  queryServer,
  serverLabel,
  UDP_PAYLOAD,
} from './query.js';
export type { WireRecord } from './rdata.js';
export { servedAnswer } from './served.js';
