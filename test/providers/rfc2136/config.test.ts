import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../../src/providers/http/secrets.js';
import {
  parseServer,
  parseTsigKey,
  rfc2136ConnectionFromEnv,
} from '../../../src/providers/rfc2136/config.js';

const NAMES = { provider: 'bind', serverEnv: 'EDGEPLAN_BIND_SERVER', tsigEnv: 'EDGEPLAN_BIND_TSIG' };
const SECRET = 'c2VjcmV0LXRzaWcta2V5LWZvci10ZXN0cw==';

describe('RFC 2136 settings', () => {
  it('reads HOST:PORT and [v6]:PORT, and nothing else', () => {
    expect(parseServer('127.0.0.1:5353')).toEqual({ host: '127.0.0.1', port: 5353 });
    expect(parseServer('[::1]:53')).toEqual({ host: '::1', port: 53 });
    expect(parseServer('ns1.example.net:53')).toEqual({ host: 'ns1.example.net', port: 53 });
    for (const bad of ['127.0.0.1', '127.0.0.1:0', '127.0.0.1:65536', '::1:53', '[x]:53', 'a b:53'])
      expect(parseServer(bad), bad).toBeNull();
  });

  it('reads a key as nsupdate -y takes it, HMAC-SHA256 by default', () => {
    expect(parseTsigKey(`edgeplan.:${SECRET}`)).toEqual({
      algorithm: 'hmac-sha256',
      name: 'edgeplan',
      secret: Buffer.from(SECRET, 'base64'),
    });
    expect(parseTsigKey(`HMAC-SHA512:Key-1:${SECRET}`)?.algorithm).toBe('hmac-sha512');
    expect(parseTsigKey(`hmac-md5:k:${SECRET}`)).toBeNull();
    expect(parseTsigKey(`k:not base64!`)).toBeNull();
    expect(parseTsigKey(SECRET)).toBeNull();
  });

  it('names missing and unusable variables, never a value, and scrubs the secret from any text', () => {
    expect(() => rfc2136ConnectionFromEnv({}, NAMES)).toThrow(
      /missing EDGEPLAN_BIND_SERVER, EDGEPLAN_BIND_TSIG/,
    );
    const bad = { EDGEPLAN_BIND_SERVER: 'nowhere', EDGEPLAN_BIND_TSIG: `hmac-md5:k:${SECRET}` };
    let message = '';
    try {
      rfc2136ConnectionFromEnv(bad, NAMES);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('EDGEPLAN_BIND_SERVER (HOST:PORT');
    expect(message).toContain('EDGEPLAN_BIND_TSIG ([algorithm:]keyname:base64secret');
    expect(message).not.toContain(SECRET);
    expect(scrubSecrets(`echoed ${SECRET}`)).toBe('echoed ***');
  });
});
