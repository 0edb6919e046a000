import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../helpers.js';
import { SEED, startHarness } from '../helpers.js';

let h: Harness;
let token: string;
afterEach(async () => h?.close());

const msgs = (body: { msgs: { INFO: string; ERR_CD: string | null; SOURCE: string }[] }) =>
  body.msgs.map((m) => `${m.ERR_CD || '-'} ${m.SOURCE} ${m.INFO}`);

async function start(): Promise<void> {
  h = await startHarness({
    seed: {
      dns: {
        zones: {
          'example.com': {
            records: [
              ...(SEED.dns?.zones?.['example.com']?.records ?? []),
              { fqdn: 'blog.example.com', type: 'CNAME', rdata: { cname: 'blog.example.net.' } },
            ],
          },
        },
      },
    },
  });
  token = await h.login();
}

const post = (type: string, fqdn: string, rdata: object, as = token) =>
  h.call('POST', `/${type}Record/example.com/${fqdn}/`, { token: as, body: { rdata, ttl: 60 } });
const publish = (as = token) => h.call('PUT', '/Zone/example.com/', { token: as, body: { publish: true } });

describe('node rules on record writes', () => {
  it.each([
    [
      'a CNAME at a node that has other data',
      'CNAME',
      'www.example.com',
      { cname: 'web.example.net.' },
      'ILLEGAL_OPERATION BLL node: www.example.com has other records; a CNAME record must be alone at its node',
    ],
    [
      'other data at a node that has a CNAME',
      'TXT',
      'blog.example.com',
      { txtdata: 'hello' },
      'ILLEGAL_OPERATION BLL node: blog.example.com has a CNAME record; it cannot hold TXT records',
    ],
    [
      'a second CNAME at one node',
      'CNAME',
      'blog.example.com',
      { cname: 'other.example.net.' },
      'INVALID_DATA DYN node: A node may hold at most 1 CNAME record',
    ],
    [
      'a CNAME at the zone apex',
      'CNAME',
      'example.com',
      { cname: 'web.example.net.' },
      'ILLEGAL_OPERATION BLL node: example.com is the zone apex; it cannot hold a CNAME record',
    ],
    [
      'an ALIAS below the apex',
      'ALIAS',
      'www2.example.com',
      { alias: 'lb.example.net.' },
      'ILLEGAL_OPERATION BLL node: www2.example.com is not the zone apex example.com; only the apex can hold an ALIAS record',
    ],
    [
      'an NS at the zone apex',
      'NS',
      'example.com',
      { nsdname: 'ns9.example.net.' },
      "ILLEGAL_OPERATION BLL node: example.com is the zone apex; its NS records are the zone's own",
    ],
  ])('refuses %s, changing nothing', async (_, type, fqdn, rdata, first) => {
    await start();
    const reply = await post(type, fqdn, rdata);
    expect([reply.status, msgs(reply.body)]).toEqual([
      400,
      [first, `- BLL add: Could not create ${type} record`],
    ]);
    const changes = await h.call('GET', '/ZoneChanges/example.com/', { token });
    expect(changes.body.data).toEqual([]);
  });

  it('takes the same record data twice as a duplicate, and an ALIAS at the apex and NS below it', async () => {
    await start();
    const again = await post('CNAME', 'blog.example.com', { cname: 'BLOG.example.net' });
    expect(msgs(again.body)[0]).toBe('TARGET_EXISTS DYN make: Cannot duplicate existing record data');
    expect((await post('ALIAS', 'example.com', { alias: 'lb.example.net.' })).status).toBe(200);
    expect((await post('NS', 'sub.example.com', { nsdname: 'ns1.example.net.' })).status).toBe(200);
    expect((await publish()).status).toBe(200);
  });

  it("judges a write by the session's view: its own pending records count, removed ones do not", async () => {
    await start();
    expect((await post('TXT', 'new.example.com', { txtdata: 'pending' })).status).toBe(200);
    const beside = await post('CNAME', 'new.example.com', { cname: 'web.example.net.' });
    expect(msgs(beside.body)[0]).toContain('new.example.com has other records');
    expect((await h.call('DELETE', '/ARecord/example.com/www.example.com/', { token })).status).toBe(200);
    expect((await post('CNAME', 'www.example.com', { cname: 'web.example.net.' })).status).toBe(200);
    const other = await h.login();
    const fromOther = await post('A', 'www.example.com', { address: '192.0.2.99' }, other);
    expect(fromOther.status).toBe(200);
    expect((await publish()).status).toBe(200);
  });

  it('applies the rules to a replace: two CNAMEs, or a CNAME beside other data, are refused', async () => {
    await start();
    const two = await h.call('PUT', '/CNAMERecord/example.com/blog.example.com/', {
      token,
      body: {
        CNAMERecords: [
          { rdata: { cname: 'a.example.net.' }, ttl: 300 },
          { rdata: { cname: 'b.example.net.' }, ttl: 300 },
        ],
      },
    });
    expect(msgs(two.body)).toEqual([
      'INVALID_DATA DYN node: A node may hold at most 1 CNAME record',
      '- BLL replace: Could not replace CNAME record',
    ]);
    const beside = await h.call('PUT', '/CNAMERecord/example.com/mail.example.com/', {
      token,
      body: { CNAMERecords: [{ rdata: { cname: 'a.example.net.' }, ttl: 300 }] },
    });
    expect(msgs(beside.body)[0]).toContain('mail.example.com has other records');
    const swap = await h.call('PUT', '/CNAMERecord/example.com/blog.example.com/', {
      token,
      body: { CNAMERecords: [{ rdata: { cname: 'new.example.net.' }, ttl: 300 }] },
    });
    expect(swap.status).toBe(200);
    const emptied = await h.call('PUT', '/NSRecord/example.com/example.com/', {
      token,
      body: { NSRecords: [] },
    });
    expect(emptied.status).toBe(200);
  });

  it('limits A records only: the documented limit says nothing of AAAA, so a 14th AAAA is taken', async () => {
    await start();
    for (let i = 1; i <= 14; i++)
      expect((await post('AAAA', 'v6.example.com', { address: `2001:db8::${i}` })).status).toBe(200);
  });
});

describe('node rules at publish', () => {
  it('re-checks against the published state: a CNAME whose node got other data meanwhile is refused', async () => {
    await start();
    const other = await h.login();
    expect((await post('CNAME', 'x.example.com', { cname: 'web.example.net.' })).status).toBe(200);
    expect((await post('A', 'x.example.com', { address: '192.0.2.5' }, other)).status).toBe(200);
    expect((await publish(other)).status).toBe(200);
    const serial = (await h.call('GET', '/Zone/example.com/', { token })).body.data;
    const refused = await publish();
    expect([refused.status, msgs(refused.body)]).toEqual([
      400,
      [
        'OPERATION_FAILED BLL publish: CNAME records at x.example.com: x.example.com has other records; a CNAME record must be alone at its node',
        '- BLL publish: Could not publish example.com',
      ],
    ]);
    expect((await h.call('GET', '/Zone/example.com/', { token })).body.data).toEqual(serial);
    const node = await h.call('GET', '/ANYRecord/example.com/x.example.com/?detail=Y', { token: other });
    expect((node.body.data as { cname_records: unknown[] }).cname_records).toEqual([]);
  });

  it('refuses other data published beside a CNAME another session published first', async () => {
    await start();
    const other = await h.login();
    expect((await post('MX', 'y.example.com', { preference: 1, exchange: 'mx.example.com.' })).status).toBe(
      200,
    );
    expect((await post('CNAME', 'y.example.com', { cname: 'web.example.net.' }, other)).status).toBe(200);
    expect((await publish(other)).status).toBe(200);
    const refused = await publish();
    expect(msgs(refused.body)[0]).toBe(
      'OPERATION_FAILED BLL publish: MX records at y.example.com: y.example.com has a CNAME record; it cannot hold MX records',
    );
  });
});
