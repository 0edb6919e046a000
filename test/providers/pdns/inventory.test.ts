import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createPdnsProvider } from '../../../src/providers/pdns/index.js';
import { useNockGuard } from '../helpers/nock-guard.js';

/** What `edgeplan import` reads of a PowerDNS server, request by request (nock: every request stated, none extra). */

const BASE = 'http://pdns.test:8081';
const KEY = 'pdns-Very-S3cret-44';
const ZONES = '/api/v1/servers/localhost/zones';

useNockGuard();

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((provider) => provider.close()));
});

function provider() {
  const created = createPdnsProvider({
    name: 'pdns',
    url: `${BASE}/api/v1`,
    apiKey: KEY,
    retry: { retries: 0 },
  });
  open.push(created);
  return created;
}

const api = () => nock(BASE, { reqheaders: { 'x-api-key': KEY } });

function rrset(name: string, type: string, ttl: number, ...records: [string, boolean][]) {
  return { name, type, ttl, records: records.map(([content, disabled]) => ({ content, disabled })) };
}

const all = { zones: () => true, geoServices: () => true };

describe('PowerDNS import inventory', () => {
  it('one zone list, one GET per selected primary zone; the SOA, apex NS, disabled and other types named', async () => {
    api()
      .get(ZONES)
      .reply(200, [
        { name: 'example.com.', kind: 'Native' },
        { name: 'skipped.example.', kind: 'Master' },
        { name: 'partner.example.', kind: 'Slave', masters: ['198.51.100.2', '198.51.100.1'] },
      ]);
    api()
      .get(`${ZONES}/example.com.`)
      .reply(200, {
        name: 'example.com.',
        kind: 'Native',
        serial: 1,
        rrsets: [
          rrset('example.com.', 'SOA', 3600, [
            'a.misconfigured.dns.server.invalid. h. 1 10800 3600 604800 3600',
            false,
          ]),
          rrset('example.com.', 'NS', 3600, ['ns1.example.net.', false]),
          rrset(
            'www.example.com.',
            'A',
            300,
            ['192.0.2.2', false],
            ['192.0.2.1', false],
            ['192.0.2.9', true],
          ),
          rrset('off.example.com.', 'A', 300, ['192.0.2.3', true]),
          rrset('hw.example.com.', 'AFSDB', 300, ['1 afs.example.com.', false]),
          rrset('empty.example.com.', 'TXT', 300),
        ],
      });
    const select = { zones: (zone: string) => zone !== 'skipped.example', geoServices: () => true };
    const inventory = await provider().readInventory?.(select);
    expect(inventory).toEqual({
      zones: [
        {
          zone: 'example.com',
          records: [
            {
              fqdn: 'www.example.com',
              type: 'A',
              records: [
                { value: '192.0.2.1', ttl: 300 },
                { value: '192.0.2.2', ttl: 300 },
              ],
            },
          ],
          unsupported: ['hw.example.com AFSDB'],
          foreign: [{ fqdn: 'hw.example.com', type: 'AFSDB', ttl: 300, rdata: '1 afs.example.com.' }],
          providerOwned: [
            'example.com NS',
            'example.com SOA',
            'off.example.com A (1 disabled, not served)',
            'www.example.com A (1 disabled, not served)',
          ],
        },
      ],
      secondaryZones: [
        {
          zone: 'partner.example',
          masters: ['198.51.100.1', '198.51.100.2'],
          contactNickname: '',
          tsigKeyName: '',
          active: '',
        },
      ],
      geoServices: [],
    });
  });

  it('a zone listed and then gone is an error, not an empty import', async () => {
    api()
      .get(ZONES)
      .reply(200, [{ name: 'gone.example.', kind: 'Native' }]);
    api().get(`${ZONES}/gone.example.`).reply(404, { error: 'Could not find domain' });
    await expect(provider().readInventory?.(all)).rejects.toThrow(
      /zone gone\.example.*listed by GET \/zones, then not found/,
    );
  });
});
