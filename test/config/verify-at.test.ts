import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import { DYN_LIKE, tempTree } from './helpers.js';

async function load(providers: string) {
  const dir = await tempTree({
    'desired.yaml': `providers:\n${providers}zones:\n  example.com:\n    providers: [dyn]\n    records: {}\n`,
  });
  const result = await loadDesiredState([dir], DYN_LIKE);
  const file = join(dir, 'desired.yaml');
  return result.ok
    ? { ok: true as const, specs: result.desired.dnsProviders }
    : {
        ok: false as const,
        problems: result.diagnostics.map((d) => formatDiagnostic(d).replaceAll(`${file}:`, '')),
      };
}

describe('verify_at: the name servers verify asks for a provider', () => {
  it('is kept as written, for either type of provider', async () => {
    const result = await load(
      '  dyn: { type: dyn, verify_at: ["127.0.0.1:5300", "[::1]:53", ns1.example.net] }\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_KEY, verify_at: [192.0.2.53] }\n',
    );
    expect(result).toEqual({
      ok: true,
      specs: [
        {
          name: 'dyn',
          type: 'dyn',
          options: {},
          verifyAt: ['127.0.0.1:5300', '[::1]:53', 'ns1.example.net'],
          declaredIn: expect.any(String),
        },
        {
          name: 'pdns',
          type: 'powerdns',
          options: { url_env: 'EDGEPLAN_PDNS_URL', api_key_env: 'EDGEPLAN_PDNS_KEY' },
          verifyAt: ['192.0.2.53'],
          declaredIn: expect.any(String),
        },
      ],
    });
  });

  it('refuses what is not an address, and an empty list, where it is written', async () => {
    expect(await load('  dyn: { type: dyn, verify_at: ["127.0.0.1:5300", "http://ns1/"] }\n')).toEqual({
      ok: false,
      problems: ['2:51: verify_at[1] must be HOST, HOST:PORT or [IPv6]:PORT, got "http://ns1/"'],
    });
    expect(await load('  dyn: { type: dyn, verify_at: [] }\n')).toEqual({
      ok: false,
      problems: ['2:32: verify_at must list at least one name server, got an empty list'],
    });
  });
});
