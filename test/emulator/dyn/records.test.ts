import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../helpers.js';
import { idsOf, SEED, startHarness } from '../helpers.js';

let h: Harness;
afterEach(async () => h?.close());

const WWW = '/ARecord/example.com/www.example.com/';

async function publish(token: string): Promise<void> {
  const reply = await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
  expect(reply.body.status).toBe('success');
}

describe('A records', () => {
  it('adds (pending: no id, not listed), publishes (real id), gets, updates and deletes by id', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const add = await h.call('POST', '/ARecord/example.com/api.example.com./', {
      token,
      body: { rdata: { address: '192.0.2.50' }, ttl: '120' },
    });
    expect(add.body).toMatchObject({
      status: 'success',
      data: { zone_type: 'Primary', serial_style: 'increment', serial: 0, zone: 'example.com' },
      msgs: [{ INFO: 'add: Record added', SOURCE: 'BLL', ERR_CD: '', LVL: 'INFO' }],
    });
    const pending = await h.call('GET', '/ARecord/example.com/api.example.com/?detail=Y', { token });
    expect(pending.status).toBe(404);
    await publish(token);
    const list = await h.call('GET', '/ARecord/example.com/api.example.com/', { token });
    const [id] = idsOf(list.body.data);
    expect(id).toBeGreaterThan(0);
    expect(list.body.data).toEqual([`/REST/ARecord/example.com/api.example.com/${id}`]);
    expect(list.body.msgs[0]?.INFO).toBe('detail: Found 1 records');

    const one = await h.call('GET', `/ARecord/example.com/api.example.com/${id}/`, { token });
    expect(one.body.data).toMatchObject({ record_id: id, rdata: { address: '192.0.2.50' } });
    expect(one.body.msgs[0]).toEqual({
      INFO: 'get: Found the record',
      SOURCE: 'API-B',
      ERR_CD: '',
      LVL: 'INFO',
    });

    const upd = await h.call('PUT', `/ARecord/example.com/api.example.com/${id}/`, {
      token,
      body: { rdata: { address: '192.0.2.51' }, ttl: 600 },
    });
    expect(upd.body.data).toMatchObject({ record_id: id, ttl: 600, rdata: { address: '192.0.2.51' } });
    await publish(token);
    const after = await h.call('GET', `/ARecord/example.com/api.example.com/${id}/`, { token });
    expect(after.body.data).toMatchObject({ record_id: id, ttl: 600, rdata: { address: '192.0.2.51' } });

    const del = await h.call('DELETE', `/ARecord/example.com/api.example.com/${id}/`, { token });
    expect(del.body.data).toEqual([`/REST/ARecord/example.com/api.example.com/${id}`]);
    expect(del.body.msgs[0]).toMatchObject({ INFO: 'delete: 1 records deleted', SOURCE: 'API-B' });
    await publish(token);
    const gone = await h.call('GET', '/ARecord/example.com/api.example.com/', { token });
    expect(gone.status).toBe(404);
    expect(gone.body.msgs.map((m) => m.INFO)).toEqual([
      'node: Not in zone',
      'detail: Host is not in this zone',
    ]);
  });

  it('keeps ids non-zero and stable across publishes of other changes', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const before = idsOf((await h.call('GET', WWW, { token })).body.data);
    expect(before.every((id) => id > 0)).toBe(true);
    await h.call('POST', WWW, { token, body: { rdata: { address: '192.0.2.12' }, ttl: 300 } });
    await publish(token);
    const after = idsOf((await h.call('GET', WWW, { token })).body.data);
    expect(after.slice(0, 2)).toEqual(before);
    expect(new Set(after).size).toBe(3);
  });

  it('refuses an invalid IP, duplicate rdata and a 14th A record', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const bad = await h.call('POST', WWW, { token, body: { rdata: { address: '300.1.2.3' }, ttl: 60 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msgs).toEqual([
      { INFO: 'address: Not a valid IP address', SOURCE: 'DYN', ERR_CD: 'INVALID_DATA', LVL: 'ERROR' },
      { INFO: 'add: Could not create A record', SOURCE: 'BLL', ERR_CD: '', LVL: 'INFO' },
    ]);
    const dup = await h.call('POST', WWW, { token, body: { rdata: { address: '192.0.2.10' }, ttl: 60 } });
    expect(dup.status).toBe(400);
    expect(dup.body.msgs[0]).toEqual({
      INFO: 'make: Cannot duplicate existing record data',
      SOURCE: 'DYN',
      ERR_CD: 'TARGET_EXISTS',
      LVL: 'ERROR',
    });
    for (let i = 0; i < 11; i++) {
      const ok = await h.call('POST', WWW, {
        token,
        body: { rdata: { address: `198.51.100.${i}` }, ttl: 60 },
      });
      expect(ok.body.status).toBe('success');
    }
    const dupPending = await h.call('POST', WWW, {
      token,
      body: { rdata: { address: '198.51.100.0' }, ttl: 60 },
    });
    expect(dupPending.body.msgs[0]?.ERR_CD).toBe('TARGET_EXISTS');
    const fourteenth = await h.call('POST', WWW, {
      token,
      body: { rdata: { address: '203.0.113.1' }, ttl: 60 },
    });
    expect(fourteenth.status).toBe(400);
    expect(fourteenth.body.msgs.map((m) => m.INFO)).toEqual([
      'node: A node may hold at most 13 A records',
      'add: Could not create A record',
    ]);
  });

  it('refuses a name outside the zone and the zone own records', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const outside = await h.call('POST', '/ARecord/example.com/www.example.org/', {
      token,
      body: { rdata: { address: '192.0.2.1' } },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.msgs[0]?.INFO).toBe('fqdn: www.example.org is not in zone example.com');
    const badName = await h.call('POST', '/ARecord/example.com/a%20b.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.1' } },
    });
    expect(badName.body.msgs[0]).toMatchObject({
      INFO: 'fqdn: Not a valid host name',
      ERR_CD: 'INVALID_DATA',
    });
    const ns = await h.call('GET', '/NSRecord/example.com/example.com/', { token });
    const [nsId] = idsOf(ns.body.data);
    const del = await h.call('DELETE', `/NSRecord/example.com/example.com/${nsId}/`, { token });
    expect(del.status).toBe(400);
    expect(del.body.msgs[0]?.ERR_CD).toBe('ILLEGAL_OPERATION');
  });

  it('replaces all A records at a node, keeping the ids of kept addresses', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const [keep] = idsOf((await h.call('GET', WWW, { token })).body.data);
    const reply = await h.call('PUT', WWW, {
      token,
      body: {
        ARecords: [
          { rdata: { address: '192.0.2.10' }, ttl: 300 },
          { rdata: { address: '192.0.2.20' }, ttl: '300' },
        ],
      },
    });
    expect(reply.body.status).toBe('success');
    expect((reply.body.data as Array<{ record_id: number }>).map((r) => r.record_id)).toEqual([keep, 0]);
    await publish(token);
    const detail = await h.call('GET', `${WWW}?detail=y`, { token });
    expect((detail.body.data as Array<{ rdata: { address: string } }>).map((r) => r.rdata.address)).toEqual([
      '192.0.2.10',
      '192.0.2.20',
    ]);
  });

  it('deletes all A records at a node; the empty node disappears', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const del = await h.call('DELETE', WWW, { token });
    expect(del.body.data).toHaveLength(2);
    expect(del.body.msgs[0]?.INFO).toBe('delete: 2 records deleted');
    await publish(token);
    const nodes = await h.call('GET', '/NodeList/example.com/', { token });
    expect(nodes.body.data).not.toContain('www.example.com');
    const again = await h.call('DELETE', WWW, { token });
    expect(again.status).toBe(404);
    expect(again.body.msgs.map((m) => m.INFO)).toEqual([
      'node: Not in zone',
      'get: Host not found in this zone',
    ]);
  });

  it('serves other types through <TYPE>Record with ttl 0 meaning the zone default', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const add = await h.call('POST', '/CNAMERecord/example.com/blog.example.com/', {
      token,
      body: { rdata: { cname: 'www.example.com.' }, ttl: 0 },
    });
    expect(add.body.status).toBe('success');
    await publish(token);
    const list = await h.call('GET', '/CNAMERecord/example.com/blog.example.com/?detail=Y', { token });
    expect(list.body.data).toMatchObject([
      { ttl: 3600, rdata: { cname: 'www.example.com.' }, record_type: 'CNAME' },
    ]);
    const missing = await h.call('POST', '/MXRecord/example.com/example.com/', {
      token,
      body: { rdata: {}, ttl: 300 },
    });
    expect(missing.body.msgs[0]).toMatchObject({
      INFO: 'preference: required field missing',
      ERR_CD: 'MISSING_DATA',
    });
  });
});
