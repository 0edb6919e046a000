import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../helpers.js';
import { startHarness } from '../helpers.js';
import { EVERY_TYPE } from './every-type.js';

let h: Harness;
afterEach(async () => h?.close());

const EMPTY_ZONE = { dns: { zones: { 'example.com': {} } } };
const msgs = (body: { msgs: { INFO: string; ERR_CD: string | null; SOURCE: string }[] }) =>
  body.msgs.map((m) => `${m.ERR_CD || '-'} ${m.SOURCE} ${m.INFO}`);

describe('every record type through /<TYPE>Record/', () => {
  it('adds one record of each type, publishes it and reads it back under <type>_records', async () => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    for (const { type, fqdn, rdata } of EVERY_TYPE) {
      const add = await h.call('POST', `/${type}Record/example.com/${fqdn}/`, {
        token,
        body: { rdata, ttl: 300 },
      });
      expect([type, add.status, msgs(add.body)]).toEqual([type, 200, ['- BLL add: Record added']]);
    }
    expect((await h.call('PUT', '/Zone/example.com/', { token, body: { publish: 1 } })).status).toBe(200);
    const tree = await h.call('GET', '/AllRecord/example.com/?detail=Y', { token });
    const data = tree.body.data as Record<string, { fqdn: string; rdata: unknown; record_type: string }[]>;
    for (const { type, fqdn, rdata } of EVERY_TYPE) {
      const found = data[`${type.toLowerCase()}_records`]?.filter((r) => r.fqdn === fqdn);
      expect(found, type).toMatchObject([{ record_type: type, rdata }]);
    }
    const one = await h.call('GET', '/TLSARecord/example.com/_443._tcp.host.example.com/?detail=Y', {
      token,
    });
    expect(one.body.data).toMatchObject([{ rdata: EVERY_TYPE.find((s) => s.type === 'TLSA')?.rdata }]);
  });

  it('takes integers as strings of digits and the root name where the RFC gives it a meaning', async () => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    const nullMx = await h.call('POST', '/MXRecord/example.com/example.com/', {
      token,
      body: { rdata: { preference: '0', exchange: '.' }, ttl: '300' },
    });
    expect(nullMx.status).toBe(200);
    const srv = await h.call('POST', '/SRVRecord/example.com/_x._tcp.example.com/', {
      token,
      body: { rdata: { priority: 0, weight: 0, port: 0, target: '.' }, ttl: 300 },
    });
    expect(srv.status).toBe(200);
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    const list = await h.call('GET', '/MXRecord/example.com/example.com/?detail=Y', { token });
    expect(list.body.data).toMatchObject([{ rdata: { preference: 0, exchange: '.' } }]);
  });

  it.each([
    [
      'MX',
      'example.com',
      { preference: 65536, exchange: 'mx.example.com.' },
      'preference: Must be an integer from 0 to 65535',
    ],
    ['MX', 'example.com', { preference: 10, exchange: 'mx..example.com' }, 'exchange: Not a valid host name'],
    [
      'SRV',
      '_s._tcp.example.com',
      { priority: 1, weight: -1, port: 1, target: 't.example.com' },
      'weight: Must be an integer from 0 to 65535',
    ],
    [
      'SRV',
      '_s._tcp.example.com',
      { priority: 1, weight: 1, port: 1, target: 'bad name' },
      'target: Not a valid host name',
    ],
    [
      'CAA',
      'example.com',
      { flags: 256, tag: 'issue', value: 'ca.example' },
      'flags: Must be an integer from 0 to 255',
    ],
    [
      'CAA',
      'example.com',
      { flags: 0, tag: 'issuer', value: 'ca.example' },
      'tag: Must be one of issue, issuewild, iodef',
    ],
    [
      'CAA',
      'example.com',
      { flags: 0, tag: 'ISSUE', value: 'ca.example' },
      'tag: Must be one of issue, issuewild, iodef',
    ],
    [
      'SSHFP',
      'h.example.com',
      { algorithm: 1, fptype: 1, fingerprint: 'xyz0' },
      'fingerprint: Not a valid hexadecimal string',
    ],
    [
      'SSHFP',
      'h.example.com',
      { algorithm: 1, fptype: 1, fingerprint: 'abc' },
      'fingerprint: Not a valid hexadecimal string',
    ],
    [
      'TLSA',
      '_443._tcp.example.com',
      { cert_usage: 256, selector: 1, match_type: 1, certificate: 'ab' },
      'cert_usage: Must be an integer from 0 to 255',
    ],
    [
      'TLSA',
      '_443._tcp.example.com',
      { cert_usage: 3, selector: 1, match_type: 1, certificate: 'not hex' },
      'certificate: Not a valid hexadecimal string',
    ],
    [
      'DS',
      'sub.example.com',
      { keytag: 65536, algorithm: 5, digtype: 1, digest: 'ab' },
      'keytag: Must be an integer from 0 to 65535',
    ],
    [
      'DS',
      'sub.example.com',
      { keytag: 1, algorithm: 5, digtype: '1.5', digest: 'ab' },
      'digtype: Must be an integer from 0 to 255',
    ],
    [
      'DS',
      'sub.example.com',
      { keytag: 1, algorithm: 5, digtype: 1, digest: '(ab)' },
      'digest: Not a valid hexadecimal string',
    ],
    ['AAAA', 'h.example.com', { address: 'fe80::1%eth0' }, 'address: Not a valid IPv6 address'],
    ['AAAA', 'h.example.com', { address: '192.0.2.1' }, 'address: Not a valid IPv6 address'],
    [
      'NAPTR',
      'n.example.com',
      {
        order: 1,
        preference: 1,
        flags: 'U',
        services: 'E2U+sip',
        regexp: '!x!y!',
        replacement: 'n.example.com.',
      },
      'replacement: Must be "." when regexp is given',
    ],
    [
      'NAPTR',
      'n.example.com',
      { order: 1, preference: 1, flags: 'U!', services: '', regexp: '', replacement: 'n.example.com.' },
      'flags: Must be letters and digits only',
    ],
    ['CNAME', 'c.example.com', { cname: '.' }, 'cname: Not a valid host name'],
    [
      'PTR',
      'p.example.com',
      { ptrdname: `${'a'.repeat(64)}.example.com.` },
      'ptrdname: Not a valid host name',
    ],
    ['TXT', 't.example.com', { txtdata: 5 }, 'txtdata: Not a valid value'],
  ])('refuses %s at %s with rdata %j', async (type, fqdn, rdata, text) => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    const reply = await h.call('POST', `/${type}Record/example.com/${fqdn}/`, { token, body: { rdata } });
    expect([reply.status, msgs(reply.body)]).toEqual([
      400,
      [`INVALID_DATA DYN ${text}`, `- BLL add: Could not create ${type} record`],
    ]);
  });

  it('refuses a missing field with MISSING_DATA and accepts the empty values NAPTR and CAA allow', async () => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    const missing = await h.call('POST', '/DSRecord/example.com/sub.example.com/', {
      token,
      body: { rdata: { keytag: 1, algorithm: 5, digtype: 1 } },
    });
    expect(msgs(missing.body)).toEqual([
      'MISSING_DATA API-A digest: required field missing',
      '- BLL add: Could not create DS record',
    ]);
    const naptr = await h.call('POST', '/NAPTRRecord/example.com/n.example.com/', {
      token,
      body: {
        rdata: {
          order: 1,
          preference: 1,
          flags: '',
          services: '',
          regexp: '',
          replacement: 'x.example.com.',
        },
        ttl: 300,
      },
    });
    expect(naptr.status).toBe(200);
    const caa = await h.call('POST', '/CAARecord/example.com/example.com/', {
      token,
      body: { rdata: { flags: 0, tag: 'issue', value: '' }, ttl: 300 },
    });
    expect(caa.status).toBe(200);
  });

  it('compares rdata as the service does: names and hex ignore case, IPv6 ignores its spelling', async () => {
    h = await startHarness({ seed: EMPTY_ZONE });
    const token = await h.login();
    const twice = async (type: string, fqdn: string, first: object, second: object) => {
      await h.call('POST', `/${type}Record/example.com/${fqdn}/`, {
        token,
        body: { rdata: first, ttl: 300 },
      });
      const again = await h.call('POST', `/${type}Record/example.com/${fqdn}/`, {
        token,
        body: { rdata: second, ttl: 300 },
      });
      return again.body.msgs[0]?.ERR_CD;
    };
    expect(
      await twice('AAAA', 'v6.example.com', { address: '2001:db8::1' }, { address: '2001:DB8:0:0::1' }),
    ).toBe('TARGET_EXISTS');
    expect(
      await twice(
        'SSHFP',
        'h.example.com',
        { algorithm: 1, fptype: 1, fingerprint: 'ABCD' },
        { algorithm: '1', fptype: 1, fingerprint: 'abcd' },
      ),
    ).toBe('TARGET_EXISTS');
    expect(
      await twice(
        'PTR',
        'p.example.com',
        { ptrdname: 'Host.Example.com.' },
        { ptrdname: 'host.example.com' },
      ),
    ).toBe('TARGET_EXISTS');
  });
});
