import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createPdnsProvider, PdnsApiError } from '../../../src/providers/pdns/index.js';
import { useNockGuard } from '../helpers/nock-guard.js';

/** The PowerDNS provider's reads and writes, request by request (nock: every request stated, none extra). */

const BASE = 'http://pdns.test:8081';
const KEY = 'pdns-Very-S3cret-44';
const ZONE = '/api/v1/servers/localhost/zones/example.com.';

useNockGuard();

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((provider) => provider.close()));
});

function provider(
  options: { alias?: boolean; logger?: Parameters<typeof createPdnsProvider>[0]['logger'] } = {},
) {
  const created = createPdnsProvider({
    name: 'pdns',
    url: `${BASE}/api/v1`,
    apiKey: KEY,
    retry: { retries: 0 },
    ...options,
  });
  open.push(created);
  return created;
}

const api = () => nock(BASE, { reqheaders: { 'x-api-key': KEY } });

function rrset(name: string, type: string, ttl: number, ...contents: (string | [string, boolean])[]) {
  return {
    name,
    type,
    ttl,
    comments: [],
    records: contents.map((c) =>
      typeof c === 'string' ? { content: c, disabled: false } : { content: c[0], disabled: c[1] },
    ),
  };
}

describe('PowerDNS reads: one GET per zone', () => {
  it('reads a zone in one request, values canonical, its SOA and apex NS apart, other types named', async () => {
    api()
      .get(ZONE)
      .reply(200, {
        name: 'example.com.',
        kind: 'Native',
        serial: 2024010101,
        soa_edit_api: 'DEFAULT',
        rrsets: [
          rrset(
            'example.com.',
            'SOA',
            3600,
            'ns1.example.net. hostmaster.example.com. 2024010101 10800 3600 604800 3600',
          ),
          rrset('example.com.', 'NS', 3600, 'ns1.example.net.'),
          rrset('Www.Example.com.', 'AAAA', 300, '2001:DB8:0:0::0001', '::ffff:192.0.2.1'),
          rrset('example.com.', 'MX', 3600, '10 Mail.Example.com.'),
          rrset('sub.example.com.', 'NS', 60, 'ns2.example.net.'),
          rrset('geo.example.com.', 'LUA', 60, 'A "ifportup(443, {\'192.0.2.1\'})"'),
          rrset('off.example.com.', 'A', 60, ['192.0.2.9', true]),
          rrset('half.example.com.', 'A', 60, '192.0.2.2', ['192.0.2.3', true]),
        ],
      });
    const live = await provider().readZones(['Example.com.']);
    expect(live).toEqual({
      zones: {
        'example.com': {
          keysApart: true,
          zone: 'example.com',
          serial: 2024010101,
          serialStyle: 'day',
          // RFC 1035 §3.3.13: the fields without the serial, which rides as the record's ref.
          soa: {
            fqdn: 'example.com',
            type: 'SOA',
            records: [
              {
                value: 'ns1.example.net. hostmaster.example.com. 10800 3600 604800 3600',
                ttl: 3600,
                ref: '2024010101',
              },
            ],
          },
          records: [
            { fqdn: 'example.com', type: 'MX', records: [{ value: '10 mail.example.com.', ttl: 3600 }] },
            { fqdn: 'half.example.com', type: 'A', records: [{ value: '192.0.2.2', ttl: 60 }] },
            { fqdn: 'sub.example.com', type: 'NS', records: [{ value: 'ns2.example.net.', ttl: 60 }] },
            {
              fqdn: 'www.example.com',
              type: 'AAAA',
              records: [
                { value: '::ffff:192.0.2.1', ttl: 300 },
                { value: '2001:db8::1', ttl: 300 },
              ],
            },
          ],
          // Managed only where the desired state declares it (plan/diff/declared-apex-ns.ts).
          apexNs: { fqdn: 'example.com', type: 'NS', records: [{ value: 'ns1.example.net.', ttl: 3600 }] },
          unsupported: ['geo.example.com LUA'],
          foreign: [
            { fqdn: 'geo.example.com', type: 'LUA', ttl: 60, rdata: 'A "ifportup(443, {\'192.0.2.1\'})"' },
          ],
        },
      },
    });
  });

  it('reads a missing zone (404) as null, and ALIAS as unsupported unless the server answers it', async () => {
    api().get('/api/v1/servers/localhost/zones/gone.test.').reply(404, 'Not Found');
    const zone = {
      name: 'example.com.',
      kind: 'Native',
      serial: 1,
      soa_edit_api: 'INCREASE',
      rrsets: [rrset('example.com.', 'ALIAS', 60, 'lb.example.net.')],
    };
    api().get(ZONE).reply(200, zone);
    api().get(ZONE).reply(200, zone);
    expect(await provider().readZones(['gone.test'])).toEqual({ zones: { 'gone.test': null } });
    const without = (await provider().readZones(['example.com'])).zones['example.com'];
    expect(without).toMatchObject({
      serialStyle: 'increment',
      records: [],
      unsupported: ['example.com ALIAS'],
    });
    const withAlias = (await provider({ alias: true }).readZones(['example.com'])).zones['example.com'];
    expect(withAlias?.records).toEqual([
      { fqdn: 'example.com', type: 'ALIAS', records: [{ value: 'lb.example.net.', ttl: 60 }] },
    ]);
  });

  it('keeps a set it cannot read as foreign records, named and never dropped; the rest of the zone reads', async () => {
    api()
      .get(ZONE)
      .reply(200, {
        name: 'example.com.',
        kind: 'Native',
        serial: 1,
        rrsets: [
          rrset('toroot.example.com.', 'CNAME', 60, '.'),
          rrset('x.example.com.', 'A', 60, '192.0.2.1', '999.1.1.1'),
          rrset('y.example.com.', 'A', 60, '192.0.2.2'),
        ],
      });
    const zone = (await provider().readZones(['example.com'])).zones['example.com'];
    expect(zone).toMatchObject({
      records: [{ fqdn: 'y.example.com', type: 'A', records: [{ value: '192.0.2.2', ttl: 60 }] }],
      unsupported: ['toroot.example.com CNAME', 'x.example.com A'],
      foreign: [
        { fqdn: 'toroot.example.com', type: 'CNAME', ttl: 60, rdata: '.' },
        { fqdn: 'x.example.com', type: 'A', ttl: 60, rdata: '192.0.2.1' },
        { fqdn: 'x.example.com', type: 'A', ttl: 60, rdata: '999.1.1.1' },
      ],
    });
  });

  it('a first read of several zones lists them and reads only the listed; later reads go to each zone', async () => {
    const zones = '/api/v1/servers/localhost/zones';
    const live = (name: string) => ({ name, kind: 'Native', serial: 1, rrsets: [] });
    api()
      .get(zones)
      .reply(200, [
        { name: 'example.com.', kind: 'Native' },
        { name: 'partner.example.net.', kind: 'Slave', masters: ['198.51.100.1'] },
      ]);
    api().get(ZONE).reply(200, live('example.com.'));
    api().get(`${zones}/partner.example.net.`).reply(200, live('partner.example.net.'));
    const pdns = provider();
    const first = await pdns.readZones(['example.com', 'new.test', 'partner.example.net']);
    expect(first.zones['new.test']).toBeNull();
    expect(first.zones['example.com']).toMatchObject({ zone: 'example.com', serial: 1 });
    expect(first.zones['partner.example.net']).toMatchObject({ zone: 'partner.example.net' });
    // The check after an apply: the zones exist by then, so no list.
    api().get(ZONE).reply(200, live('example.com.'));
    api().get(`${zones}/new.test.`).reply(404, 'Not Found');
    const later = await pdns.readZones(['example.com', 'new.test']);
    expect(later.zones['new.test']).toBeNull();
    expect(later.zones['example.com']).toMatchObject({ zone: 'example.com' });
  });

  it('lists secondary zones with their masters in one GET /zones', async () => {
    api()
      .get('/api/v1/servers/localhost/zones')
      .reply(200, [
        { name: 'example.com.', kind: 'Native', masters: [] },
        { name: 'partner.example.net.', kind: 'Slave', masters: ['198.51.100.2', '198.51.100.1'] },
      ]);
    expect(await provider().readSecondaryZones()).toEqual([
      {
        zone: 'partner.example.net',
        masters: ['198.51.100.1', '198.51.100.2'],
        contactNickname: '',
        tsigKeyName: '',
        active: '',
      },
    ]);
  });

  it("names the request and PowerDNS's own message on an error, never the key; a 401 is not retried", async () => {
    api().get(ZONE).reply(401, { error: 'Unauthorized' });
    const lines: string[] = [];
    const logger = {
      debug: (line: string) => lines.push(line),
      info: () => {},
      warn: () => {},
      error: () => {},
    };
    const failure = provider({ logger }).readZones(['example.com']);
    await expect(failure).rejects.toThrow(PdnsApiError);
    await expect(failure).rejects.toThrow(`GET ${ZONE}: HTTP 401: Unauthorized`);
    expect(lines.join('\n')).toContain('"X-API-Key":"***"');
    expect(lines.join('\n')).not.toContain(KEY);
  });
});

describe('PowerDNS writes: each op one request', () => {
  it('sends a zone patch as one PATCH: deletes first, AAAA in the hex form PowerDNS takes', async () => {
    api()
      .patch(ZONE, {
        rrsets: [
          { name: 'www.example.com.', type: 'A', changetype: 'DELETE' },
          {
            name: 'www.example.com.',
            type: 'AAAA',
            ttl: 300,
            changetype: 'REPLACE',
            records: [
              { content: '::ffff:c000:201', disabled: false },
              { content: '2001:db8::1', disabled: false },
            ],
          },
        ],
      })
      .reply(204);
    await provider().execute({
      kind: 'patch-zone',
      zone: 'example.com',
      delete: [{ fqdn: 'www.example.com', type: 'A' }],
      replace: [
        { fqdn: 'www.example.com', type: 'AAAA', ttl: 300, values: ['::ffff:192.0.2.1', '2001:db8::1'] },
      ],
    });
  });

  it('creates a zone with its record sets in one POST', async () => {
    api()
      .post('/api/v1/servers/localhost/zones', {
        name: 'new.test.',
        kind: 'Native',
        nameservers: ['ns1.example.net.'],
        soa_edit_api: 'DEFAULT',
        rrsets: [
          {
            name: 'new.test.',
            type: 'TXT',
            ttl: 60,
            changetype: 'REPLACE',
            records: [{ content: '"hi"', disabled: false }],
          },
        ],
      })
      .reply(201, { name: 'new.test.' });
    await provider().execute({
      kind: 'create-zone',
      zone: 'new.test',
      zoneKind: 'Native',
      nameservers: ['ns1.example.net.'],
      soaEditApi: 'DEFAULT',
      replace: [{ fqdn: 'new.test', type: 'TXT', ttl: 60, values: ['"hi"'] }],
    });
  });

  it('creates, updates and deletes Slave zones; a delete of a zone already gone is done', async () => {
    const SECONDARY = '/api/v1/servers/localhost/zones/p.test.';
    api()
      .post('/api/v1/servers/localhost/zones', {
        name: 'p.test.',
        kind: 'Slave',
        masters: ['192.0.2.1'],
        nameservers: [],
      })
      .reply(201, {});
    api()
      .put(SECONDARY, { masters: ['192.0.2.2'] })
      .reply(204);
    api().delete(SECONDARY).reply(404, 'Not Found');
    const pdns = provider();
    await pdns.execute({ kind: 'create-secondary', zone: 'p.test', masters: ['192.0.2.1'] });
    await pdns.execute({ kind: 'update-secondary', zone: 'p.test', masters: ['192.0.2.2'] });
    await pdns.execute({ kind: 'delete-secondary', zone: 'p.test' });
  });

  it('sends nothing for an op that is not a valid PowerDNS op', async () => {
    await expect(provider().execute({ kind: 'publish', zone: 'example.com' })).rejects.toThrow(
      'not a PowerDNS op',
    );
  });

  it('says what PowerDNS refused', async () => {
    api()
      .patch(ZONE)
      .reply(422, { error: 'RRset www.example.com. IN CNAME: Conflicts with pre-existing RRset' });
    const op = {
      kind: 'patch-zone',
      zone: 'example.com',
      delete: [],
      replace: [{ fqdn: 'www.example.com', type: 'CNAME', ttl: 60, values: ['web.example.net.'] }],
    };
    await expect(provider().execute(op)).rejects.toThrow(
      `PATCH ${ZONE}: HTTP 422: RRset www.example.com. IN CNAME: Conflicts`,
    );
  });
});
