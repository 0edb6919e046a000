/** How a zone numbers its versions: +1 per publish, UNIX time, `YYYYMMDDxx` or `YYMMDDHHMM`. */
export type SerialStyle = 'increment' | 'epoch' | 'day' | 'minute';

export const SERIAL_STYLES: readonly SerialStyle[] = ['increment', 'epoch', 'day', 'minute'];

/**
 * How a new zone is set up, whatever its provider: the contact of its SOA record (RNAME, RFC 1035 §3.3.13, as a
 * domain name), its default TTL, and how its serial is numbered. A provider's compiler maps it to its own wire
 * form; a provider whose zones take no contact or serial style shows its own settings instead
 * (`DnsCompiler.zoneCreation`).
 */
export interface ZoneSettings {
  rname: string;
  ttl: number;
  serialStyle: SerialStyle;
}

/** TTL used when neither the record nor its zone's `default_ttl` gives one. */
export const DEFAULT_TTL = 3600;
