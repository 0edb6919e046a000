/**
 * The edges of another writer's signs (write-conflict.ts), on the wire with nock: which refusal of which op is a
 * sign and which stays the service's own error, and how a sign reads when a serial is missing on either side.
 */
import { describe, expect, it } from 'vitest';
import { DynApiError, type DynOp, DynZoneChangedError } from '../../../../src/providers/dyn/index.js';
import { asConflict } from '../../../../src/providers/dyn/write/write-conflict.js';
import { authed, failure, mockLogin, ok, testProvider, zoneObject } from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const target = { kind: 'zone', name: 'a.test', provider: 'dyn' } as const;
const NO_ZONE = failure('NOT_FOUND', 'zone: No such zone', 'API-B');
const DENIED = failure('PERMISSION_DENIED', 'zone: not allowed');
const NAME_TAKEN = failure('TARGET_EXISTS', 'name: Name already exists', 'BLL');

const deleteOp: DynOp = { kind: 'delete-record', zone: 'a.test', fqdn: 'old.a.test', type: 'TXT', ref: '14' };
const addOp: DynOp = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'api.a.test',
  type: 'TXT',
  value: '"run 1"',
  ttl: 300,
};
const addPath = '/TXTRecord/a.test/api.a.test/';
const addBody = { rdata: { txtdata: '"run 1"' }, ttl: 300 };
const createOp: DynOp = {
  kind: 'create-zone',
  zone: 'a.test',
  rname: 'h@a.test',
  ttl: 3600,
  serialStyle: 'increment',
};
const publishOp: DynOp = { kind: 'publish', zone: 'a.test' };

/** A provider that applies a.test as read at `serial` (null: the plan creates it; undefined: no plan given). */
function provider(serial?: number | null) {
  const { provider } = testProvider({ retry: { retries: 0 } });
  if (serial !== undefined) provider.begin({ target, serial });
  return provider;
}

/** What `promise` rejects with; fails the test when it resolves. */
function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('resolved, but a refusal was expected'),
    (e: unknown) => e,
  );
}

/** A refusal that is no sign: the service's own error, not a conflict. */
async function expectOwnError(promise: Promise<unknown>, errCode: string) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(DynApiError);
  expect(error).not.toBeInstanceOf(DynZoneChangedError);
  expect(error).toMatchObject({ errCode });
}

describe('a refusal that is no sign of another writer', () => {
  it('a delete refused for a reason other than 404', async () => {
    mockLogin();
    authed('delete', '/TXTRecord/a.test/old.a.test/14/').reply(400, DENIED);
    await expectOwnError(provider(7).execute(deleteOp), 'PERMISSION_DENIED');
  });

  it('a create of a zone refused for a reason other than its name being taken', async () => {
    mockLogin();
    authed('post', '/Zone/a.test/').reply(400, failure('INVALID_DATA', 'rname: Not a valid e-mail address'));
    await expectOwnError(provider(null).execute(createOp), 'INVALID_DATA');
  });

  it('a create answered 404 for something other than the zone', async () => {
    mockLogin();
    authed('post', '/Zone/a.test/').reply(404, failure('NOT_FOUND', 'contact: No such contact'));
    await expectOwnError(provider(null).execute(createOp), 'NOT_FOUND');
  });

  it('a publish answered with something that is no publish result fails as it is, without reading the serial', async () => {
    mockLogin();
    authed('post', addPath, addBody).reply(200, ok(zoneObject(7)));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }).reply(200, ok('published?'));
    const writer = provider(7);
    await writer.execute(addOp);
    const error = await rejection(writer.execute(publishOp));
    expect(error).not.toBeInstanceOf(DynZoneChangedError);
    expect(error).not.toBeInstanceOf(DynApiError);
    expect((error as Error).message).toContain('PUT /Zone/a.test/');
  });
});

describe('the zone is gone', () => {
  it('a delete answered 404 for the zone names the zone as gone, not the record', async () => {
    mockLogin();
    authed('delete', '/TXTRecord/a.test/old.a.test/14/').reply(404, NO_ZONE);
    const error = await rejection(provider(7).execute(deleteOp));
    expect(error).toBeInstanceOf(DynZoneChangedError);
    expect((error as DynZoneChangedError).sign).toEqual({
      kind: 'zone-gone',
      refusal: 'DELETE /REST/TXTRecord/a.test/old.a.test/14/: 404 NOT_FOUND zone: No such zone',
    });
  });

  it('an add answered 404 for the zone', async () => {
    mockLogin();
    authed('post', addPath, addBody).reply(404, NO_ZONE);
    const error = await rejection(provider(7).execute(addOp));
    expect((error as DynZoneChangedError).sign?.kind).toBe('zone-gone');
  });

  it('a zone read as gone right before its publish: the serial move says so', async () => {
    mockLogin();
    authed('post', addPath, addBody).reply(200, ok(zoneObject(7)));
    authed('get', '/Zone/a.test/').reply(404, NO_ZONE);
    const writer = provider(7);
    await writer.execute(addOp);
    await expect(writer.execute(publishOp)).rejects.toThrow(
      'zone a.test changed while applying (the zone is gone: someone else published it); not published, plan again',
    );
  });

  it('a zone that was absent before its publish and there after the refusal: the serial moved from none', async () => {
    mockLogin();
    authed('post', addPath, addBody).reply(200, ok(zoneObject(7)));
    authed('get', '/Zone/a.test/').reply(404, NO_ZONE);
    authed('put', '/Zone/a.test/', { publish: true }).reply(400, NAME_TAKEN);
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(3)));
    const writer = provider();
    await writer.execute(addOp);
    const error = await rejection(writer.execute(publishOp));
    expect(error).toBeInstanceOf(DynZoneChangedError);
    expect((error as Error).message).toBe(
      'zone a.test changed while applying (the publish was refused after another publish, serial none → 3: ' +
        'PUT /REST/Zone/a.test/: 400 TARGET_EXISTS name: Name already exists); not published, plan again',
    );
    expect((error as DynZoneChangedError).sign).toMatchObject({ planned: null, live: 3 });
    expect((error as Error).cause).toBeInstanceOf(DynApiError);
    expect((error as Error).cause).toMatchObject({ errCode: 'TARGET_EXISTS' });
    expect((error as Error).name).toBe('DynZoneChangedError');
  });
});

describe('asConflict', () => {
  it('leaves a refused publish as it is: only the serial read after it can make it a sign', () => {
    const refusal = new DynApiError({
      method: 'PUT',
      path: '/REST/Zone/a.test/',
      httpStatus: 404,
      status: 'failure',
      messages: [{ INFO: 'zone: No such zone', SOURCE: 'API-B', ERR_CD: 'NOT_FOUND', LVL: 'ERROR' }],
      attempts: 1,
    });
    expect(asConflict('a.test', publishOp, refusal)).toBe(refusal);
    expect(asConflict('a.test', deleteOp, refusal)).toBeInstanceOf(DynZoneChangedError);
  });
});
