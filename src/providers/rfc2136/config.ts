import { isIP } from 'node:net';
import type { DnsServer } from '../../dns-wire/query.js';
import { TSIG_ALGORITHMS, type TsigAlgorithm, type TsigKey } from '../../dns-wire/tsig.js';
import { type Env, EnvConfigError, envValue } from '../http/env-config.js';
import { registerSecret } from '../http/secrets.js';

/** Where an RFC 2136 provider finds its server and key: the variables its `providers:` entry names. */
export interface Rfc2136EnvNames {
  /** The provider's name under `providers:`, for messages. */
  provider: string;
  /** `server_env`: the variable holding `HOST:PORT` (`[v6]:PORT` for an IPv6 address). */
  serverEnv: string;
  /** `tsig_env`: the variable holding `[algorithm:]keyname:base64secret`, as `nsupdate -y` takes it. */
  tsigEnv: string;
}

export interface Rfc2136Connection {
  server: DnsServer;
  key: TsigKey;
}

/** Every missing or unusable variable, by name; never a value (the TSIG secret is one). */
export class Rfc2136ConfigError extends EnvConfigError {
  override readonly code = 'EP1905';
  override readonly name = 'Rfc2136ConfigError';

  constructor(provider: string, missing: string[], invalid: string[]) {
    super(`RFC 2136 provider "${provider}"`, missing, invalid);
  }
}

/**
 * Reads the server and the TSIG key from the variables the desired state names. The secret is registered for
 * redaction as soon as it is read, so no message or log line can show it.
 */
export function rfc2136ConnectionFromEnv(env: Env, names: Rfc2136EnvNames): Rfc2136Connection {
  const serverText = envValue(env, names.serverEnv);
  const tsigText = envValue(env, names.tsigEnv);
  const server = serverText === undefined ? undefined : parseServer(serverText);
  const key = tsigText === undefined ? undefined : parseTsigKey(tsigText);
  const missing = [
    ...(serverText === undefined ? [names.serverEnv] : []),
    ...(tsigText === undefined ? [names.tsigEnv] : []),
  ];
  const invalid = [
    ...(serverText !== undefined && server === null
      ? [`${names.serverEnv} (HOST:PORT, e.g. 127.0.0.1:53)`]
      : []),
    ...(tsigText !== undefined && key === null
      ? [
          `${names.tsigEnv} ([algorithm:]keyname:base64secret; algorithm one of ${TSIG_ALGORITHMS.join(', ')})`,
        ]
      : []),
  ];
  if (!server || !key) throw new Rfc2136ConfigError(names.provider, missing, invalid);
  return { server, key };
}

/** `host:port` or `[v6]:port` → the server; null when it is not that. */
export function parseServer(text: string): DnsServer | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(text);
  if (!match) return null;
  const host = match[1] ?? match[2] ?? '';
  const port = Number(match[3]);
  if (port < 1 || port > 65535 || (match[1] !== undefined && isIP(host) !== 6)) return null;
  return { host, port };
}

/**
 * `[algorithm:]keyname:base64secret` → the key; null when it is not that. The algorithm is named as BIND names it
 * (`hmac-sha256`, case-insensitive), HMAC-SHA256 when absent. The secret is registered for redaction.
 */
export function parseTsigKey(text: string): TsigKey | null {
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 3) return null;
  const [first = '', second = '', third] = parts;
  const algorithm = (third === undefined ? 'hmac-sha256' : first.toLowerCase()) as TsigAlgorithm;
  const name = (third === undefined ? first : second).toLowerCase().replace(/\.$/, '');
  const secretText = third ?? second;
  registerSecret(secretText);
  if (!TSIG_ALGORITHMS.includes(algorithm)) return null;
  if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(name)) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secretText) || secretText.length % 4 !== 0) return null;
  return { algorithm, name, secret: Buffer.from(secretText, 'base64') };
}
