/** How a zone numbers its versions: +1 per publish, UNIX time, `YYYYMMDDxx` or `YYMMDDHHMM`. */
export type SerialStyle = 'increment' | 'epoch' | 'day' | 'minute';

export const SERIAL_STYLES: readonly SerialStyle[] = ['increment', 'epoch', 'day', 'minute'];

/** TTL used when neither the record nor its zone's `default_ttl` gives one. */
export const DEFAULT_TTL = 3600;
