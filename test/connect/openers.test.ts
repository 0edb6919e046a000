import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openDnsProvider,
  openDyn,
  openPowerDns,
  openRfc2136,
  openWaf,
  openZonefile,
} from '../../src/connect/index.js';
import { ProviderTypeError } from '../../src/connect/provider-type-error.js';
import { codeOf } from '../../src/model/edgeplan-error.js';
import { DynConfigError } from '../../src/providers/dyn/config.js';
import { PdnsConfigError } from '../../src/providers/pdns/config.js';
import { Rfc2136ConfigError } from '../../src/providers/rfc2136/config.js';

/**
 * The library's openers of one provider: each goes through its type's plug-in with the keys of a `providers:` entry
 * as `options`, names its provider `name` (default: the type), and reads only the variables its options name.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-openers-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('openers', () => {
  it('openZonefile reads options.directory, resolved against declaredIn, named after its type unless named', async () => {
    await writeFile(
      join(dir, 'example.com.zone'),
      '$ORIGIN example.com.\n$TTL 300\n@ SOA ns1 hostmaster 1 7200 900 1209600 300\n@ NS ns1\nwww A 192.0.2.10\n',
    );
    // Outside the working directory's repository: declaredIn makes the entry's own directory the root.
    const declaredIn = join(dir, 'providers.yaml');
    const files = await openZonefile({}, { declaredIn, options: { directory: '.' } });
    const named = await openZonefile({}, { name: 'files', declaredIn, options: { directory: dir } });
    try {
      expect([files.name, named.name]).toEqual(['zonefile', 'files']);
      const live = await files.readZones(['example.com']);
      const sets = live.zones['example.com']?.records ?? [];
      expect(sets.map((set) => `${set.fqdn} ${set.type}`)).toContain('www.example.com A');
    } finally {
      await Promise.all([files.close(), named.close()]);
    }
  });

  it('openRfc2136 reads the server and key from the variables its options name, by the name given', async () => {
    const opening = openRfc2136(
      {},
      { name: 'bind', options: { server_env: 'EDGEPLAN_BIND_SERVER', tsig_env: 'EDGEPLAN_BIND_TSIG' } },
    );
    await expect(opening).rejects.toBeInstanceOf(Rfc2136ConfigError);
    await expect(opening).rejects.toThrow(/EDGEPLAN_BIND_SERVER/);
  });

  it('openPowerDns reads the URL and key from the variables its options name', async () => {
    const opening = openPowerDns(
      {},
      { options: { url_env: 'EDGEPLAN_P_URL', api_key_env: 'EDGEPLAN_P_KEY' } },
    );
    await expect(opening).rejects.toBeInstanceOf(PdnsConfigError);
    await expect(opening).rejects.toThrow(/EDGEPLAN_P_URL/);
  });

  it('openDyn reads EDGEPLAN_DYN_* when its options name no other variables', async () => {
    await expect(openDyn({})).rejects.toBeInstanceOf(DynConfigError);
    await expect(openDyn({})).rejects.toThrow(/EDGEPLAN_DYN_CUSTOMER/);
  });

  it('openWaf takes the service given in options.waf instead of EDGEPLAN_WAF_*, with its account', async () => {
    const account = { binding: { url: 'http://127.0.0.1:1/api' } };
    const waf = openWaf(
      {},
      {
        waf: {
          url: 'http://127.0.0.1:1/api/v3',
          tokenUrl: 'http://127.0.0.1:1/api/oauth/token',
          clientId: 'openers-test-client',
          clientSecret: 'openers-test-client-secret',
          account,
        },
      },
    );
    try {
      expect(waf.account).toBe(account);
    } finally {
      await waf.close();
    }
  });

  it('openDnsProvider refuses a type no plug-in has with EP1907, naming it and the registered types', async () => {
    const opening = openDnsProvider({ name: 'edge', type: 'route53', options: {} }, {});
    await expect(opening).rejects.toBeInstanceOf(ProviderTypeError);
    const error = await opening.catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('EP1907');
    expect((error as ProviderTypeError).kind).toBe('config');
    expect((error as ProviderTypeError).message).toBe(
      'no DNS provider of type "route53" is registered; the types are dyn, powerdns, rfc2136, zonefile',
    );
  });

  it('openWaf reads EDGEPLAN_WAF_* without options.waf, and then has no account of its own', async () => {
    const waf = openWaf({
      EDGEPLAN_WAF_URL: 'http://127.0.0.1:1/api/v3',
      EDGEPLAN_WAF_TOKEN_URL: 'http://127.0.0.1:1/api/oauth/token',
      EDGEPLAN_WAF_CLIENT_ID: 'openers-env-client',
      EDGEPLAN_WAF_CLIENT_SECRET: 'openers-env-client-secret',
    });
    try {
      expect(waf.name).toBe('waf');
    } finally {
      await waf.close();
    }
  });
});
