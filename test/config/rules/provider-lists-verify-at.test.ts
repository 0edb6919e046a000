import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { DYN_LIKE, tempTree } from '../helpers.js';

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
  it('is parsed once, at validation, for either type of provider: host and port, 53 by default', async () => {
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
          verifyAt: [
            { host: '127.0.0.1', port: 5300 },
            { host: '::1', port: 53 },
            { host: 'ns1.example.net', port: 53 },
          ],
          declaredIn: expect.any(String),
        },
        {
          name: 'pdns',
          type: 'powerdns',
          options: { url_env: 'EDGEPLAN_PDNS_URL', api_key_env: 'EDGEPLAN_PDNS_KEY' },
          verifyAt: [{ host: '192.0.2.53', port: 53 }],
          declaredIn: expect.any(String),
        },
      ],
    });
  });

  it('refuses what is not an address, and an empty list, where it is written', async () => {
    expect(await load('  dyn: { type: dyn, verify_at: ["127.0.0.1:5300", "http://ns1/"] }\n')).toEqual({
      ok: false,
      problems: ['2:51: EP1103 verify_at[1] must be HOST, HOST:PORT or [IPv6]:PORT, got "http://ns1/"'],
    });
    expect(await load('  dyn: { type: dyn, verify_at: [] }\n')).toEqual({
      ok: false,
      problems: ['2:32: EP1103 verify_at must list at least one name server, got an empty list'],
    });
  });

  it('takes a host name in Unicode as its A-labels, and refuses one UTS #46 refuses where it is written', async () => {
    expect(await load('  dyn: { type: dyn, verify_at: ["ns1.bücher.example:5300"] }\n')).toMatchObject({
      ok: true,
      specs: [{ verifyAt: [{ host: 'ns1.xn--bcher-kva.example', port: 5300 }] }],
    });
    expect(await load('  dyn: { type: dyn, verify_at: ["ns.a\\u200db.example"] }\n')).toEqual({
      ok: false,
      problems: [
        expect.stringContaining(
          '2:33: EP1103 verify_at[0] must be a name UTS #46 maps to A-labels: "aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
        ),
      ],
    });
  });

  it('refuses a port out of range where it is written, not later in verify', async () => {
    expect(
      await load(
        '  dyn: { type: dyn, verify_at: ["ns1.example.net:0", "[::1]:65536", "127.0.0.1:99999"] }\n',
      ),
    ).toEqual({
      ok: false,
      problems: [
        '2:33: EP1103 verify_at[0] must have a port from 1 to 65535, got "ns1.example.net:0"',
        '2:54: EP1103 verify_at[1] must have a port from 1 to 65535, got "[::1]:65536"',
        '2:69: EP1103 verify_at[2] must have a port from 1 to 65535, got "127.0.0.1:99999"',
      ],
    });
  });
});
