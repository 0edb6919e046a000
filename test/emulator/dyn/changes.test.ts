import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Harness } from '../helpers.js';
import { idsOf, SEED, startHarness } from '../helpers.js';

// Time budget: ten times its slowest test (0.6 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let h: Harness;
afterEach(async () => h?.close());

const API = '/ARecord/example.com/api.example.com/';
const add = (token: string, address: string) =>
  h.call('POST', API, { token, body: { rdata: { address }, ttl: 60 } });
const publish = (token: string) => h.call('PUT', '/Zone/example.com/', { token, body: { publish: 'true' } });

describe('pending changes per session', () => {
  it('an added record has no id until publish: listed by no session, shown in its own changeset', async () => {
    h = await startHarness({ seed: SEED });
    const alice = await h.login();
    const bob = await h.login();
    await add(alice, '192.0.2.60');
    expect((await h.call('GET', API, { token: alice })).status).toBe(404);
    expect((await h.call('GET', '/ANYRecord/example.com/api.example.com/', { token: alice })).status).toBe(
      404,
    );
    expect((await h.call('GET', '/ARecord/example.com/api.example.com/0/', { token: alice })).status).toBe(
      404,
    );
    const all = await h.call('GET', '/AllRecord/example.com/', { token: alice });
    expect(JSON.stringify(all.body.data)).not.toContain('api.example.com');
    expect((await h.call('GET', '/ZoneChanges/example.com/', { token: alice })).body.data).toMatchObject([
      { fqdn: 'api.example.com', action: 'add', record_id: 0 },
    ]);
    expect((await h.call('GET', API, { token: bob })).status).toBe(404);
    expect((await h.call('GET', '/Zone/example.com/', { token: bob })).body.data).toMatchObject({
      serial: 0,
    });

    const bobPublish = await publish(bob);
    expect(bobPublish.body.msgs[0]?.INFO).toBe('changeset: No changes to apply.');
    expect((await publish(alice)).body.data).toMatchObject({ serial: 1 });
    expect(idsOf((await h.call('GET', API, { token: bob })).body.data)[0]).toBeGreaterThan(0);
  });

  it('publish is all or nothing when another session changed the zone meanwhile', async () => {
    h = await startHarness({ seed: SEED });
    const alice = await h.login();
    const bob = await h.login();
    const [id] = idsOf(
      (await h.call('GET', '/ARecord/example.com/www.example.com/', { token: alice })).body.data,
    );
    await add(alice, '192.0.2.61');
    await h.call('PUT', `/ARecord/example.com/www.example.com/${id}/`, { token: alice, body: { ttl: 900 } });
    await h.call('DELETE', `/ARecord/example.com/www.example.com/${id}/`, { token: bob });
    expect((await publish(bob)).body.status).toBe('success');

    const failed = await publish(alice);
    expect(failed.status).toBe(400);
    expect(failed.body.status).toBe('failure');
    expect(failed.body.msgs[0]?.ERR_CD).toBe('OPERATION_FAILED');
    expect(failed.body.msgs.at(-1)?.INFO).toBe('publish: Could not publish example.com');
    const zone = await h.call('GET', '/Zone/example.com/', { token: bob });
    expect(zone.body.data).toMatchObject({ serial: 1 });
    expect((await h.call('GET', API, { token: bob })).status).toBe(404);
  });

  it('refuses at publish a duplicate that another session published first', async () => {
    h = await startHarness({ seed: SEED });
    const alice = await h.login();
    const bob = await h.login();
    await add(alice, '192.0.2.62');
    await add(bob, '192.0.2.62');
    expect((await publish(bob)).body.status).toBe('success');
    const failed = await publish(alice);
    expect(failed.body.msgs[0]?.INFO).toBe(
      'publish: A records at api.example.com: Cannot duplicate existing record data',
    );
  });

  it('ZoneChanges lists and discards this session pending changes', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    await add(token, '192.0.2.63');
    const [id] = idsOf((await h.call('GET', '/ARecord/example.com/www.example.com/', { token })).body.data);
    await h.call('DELETE', `/ARecord/example.com/www.example.com/${id}`, { token });
    const changes = await h.call('GET', '/ZoneChanges/example.com', { token });
    expect(changes.body.data).toEqual([
      {
        id: 1,
        user_id: 1,
        zone: 'example.com',
        fqdn: 'api.example.com',
        serial: 0,
        ttl: 60,
        rdata_type: 'A',
        rdata: { rdata_a: { address: '192.0.2.63' } },
        action: 'add',
        record_id: 0,
      },
      expect.objectContaining({ action: 'delete', record_id: id, fqdn: 'www.example.com' }),
    ]);
    const discard = await h.call('DELETE', '/ZoneChanges/example.com/', { token });
    expect(discard.body).toMatchObject({ status: 'success', data: {} });
    expect((await h.call('GET', '/ZoneChanges/example.com/', { token })).body.data).toEqual([]);
    expect((await h.call('GET', API, { token })).status).toBe(404);
    expect(
      idsOf((await h.call('GET', '/ARecord/example.com/www.example.com/', { token })).body.data),
    ).toContain(id);
  });

  it('logout discards pending changes', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    await add(token, '192.0.2.64');
    await h.call('DELETE', '/Session/', { token });
    const next = await h.login();
    expect((await h.call('GET', '/ZoneChanges/example.com/', { token: next })).body.data).toEqual([]);
  });
});
