import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProviders } from '../../src/connect/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import { EnvConfigError } from '../../src/providers/http/env-config.js';
import { oneProviderDesired } from '../support/one-provider.js';

/**
 * openProviders, the one way the CLI and the library open providers: only what the desired state uses, each DNS
 * provider by its name through its plug-in, the WAF only with a `waf` section.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-connect-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function desired(extra: Partial<DesiredState> = {}, on = 'files'): DesiredState {
  return {
    zones: [{ zone: 'example.com', defaultTtl: 3600, records: [], unmanaged: [], providers: [on] }],
    secondaryZones: [],
    geoServices: [],
    dnsProviders: [
      { name: 'files', type: 'zonefile', options: { directory: dir } },
      // Its part is empty: never opened, so its unknown type is never looked up.
      { name: 'unused', type: 'no-such-type', options: {} },
    ],
    ...extra,
  };
}

describe('openProviders', () => {
  it('opens each DNS provider whose part names anything, by name, and no WAF without a waf section', async () => {
    const opened = await openProviders(desired(), {});
    try {
      expect(Object.keys(opened.providers.dns ?? {})).toEqual(['files']);
      expect(opened.providers.dns?.files?.name).toBe('files');
      expect(opened.providers.waf).toBeUndefined();
    } finally {
      await opened.close();
    }
  });

  it('opens the WAF when the desired state has a waf section: without EDGEPLAN_WAF_* that is refused', async () => {
    await expect(openProviders(desired({ waf: { webapps: [] } }), {})).rejects.toBeInstanceOf(EnvConfigError);
  });

  it('refuses a provider of a type no plug-in has, when its part names anything', async () => {
    await expect(openProviders(desired({}, 'unused'), {})).rejects.toThrow(
      'no DNS provider of type "no-such-type" is registered',
    );
  });

  it('closes every provider it opened, DNS and WAF, once however often close is called', async () => {
    const env = {
      EDGEPLAN_WAF_URL: 'http://127.0.0.1:1/api/v3',
      EDGEPLAN_WAF_TOKEN_URL: 'http://127.0.0.1:1/api/oauth/token',
      EDGEPLAN_WAF_CLIENT_ID: 'open-providers-client',
      EDGEPLAN_WAF_CLIENT_SECRET: 'open-providers-client-secret',
    };
    const opened = await openProviders(desired({ waf: { webapps: [] } }), env);
    const { dns, waf } = opened.providers;
    const files = dns?.files;
    if (!files || !waf) throw new Error('openProviders opened the zone files and the WAF');
    const closed: string[] = [];
    // The closers look the provider's close up when they run: count the calls.
    files.close = async () => void closed.push('files');
    waf.close = async () => void closed.push('waf');
    await opened.close();
    await opened.close();
    expect(closed.sort()).toEqual(['files', 'waf']);
  });

  it('gives no DNS providers at all when the desired state names nothing on them', async () => {
    const none = desired();
    const opened = await openProviders(oneProviderDesired({ ...none, zones: [] }), {});
    expect(opened.providers).toEqual({});
    await opened.close();
  });
});
