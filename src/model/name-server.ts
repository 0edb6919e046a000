import { toALabels } from './idn.js';

/**
 * A name server's address as `--nameserver` and a provider's `verify_at` take it: `HOST`, `HOST:PORT`, `[IPv6]` or
 * `[IPv6]:PORT` (a bare IPv6 address is taken whole), the port 53 unless given; a host name in Unicode is its
 * A-labels (model/idn.ts), as every name users write. Parsed once: `verify_at` at
 * validation (config), where a bad one is a problem at its `file:line:col`, `--nameserver` when the flags are read.
 */

/** An address or host name, and a port. */
export interface NameServerAddress {
  host: string;
  port: number;
}

/** The port DNS servers listen on unless an address says otherwise. */
export const DNS_PORT = 53;

/** The address, or the problem with the text (`name`: a Unicode host name UTS #46 refuses). */
export function parseNameServer(text: string): NameServerAddress | { problem: string; name?: true } {
  const [, host = text, port = ''] = /^([^:]*)(:\d{1,5})?$/.exec(text) ?? [];
  const idn = toALabels(host);
  if (!idn.ok) return { problem: idn.problem, name: true };
  return parseAscii(`${idn.name}${port}`, text);
}

function parseAscii(ascii: string, text: string): NameServerAddress | { problem: string } {
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?$/.exec(ascii);
  const plain = /^([A-Za-z0-9._-]+)(?::(\d{1,5}))?$/.exec(ascii);
  const bare6 = /^[0-9A-Fa-f]*:[0-9A-Fa-f:.]*$/.test(ascii) && ascii.split(':').length > 2;
  if (bare6) return { host: ascii, port: DNS_PORT };
  const found = bracketed ?? plain;
  if (!found?.[1]) return { problem: `"${text}" is not HOST, HOST:PORT or [IPv6]:PORT` };
  const port = found[2] === undefined ? DNS_PORT : Number(found[2]);
  if (port < 1 || port > 65535) return { problem: `"${text}": the port must be 1–65535` };
  return { host: found[1], port };
}
