import { describe, expect, it } from 'vitest';
import { apiBase, PdnsConfigError, pdnsConnectionFromEnv } from '../../../src/providers/pdns/index.js';

const names = { provider: 'pdns', urlEnv: 'PDNS_URL', apiKeyEnv: 'PDNS_API_KEY' };
const KEY = 'pdns-Very-S3cret-45';

describe('PowerDNS connection from the variables the desired state names', () => {
  it('adds /api/v1 to the server web address and takes the key as given', () => {
    expect(
      pdnsConnectionFromEnv({ PDNS_URL: 'http://127.0.0.1:8081/', PDNS_API_KEY: ` ${KEY}` }, names),
    ).toEqual({
      url: 'http://127.0.0.1:8081/api/v1',
      apiKey: ` ${KEY}`,
    });
    expect(apiBase('https://dns.example.net/pdns/api/v1')).toBe('https://dns.example.net/pdns/api/v1');
  });

  it('names every missing or unusable variable, never a value', () => {
    const missing = () => pdnsConnectionFromEnv({ PDNS_URL: '  ' }, names);
    expect(missing).toThrow(PdnsConfigError);
    expect(missing).toThrow('PowerDNS provider "pdns" configuration: missing PDNS_URL, PDNS_API_KEY');
    const withCredentials = () =>
      pdnsConnectionFromEnv({ PDNS_URL: `http://admin:${KEY}@127.0.0.1:8081`, PDNS_API_KEY: KEY }, names);
    expect(withCredentials).toThrow('credentials in a URL are refused: http://***@127.0.0.1:8081/');
    try {
      withCredentials();
    } catch (error) {
      expect(String(error)).not.toContain(KEY);
    }
    expect(() => pdnsConnectionFromEnv({ PDNS_URL: 'ftp://x', PDNS_API_KEY: KEY }, names)).toThrow(
      'not usable: PDNS_URL (an http(s) URL)',
    );
  });

  it('refuses an address with a query or fragment, which the request paths would be added after', () => {
    for (const url of ['http://127.0.0.1:8081/?server=a', 'http://127.0.0.1:8081/#api']) {
      expect(() => pdnsConnectionFromEnv({ PDNS_URL: url, PDNS_API_KEY: KEY }, names), url).toThrow(
        'not usable: PDNS_URL (an http(s) URL without a query "?…" or fragment "#…": request paths are added to its end)',
      );
    }
  });

  it('refuses a key holding a CR, LF or other control character by its variable, never showing it', () => {
    for (const key of [`${KEY}\r`, `${KEY}\nX-Other: 1`, `pdns-\u0000-key`, `pdns-key-é`]) {
      const attempt = () =>
        pdnsConnectionFromEnv({ PDNS_URL: 'http://127.0.0.1:8081', PDNS_API_KEY: key }, names);
      expect(attempt, JSON.stringify(key)).toThrow(
        'PowerDNS provider "pdns" configuration: not usable: ' +
          'PDNS_API_KEY (printable ASCII characters only: it is sent in an HTTP header)',
      );
      expect(attempt).not.toThrow(/pdns-/);
    }
  });
});
