import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Harness } from '../helpers.js';
import { startHarness } from '../helpers.js';
import { SERVED_TYPES } from './served-types.js';

// Time budget: ten times its slowest test (2.5 s on an idle machine: 28 record writes, then reads), rounded up.
vi.setConfig({ testTimeout: 30_000 });

let h: Harness;
afterEach(async () => h?.close());

const EMPTY_ZONE = { dns: { zones: { 'example.com': {} } } };
type Body = { msgs: { INFO: string; ERR_CD: string | null; SOURCE: string }[]; data: unknown };
type Tree = Record<string, { fqdn: string; rdata: unknown; record_type: string }[]>;
const msgs = (body: Body) => body.msgs.map((m) => `${m.ERR_CD || '-'} ${m.SOURCE} ${m.INFO}`);

describe('the types the service serves that edgeplan does not manage', () => {
  it('adds each through /<TYPE>Record/, serves it under <type>_records and by its own resource', async () => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    for (const { type, fqdn, rdata } of SERVED_TYPES) {
      const add = await h.call('POST', `/${type}Record/example.com/${fqdn}/`, {
        token,
        body: { rdata, ttl: 300 },
      });
      expect([type, add.status, msgs(add.body)]).toEqual([type, 200, ['- BLL add: Record added']]);
    }
    expect((await h.call('PUT', '/Zone/example.com/', { token, body: { publish: 1 } })).status).toBe(200);
    const tree = (await h.call('GET', '/AllRecord/example.com/?detail=Y', { token })).body.data as Tree;
    for (const { type, fqdn, rdata } of SERVED_TYPES) {
      expect(tree[`${type.toLowerCase()}_records`], type).toMatchObject([{ fqdn, record_type: type, rdata }]);
      const own = await h.call('GET', `/${type}Record/example.com/${fqdn}/?detail=Y`, { token });
      expect(own.body.data, type).toMatchObject([{ rdata }]);
    }
  });

  it('reads each from an uploaded zone file written with $ORIGIN . as BIND writes it out', async () => {
    h = await startHarness();
    const token = await h.login();
    const file = [
      '$ORIGIN .',
      '$TTL 300',
      'example.com IN SOA ns1.example.com. hostmaster.example.com. 1 3600 600 604800 300',
      '$ORIGIN example.com.',
      ...SERVED_TYPES.map((sample) => sample.file),
    ].join('\n');
    const posted = await h.call('POST', '/ZoneFile/example.com/', { token, body: { file } });
    expect(msgs(posted.body).filter((m) => !m.startsWith('- '))).toEqual([]);
    expect((await h.call('PUT', '/Zone/example.com/', { token, body: { publish: 1 } })).status).toBe(200);
    const tree = (await h.call('GET', '/AllRecord/example.com/?detail=Y', { token })).body.data as Tree;
    for (const { type, fqdn, rdata } of SERVED_TYPES)
      expect(tree[`${type.toLowerCase()}_records`], type).toMatchObject([{ fqdn, rdata }]);
  });

  it('reads names relative to the root origin: the zone apex and the nodes below it', async () => {
    h = await startHarness();
    const token = await h.login();
    const file = [
      '$ORIGIN .',
      'example.com 300 IN SOA ns1.example.com. hostmaster.example.com. 1 3600 600 604800 300',
      'www.example.com 300 IN A 192.0.2.1',
      'example.com 300 IN MX 10 mail.example.com.',
    ].join('\n');
    expect((await h.call('POST', '/ZoneFile/example.com/', { token, body: { file } })).status).toBe(200);
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: 1 } });
    const tree = (await h.call('GET', '/AllRecord/example.com/?detail=Y', { token })).body.data as Tree;
    expect(tree.a_records).toMatchObject([{ fqdn: 'www.example.com', rdata: { address: '192.0.2.1' } }]);
    expect(tree.mx_records).toMatchObject([
      { fqdn: 'example.com', rdata: { exchange: 'mail.example.com.' } },
    ]);
  });

  it.each([
    [
      'DNSKEY',
      'example.com',
      { flags: 65536, protocol: 3, algorithm: 8, public_key: 'AwEA' },
      'flags: Must be an integer from 0 to 65535',
    ],
    [
      'KEY',
      'k.example.com',
      { flags: 256, protocol: 3, algorithm: 8, public_key: 'not base64!' },
      'public_key: Not a valid base64 string',
    ],
    [
      'CDS',
      'example.com',
      { keytag: 1, algorithm: 13, digtype: 2, digest: 'xyz' },
      'digest: Not a valid hexadecimal string',
    ],
    ['DHCID', 'c.example.com', { digest: 'AAI=x' }, 'digest: Not a valid base64 string'],
    ['KX', 'kx.example.com', { preference: 10, exchange: 'bad name' }, 'exchange: Not a valid host name'],
    [
      'PX',
      'px.example.com',
      { preference: 70000, map822: 'a.', mapx400: 'b.' },
      'preference: Must be an integer from 0 to 65535',
    ],
    [
      'IPSECKEY',
      'v.example.com',
      { precedence: 256, gatetype: 0, algorithm: 0, gateway: '.', public_key: 'AQ==' },
      'precedence: Must be an integer from 0 to 255',
    ],
    [
      'CSYNC',
      'example.com',
      { soa_serial: -1, flags: '', types: 'A' },
      'soa_serial: Must be an integer from 0 to 4294967295',
    ],
  ])('refuses %s at %s with rdata %j', async (type, fqdn, rdata, text) => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    const reply = await h.call('POST', `/${type}Record/example.com/${fqdn}/`, { token, body: { rdata } });
    expect([reply.status, msgs(reply.body)]).toEqual([
      400,
      [`INVALID_DATA DYN ${text}`, `- BLL add: Could not create ${type} record`],
    ]);
  });

  it('says which field of a LOC record is missing, and takes its defaults from the RFC', async () => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    const { latitude, longitude } = { latitude: '52 22 23.000 N', longitude: '4 53 32.000 E' };
    const reply = await h.call('POST', '/LOCRecord/example.com/loc.example.com/', {
      token,
      body: { rdata: { latitude, longitude, size: '1m', horiz_pre: '1m', vert_pre: '1m' } },
    });
    expect(msgs(reply.body)).toEqual([
      'MISSING_DATA API-A altitude: required field missing',
      '- BLL add: Could not create LOC record',
    ]);
  });
});

describe('the types the service does not have', () => {
  // HTTPS and SVCB (RFC 9460): no `/<TYPE>Record/` resource and no `<type>_records` key in the service's AllRecord
  // read, nor a record class in the vendor's SDK; the emulator serves nothing the service does not.
  it('has no HTTPS or SVCB resource, and lists no key for them', async () => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    for (const type of ['HTTPS', 'SVCB']) {
      const rdata = { priority: 1, target: '.', params: 'alpn=h2' };
      const add = await h.call('POST', `/${type}Record/example.com/example.com/`, {
        token,
        body: { rdata, ttl: 300 },
      });
      expect([type, add.status, msgs(add.body)]).toEqual([
        type,
        404,
        [`NOT_FOUND BLL request: No such resource /REST/${type}Record/example.com/example.com/`],
      ]);
    }
    const tree = (await h.call('GET', '/AllRecord/example.com/?detail=Y', { token })).body.data as Tree;
    expect(Object.keys(tree).filter((key) => /https|svcb/.test(key))).toEqual([]);
  });
});
