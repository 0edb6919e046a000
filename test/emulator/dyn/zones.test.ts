import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../helpers.js';
import { SEED, startHarness } from '../helpers.js';

let h: Harness;
afterEach(async () => h?.close());

const ZONE_BODY = { rname: 'admin@new.test', ttl: 3600 };

describe('zones', () => {
  it('lists zones as URIs or, with detail, zone objects', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const plain = await h.call('GET', '/Zone/', { token });
    expect(plain.body.data).toEqual(['/REST/Zone/example.com/']);
    expect(plain.body.msgs[0]?.INFO).toBe('get: Your 1 zone');
    const detail = await h.call('GET', '/Zone/?detail=Y', { token });
    expect(detail.body.data).toEqual([
      { zone_type: 'Primary', serial_style: 'increment', serial: 0, zone: 'example.com' },
    ]);
    const one = await h.call('GET', '/Zone/Example.COM./', { token });
    expect(one.body.msgs[0]?.INFO).toBe('get: Your zone, example.com');
  });

  it('answers 404 zone: No such zone', async () => {
    h = await startHarness();
    const token = await h.login();
    const reply = await h.call('GET', '/Zone/nope.test/', { token });
    expect(reply.status).toBe(404);
    expect(reply.body.msgs).toEqual([
      { INFO: 'zone: No such zone', SOURCE: 'API-B', ERR_CD: 'NOT_FOUND', LVL: 'ERROR' },
    ]);
    expect((await h.call('GET', '/Zone/', { token })).body.msgs[0]?.INFO).toBe('get: Your 0 zones');
  });

  it('creates a zone immediately with SOA and NS, serial 0; refuses duplicates and missing fields', async () => {
    h = await startHarness();
    const token = await h.login();
    const created = await h.call('POST', '/Zone/new.test/', {
      token,
      body: { ...ZONE_BODY, serial_style: 'day' },
    });
    expect(created.body.data).toEqual({
      zone_type: 'Primary',
      serial_style: 'day',
      serial: 0,
      zone: 'new.test',
    });
    expect(created.body.msgs[0]?.INFO).toBe(
      'create: New zone new.test created.  Publish it to put it on our server.',
    );

    const other = await h.login();
    const all = await h.call('GET', '/AllRecord/new.test/?detail=Y', { token: other });
    const data = all.body.data as Record<string, Array<Record<string, unknown>>>;
    expect(data.soa_records).toHaveLength(1);
    expect(data.ns_records?.map((r) => r.service_class)).toEqual([
      'Primary',
      'Primary',
      'Primary',
      'Primary',
    ]);
    expect(data.ns_records?.[0]).toMatchObject({ ttl: 86400, fqdn: 'new.test', record_type: 'NS' });

    const again = await h.call('POST', '/Zone/new.test/', { token, body: ZONE_BODY });
    expect(again.status).toBe(400);
    expect(again.body.msgs).toEqual([
      { INFO: 'name: Name already exists', SOURCE: 'BLL', ERR_CD: 'TARGET_EXISTS', LVL: 'ERROR' },
      { INFO: 'create: You already have this zone.', SOURCE: 'BLL', ERR_CD: '', LVL: 'INFO' },
    ]);
    const missing = await h.call('POST', '/Zone/other.test/', { token, body: { ttl: 60 } });
    expect(missing.status).toBe(400);
    expect(missing.body.msgs[0]).toMatchObject({
      INFO: 'rname: required field missing',
      ERR_CD: 'MISSING_DATA',
    });
  });

  it('deletes a zone immediately and answers 404 for a missing one', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const gone = await h.call('DELETE', '/Zone/example.com/', { token });
    expect(gone.body.data).toMatchObject({ zone: 'example.com' });
    expect(gone.body.msgs[0]?.INFO).toBe('remove: Zone removed');
    const again = await h.call('DELETE', '/Zone/example.com/', { token });
    expect(again.status).toBe(404);
    expect(again.body.msgs.map((m) => m.INFO)).toEqual([
      'zone: No such zone',
      'remove: No such zone in your account',
    ]);
  });
});

describe('publish', () => {
  async function publishTwice(serialStyle: string, now: number): Promise<number[]> {
    h = await startHarness({ now: () => now });
    const token = await h.login();
    await h.call('POST', '/Zone/s.test/', { token, body: { ...ZONE_BODY, serial_style: serialStyle } });
    const serials: number[] = [];
    for (const address of ['192.0.2.1', '192.0.2.2']) {
      await h.call('POST', '/ARecord/s.test/s.test/', { token, body: { rdata: { address }, ttl: 60 } });
      const reply = await h.call('PUT', '/Zone/s.test/', { token, body: { publish: 1 } });
      expect(reply.body.msgs[0]?.INFO).toBe('publish: s.test published');
      const data = reply.body.data as { serial: number; task_id: unknown };
      expect(typeof data.task_id).toBe('string');
      serials.push(data.serial);
    }
    await h.close();
    return serials;
  }
  const NOW = Date.UTC(2017, 11, 21, 9, 5, 30);

  it('bumps the serial by serial style', async () => {
    expect(await publishTwice('increment', NOW)).toEqual([1, 2]);
    expect(await publishTwice('day', NOW)).toEqual([2017122100, 2017122101]);
    // the clock stands still, so the second epoch publish moves on by one to keep serials rising
    expect(await publishTwice('epoch', NOW)).toEqual([1513847130, 1513847131]);
    expect(await publishTwice('minute', NOW)).toEqual([1712210905, 1712210906]);
  });

  it('accepts publish as 1, "true" and true; nothing pending → no-change msgs and no bump', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    for (const publish of [1, 'true', true]) {
      await h.call('DELETE', `/ARecord/example.com/example.com/`, { token });
      await h.call('POST', '/ARecord/example.com/example.com/', {
        token,
        body: { rdata: { address: '192.0.2.1' }, ttl: '3600' },
      });
      expect((await h.call('PUT', '/Zone/example.com/', { token, body: { publish } })).body.status).toBe(
        'success',
      );
    }
    const nothing = await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    expect(nothing.body.status).toBe('success');
    expect(nothing.body.data).toMatchObject({ serial: 3 });
    expect(nothing.body.msgs.map((m) => m.INFO)).toEqual([
      'changeset: No changes to apply.',
      'publish: Could not publish example.com. No changes to apply.',
    ]);
  });
});
