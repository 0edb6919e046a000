import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeStartedEmulators } from '../../support/emulator.js';
import { type Harness, SEED, startHarness } from '../helpers.js';
import { GEO, group, msgs, served } from './geo-helpers.js';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness({ seed: SEED });
  token = await h.login();
});
// Whatever a test started, closed after it (no test relies on another having assigned `h`).
afterEach(closeStartedEmulators);

describe('geo groups serve A, AAAA and CNAME', () => {
  const v6 = { name: 'Asia', countries: ['JP'], rdata: { aaaa_rdata: [{ address: '2001:db8::50' }] } };
  const alias = { name: 'Rest', countries: ['@@'], rdata: { cname_rdata: [{ cname: 'web.example.net.' }] } };

  it('keeps and serves aaaa_rdata and cname_rdata beside a_rdata, every rdata key present', async () => {
    const body = { groups: [group('Europe', ['DE'], '192.0.2.50'), v6, alias], nodes: [] };
    const created = await h.call('POST', GEO, { token, body });
    expect(created.status).toBe(200);
    const expected = [
      served('Europe', ['DE'], { a_rdata: [{ address: '192.0.2.50' }] }),
      served('Asia', ['JP'], { aaaa_rdata: [{ address: '2001:db8::50' }] }),
      served('Rest', ['@@'], { cname_rdata: [{ cname: 'web.example.net.' }] }),
    ];
    expect((created.body.data as { groups: unknown }).groups).toEqual(expected);
    expect(((await h.call('GET', GEO, { token })).body.data as { groups: unknown }).groups).toEqual(expected);
    const seeded = h.emulator.snapshot().dns?.geo_services?.['Global Web']?.groups;
    expect(seeded).toEqual([
      { name: 'Europe', countries: ['DE'], a: ['192.0.2.50'] },
      { name: 'Asia', countries: ['JP'], aaaa: ['2001:db8::50'] },
      { name: 'Rest', countries: ['@@'], cname: 'web.example.net.' },
    ]);
  });

  it.each([
    [
      'no record data',
      { name: 'X', countries: ['DE'], rdata: {} },
      'MISSING_DATA rdata: required field missing',
    ],
    [
      'a bad IPv6 address',
      { name: 'X', countries: ['DE'], rdata: { aaaa_rdata: [{ address: '2001:db8::g' }] } },
      'INVALID_DATA address: Not a valid IPv6 address',
    ],
    [
      'a bad CNAME target',
      { name: 'X', countries: ['DE'], rdata: { cname_rdata: [{ cname: 'bad name' }] } },
      'INVALID_DATA cname: Not a valid host name',
    ],
    [
      'two CNAMEs',
      {
        name: 'X',
        countries: ['DE'],
        rdata: { cname_rdata: [{ cname: 'a.example.net.' }, { cname: 'b.example.net.' }] },
      },
      'INVALID_DATA cname_rdata: A group may serve at most 1 CNAME record',
    ],
    [
      'a CNAME beside addresses',
      {
        name: 'X',
        countries: ['DE'],
        rdata: { a_rdata: [{ address: '192.0.2.1' }], cname_rdata: [{ cname: 'a.example.net.' }] },
      },
      'ILLEGAL_OPERATION cname_rdata: A group that serves a CNAME record serves nothing else',
    ],
    [
      'data of a type the emulator does not keep',
      {
        name: 'X',
        countries: ['DE'],
        rdata: { a_rdata: [{ address: '192.0.2.1' }], mx_rdata: [{ preference: 1 }] },
      },
      'INVALID_DATA mx_rdata: The emulator keeps only a_rdata, aaaa_rdata and cname_rdata',
    ],
    [
      'the same address twice',
      {
        name: 'X',
        countries: ['DE'],
        rdata: { aaaa_rdata: [{ address: '2001:db8::1' }, { address: '2001:DB8:0::1' }] },
      },
      'TARGET_EXISTS make: Cannot duplicate existing record data',
    ],
  ])('refuses a group with %s', async (_, bad, first) => {
    const reply = await h.call('POST', GEO, { token, body: { groups: [bad] } });
    expect([reply.status, msgs(reply.body)]).toEqual([400, [first, '- create: Service not created']]);
  });

  it('refuses AAAA, CNAME and ALIAS at a node it serves, and linking a node that holds them', async () => {
    await h.call('POST', '/Zone/geo.test/', { token, body: { rname: 'admin@geo.test', ttl: 3600 } });
    const nodes = [
      { zone: 'example.com', fqdn: 'geo.example.com' },
      { zone: 'geo.test', fqdn: 'geo.test' },
    ];
    expect((await h.call('POST', GEO, { token, body: { groups: [v6], nodes } })).status).toBe(200);
    for (const [zone, type, fqdn, rdata] of [
      ['example.com', 'AAAA', 'geo.example.com', { address: '2001:db8::9' }],
      ['example.com', 'CNAME', 'geo.example.com', { cname: 'x.example.net.' }],
      ['geo.test', 'ALIAS', 'geo.test', { alias: 'x.example.net.' }],
    ] as const) {
      const add = await h.call('POST', `/${type}Record/${zone}/${fqdn}/`, {
        token,
        body: { rdata, ttl: 300 },
      });
      expect(msgs(add.body)).toEqual([
        `ILLEGAL_OPERATION node: ${fqdn} is served by geo service Global Web; it cannot hold ${type} records`,
        `- add: Could not create ${type} record`,
      ]);
    }
    await h.call('POST', '/CNAMERecord/example.com/c.example.com/', {
      token,
      body: { rdata: { cname: 'x.example.net.' }, ttl: 300 },
    });
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    const link = await h.call('PUT', GEO, {
      token,
      body: { nodes: [{ zone: 'example.com', fqdn: 'c.example.com' }] },
    });
    expect(msgs(link.body)).toEqual([
      'ILLEGAL_OPERATION node: c.example.com has CNAME records; a node served by a geo service has none of its own',
      '- update: Service not updated',
    ]);
  });

  it('refuses at publish a pending record at a node linked to a service after it was written', async () => {
    await h.call('POST', '/AAAARecord/example.com/late.example.com/', {
      token,
      body: { rdata: { address: '2001:db8::2' }, ttl: 300 },
    });
    const link = await h.call('POST', GEO, {
      token,
      body: { groups: [v6], nodes: [{ zone: 'example.com', fqdn: 'late.example.com' }] },
    });
    expect(link.status).toBe(200);
    const refused = await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    expect(msgs(refused.body)).toEqual([
      'OPERATION_FAILED publish: AAAA records at late.example.com: late.example.com is served by geo service Global Web; it cannot hold AAAA records',
      '- publish: Could not publish example.com',
    ]);
  });
});
