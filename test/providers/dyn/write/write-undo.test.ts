/**
 * The undo of a zone a failed step created (write-undo.ts), on the wire with nock: after its pending changes are
 * discarded, a zone this run created is read once and deleted again when it holds only the service's own SOA and
 * apex NS; otherwise it is left, the fate saying why. A zone the run did not create is never read or deleted.
 */
import { describe, expect, it } from 'vitest';
import type { DynOp } from '../../../../src/providers/dyn/index.js';
import { authed, failure, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { wireRecord } from '../../helpers/dyn-records.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const target = { kind: 'zone', name: 'a.test', provider: 'dyn' } as const;
const createOp: DynOp = {
  kind: 'create-zone',
  zone: 'a.test',
  rname: 'admin@a.test',
  ttl: 3600,
  serialStyle: 'increment',
};
const zoneObject = { zone: 'a.test', zone_type: 'Primary', serial_style: 'increment', serial: 1 };
const READ = '/AllRecord/a.test/?detail=Y';
const DELETE = '/Zone/a.test/';
const DENIED = failure('PERMISSION_DENIED', 'zone: not allowed');
const NO_ZONE = failure('NOT_FOUND', 'zone: No such zone', 'API-B');

/** What the service holds in a zone it has just created: its own SOA and apex NS, nothing published. */
const serviceRecords = {
  soa_records: [
    {
      ...wireRecord(
        'SOA',
        'a.test',
        { mname: 'ns1.p01.dynect.net.', rname: 'admin.a.test.', serial: 1 },
        1,
        3600,
      ),
      serial_style: 'increment',
    },
  ],
  ns_records: [1, 2].map((n) => ({
    ...wireRecord('NS', 'a.test', { nsdname: `ns${n}.p01.dynect.net.` }, 10 + n, 86400),
    service_class: 'Primary',
  })),
};

/** A provider that created a.test in this run (the create answered), its discard's DELETE already mocked. */
async function afterCreate(options: Parameters<typeof testProvider>[0] = {}) {
  mockLogin();
  authed('post', DELETE).reply(200, ok(zoneObject));
  authed('delete', '/ZoneChanges/a.test/').reply(200, ok({}));
  const made = testProvider({ retry: { retries: 0 }, ...options });
  made.provider.begin({ target, serial: null });
  await made.provider.execute(createOp);
  return made;
}

describe('a zone this run created, when its step fails', () => {
  it('holding only the service SOA and apex NS is deleted again, and the log says so', async () => {
    const { provider, logs } = await afterCreate();
    authed('get', READ).reply(200, ok(serviceRecords));
    authed('delete', DELETE).reply(200, ok({}));
    expect(await provider.discard(target)).toEqual({ kind: 'deleted' });
    expect(logs).toContain(
      'zone a.test: created by this run and never published: deleted again (DELETE /Zone/a.test/)',
    );
  });

  it('is deleted again when its delete answered 404: an earlier attempt removed it', async () => {
    const { provider, logs } = await afterCreate();
    authed('get', READ).reply(200, ok(serviceRecords));
    authed('delete', DELETE).reply(404, NO_ZONE);
    expect(await provider.discard(target)).toEqual({ kind: 'deleted' });
    expect(logs).toContain(
      'zone a.test: created by this run and never published: deleted again (DELETE /Zone/a.test/)',
    );
  });

  it('repeats its delete after a 5xx: deleting a zone twice is harmless', async () => {
    const { provider } = await afterCreate({ retry: { retries: 1 } });
    authed('get', READ).reply(200, ok(serviceRecords));
    authed('delete', DELETE).reply(503, 'busy');
    authed('delete', DELETE).reply(200, ok({}));
    expect(await provider.discard(target)).toEqual({ kind: 'deleted' });
  });

  it('is deleted when the run is stopped during the undo: an interrupt does not stop the cleanup', async () => {
    const controller = new AbortController();
    const { provider } = await afterCreate({ signal: controller.signal });
    authed('get', READ).reply(() => {
      controller.abort();
      return [200, ok(serviceRecords)];
    });
    authed('delete', DELETE).reply(200, ok({}));
    expect(await provider.discard(target)).toEqual({ kind: 'deleted' });
  });

  it('counts as deleted when the read answers 404: the zone is gone already', async () => {
    const { provider, logs } = await afterCreate();
    authed('get', READ).reply(404, NO_ZONE);
    expect(await provider.discard(target)).toEqual({ kind: 'deleted' });
    expect(logs.filter((line) => line.includes('deleted again'))).toEqual([]);
  });

  it('is left, saying so, when the delete is refused', async () => {
    const { provider } = await afterCreate();
    authed('get', READ).reply(200, ok(serviceRecords));
    authed('delete', DELETE).reply(400, DENIED);
    expect(await provider.discard(target)).toEqual({
      kind: 'left',
      reason:
        'it exists, empty; deleting it failed: DELETE /REST/Zone/a.test/: 400 PERMISSION_DENIED zone: not allowed',
    });
  });

  it('is left, saying so, when the read is refused: nothing is deleted unseen', async () => {
    const { provider } = await afterCreate();
    authed('get', READ).reply(400, DENIED);
    expect(await provider.discard(target)).toEqual({
      kind: 'left',
      reason:
        'it exists, empty as far as known; reading it failed: GET /REST/AllRecord/a.test/?detail=Y: ' +
        '400 PERMISSION_DENIED zone: not allowed',
    });
  });

  it('is left when it holds one record set after all (a lost publish went through)', async () => {
    const { provider } = await afterCreate();
    const a = wireRecord('A', 'www.a.test', { address: '192.0.2.1' }, 100);
    authed('get', READ).reply(200, ok({ ...serviceRecords, a_records: [a] }));
    expect(await provider.discard(target)).toEqual({
      kind: 'left',
      reason: 'it holds 1 record set after all',
    });
  });

  it('is left when it holds record sets, counting those edgeplan does not manage', async () => {
    const { provider } = await afterCreate();
    const a = wireRecord('A', 'www.a.test', { address: '192.0.2.1' }, 100);
    const kx = wireRecord('KX', 'office.a.test', { preference: 10, exchange: 'kx.a.test.' }, 90);
    authed('get', READ).reply(200, ok({ ...serviceRecords, a_records: [a], kx_records: [kx] }));
    expect(await provider.discard(target)).toEqual({
      kind: 'left',
      reason: 'it holds 2 record sets after all',
    });
  });
});

describe('a zone this run did not create', () => {
  it('is only discarded: no read, no delete', async () => {
    mockLogin();
    authed('delete', '/ZoneChanges/a.test/').reply(200, ok({}));
    const { provider } = testProvider();
    provider.begin({ target, serial: 7 });
    expect(await provider.discard(target)).toBeUndefined();
  });
});
