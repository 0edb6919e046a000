import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeStartedEmulators } from '../../support/emulator.js';
import { type Harness, SEED, startHarness } from '../helpers.js';

// Time budget: ten times its slowest test (0.5 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness({
    seed: { dns: { ...SEED.dns, secondary_zones: { 'old.example.net': { masters: ['203.0.113.9'] } } } },
  });
  token = await h.login();
});
// Whatever a test started, closed after it (no test relies on another having assigned `h`).
afterEach(closeStartedEmulators);

const msgs = (body: { msgs: { INFO: string; ERR_CD: string | null }[] }) =>
  body.msgs.map((m) => `${m.ERR_CD || '-'} ${m.INFO}`);

describe('secondary zones', () => {
  it('creates one at once (zone data object), reads it, lists it with and without detail', async () => {
    const created = await h.call('POST', '/Secondary/partner.example.net/', {
      token,
      body: { masters: ['198.51.100.1', '198.51.100.2'], contact_nickname: 'ops' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({
      zone_type: 'Secondary',
      serial_style: 'increment',
      serial: 0,
      zone: 'partner.example.net',
    });

    const read = await h.call('GET', '/Secondary/partner.example.net/', { token });
    expect(read.body.data).toEqual({
      zone: 'partner.example.net',
      masters: ['198.51.100.1', '198.51.100.2'],
      contact_nickname: 'ops',
      tsig_key_name: '',
      active: 'Y',
    });
    const list = await h.call('GET', '/Secondary/', { token });
    expect(list.body.data).toEqual([
      '/REST/Secondary/old.example.net/',
      '/REST/Secondary/partner.example.net/',
    ]);
    const detail = await h.call('GET', '/Secondary/?detail=Y', { token });
    expect((detail.body.data as { zone: string }[]).map((s) => s.zone)).toEqual([
      'old.example.net',
      'partner.example.net',
    ]);

    const zones = await h.call('GET', '/Zone/?detail=Y', { token });
    expect(zones.body.data).toContainEqual({
      zone_type: 'Secondary',
      serial_style: 'increment',
      serial: 0,
      zone: 'partner.example.net',
    });
    const zone = await h.call('GET', '/Zone/partner.example.net/', { token });
    expect((zone.body.data as { zone_type: string }).zone_type).toBe('Secondary');
    expect(msgs(zones.body)).toEqual(['- get: Your 3 zones']);
  });

  it('answers the documented failures: bad master, missing masters, existing zone (primary or secondary)', async () => {
    const bad = await h.call('POST', '/Secondary/x.example.net/', {
      token,
      body: { masters: ['10.0.0.256'] },
    });
    expect([bad.status, msgs(bad.body)]).toEqual([
      400,
      ['INVALID_DATA master: IP address expected', '- create: Zone not created'],
    ]);
    const missing = await h.call('POST', '/Secondary/x.example.net/', { token, body: {} });
    expect([missing.status, msgs(missing.body), missing.body.data]).toEqual([
      400,
      ['MISSING_DATA masters: required field missing'],
      null,
    ]);
    for (const zone of ['example.com', 'old.example.net']) {
      const exists = await h.call('POST', `/Secondary/${zone}/`, {
        token,
        body: { masters: ['198.51.100.1'] },
      });
      expect([exists.status, msgs(exists.body)]).toEqual([
        400,
        ['TARGET_EXISTS name: Name already exists', '- create: You already have this zone.'],
      ]);
    }
    const primary = await h.call('POST', '/Zone/old.example.net/', {
      token,
      body: { rname: 'a@b.c', ttl: 60 },
    });
    expect(msgs(primary.body)).toEqual([
      'TARGET_EXISTS name: Name already exists',
      '- create: You already have this zone.',
    ]);
  });

  it('PUT changes masters (the fqdn form too), activates and deactivates; fields not sent are kept', async () => {
    const put = await h.call('PUT', '/Secondary/old.example.net/old.example.net/', {
      token,
      body: { masters: ['198.51.100.7'] },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ masters: ['198.51.100.7'], contact_nickname: '', active: 'Y' });
    expect(typeof (put.body.data as { task_id: unknown }).task_id).toBe('string');
    const off = await h.call('PUT', '/Secondary/old.example.net/', { token, body: { deactivate: true } });
    expect([off.body.data, msgs(off.body)]).toMatchObject([
      { active: 'N', masters: ['198.51.100.7'] },
      ['- deactivate: Service deactivated'],
    ]);
    const on = await h.call('PUT', '/Secondary/old.example.net/', { token, body: { activate: true } });
    expect(msgs(on.body)).toEqual(['- activate: Service activated']);
    const nothing = await h.call('PUT', '/Secondary/old.example.net/', { token, body: {} });
    expect(nothing.status).toBe(400);
    const unknown = await h.call('PUT', '/Secondary/nope.example.net/', {
      token,
      body: { masters: ['198.51.100.1'] },
    });
    expect([unknown.status, msgs(unknown.body)]).toEqual([404, ['NOT_FOUND zone: No such zone']]);
  });

  it('DELETE /Zone/ removes a secondary zone at once (also the /Zone/<zone>/<fqdn>/ form) and persists it', async () => {
    const primary = h.emulator.snapshot().dns?.zones?.['example.com'];
    expect(primary?.records?.length).toBeGreaterThan(0);
    const gone = await h.call('DELETE', '/Zone/old.example.net/www.old.example.net/', { token });
    expect([gone.status, msgs(gone.body)]).toEqual([200, ['- remove: Zone removed']]);
    expect(h.emulator.snapshot().dns?.secondary_zones).toBeUndefined();
    const again = await h.call('DELETE', '/Zone/old.example.net/', { token });
    expect(again.status).toBe(404);
    const other = await h.call('DELETE', '/Zone/example.com/www.example.com/', { token });
    expect(other.status).toBe(404);
    // The primary zone is left as it was.
    expect(h.emulator.snapshot().dns?.zones?.['example.com']).toEqual(primary);
  });
});
