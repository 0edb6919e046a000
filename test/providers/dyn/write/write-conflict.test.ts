/**
 * Signs of another writer met mid-transaction (write-conflict.ts), on the wire with nock: each refusal the service
 * sends when another run published the zone first ends the zone as "changed while applying (<the sign>); not
 * published, plan again", and a refusal that is no such sign stays the service's own error. The envelopes are the
 * service's (jorgeecardona/dynect tests, Netflix/denominator fixtures): 404 NOT_FOUND `node: Not in zone`, 400
 * TARGET_EXISTS `make: Cannot duplicate existing record data`, 400 TARGET_EXISTS `name: Name already exists`.
 */
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../../src/engine/index.js';
import { PLAN_FORMAT_VERSION, type Plan } from '../../../../src/plan/types.js';
import { DynApiError, type DynOp, DynZoneChangedError } from '../../../../src/providers/dyn/index.js';
import { authed, failure, mockLogin, ok, testProvider, zoneObject } from '../../helpers/dyn-fixtures.js';
import { connectionReset, useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const target = { kind: 'zone', name: 'a.test', provider: 'dyn' } as const;
const GONE = failure('NOT_FOUND', 'node: Not in zone');
const DUPLICATE = failure('TARGET_EXISTS', 'make: Cannot duplicate existing record data', 'DYN');
const NAME_TAKEN = failure('TARGET_EXISTS', 'name: Name already exists', 'BLL');
const NO_ZONE = failure('NOT_FOUND', 'zone: No such zone', 'API-B');

const deleteOp: DynOp = { kind: 'delete-record', zone: 'a.test', fqdn: 'old.a.test', type: 'TXT', ref: '14' };
const updateOp: DynOp = {
  kind: 'update-record',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  ref: '42',
  value: '198.51.100.1',
  ttl: 300,
};
const addOp: DynOp = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'api.a.test',
  type: 'TXT',
  value: '"run 1"',
  ttl: 300,
};
const addBody = { rdata: { txtdata: '"run 1"' }, ttl: 300 };
const publishOp: DynOp = { kind: 'publish', zone: 'a.test' };

/** The error `promise` rejects with, which must be DynZoneChangedError. */
async function conflictOf(promise: Promise<unknown>): Promise<DynZoneChangedError> {
  const error = await promise.then(
    () => new Error('resolved, but a conflict was expected'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DynZoneChangedError);
  return error as DynZoneChangedError;
}

function provider() {
  const { provider } = testProvider({ retry: { retries: 0 } });
  provider.begin({ target, serial: 7 });
  return provider;
}

describe('a refusal that shows another writer published the zone', () => {
  it('a delete of a record the plan read that answers 404: the record is gone', async () => {
    mockLogin();
    authed('delete', '/TXTRecord/a.test/old.a.test/14/').reply(404, GONE);
    const error = await conflictOf(provider().execute(deleteOp));
    expect(error.message).toBe(
      'zone a.test changed while applying (a record the plan read is gone: DELETE ' +
        '/REST/TXTRecord/a.test/old.a.test/14/: 404 NOT_FOUND node: Not in zone); not published, plan again',
    );
    expect(error.sign.kind).toBe('record-gone');
    expect(error.zone).toBe('a.test');
    expect(error.cause).toBeInstanceOf(DynApiError);
  });

  it('an update of a record that is gone', async () => {
    mockLogin();
    const gone = failure('NOT_FOUND', 'record: No A record with id 42 at www.a.test', 'API-B');
    authed('put', '/ARecord/a.test/www.a.test/42/').reply(404, gone);
    const error = await conflictOf(provider().execute(updateOp));
    expect(error.sign).toEqual({
      kind: 'record-gone',
      refusal:
        'PUT /REST/ARecord/a.test/www.a.test/42/: 404 NOT_FOUND record: No A record with id 42 at www.a.test',
    });
  });

  it('a delete of a whole set whose node is gone', async () => {
    mockLogin();
    authed('delete', '/ARecord/a.test/www.a.test/').reply(404, GONE);
    const op: DynOp = { kind: 'delete-records', zone: 'a.test', fqdn: 'www.a.test', type: 'A' };
    expect((await conflictOf(provider().execute(op))).sign.kind).toBe('record-gone');
  });

  it('an add refused as a duplicate: someone added the value since the plan', async () => {
    mockLogin();
    authed('post', '/TXTRecord/a.test/api.a.test/', addBody).reply(400, DUPLICATE);
    const error = await conflictOf(provider().execute(addOp));
    expect(error.message).toBe(
      'zone a.test changed while applying (a record the plan adds exists already: POST ' +
        '/REST/TXTRecord/a.test/api.a.test/: 400 TARGET_EXISTS make: Cannot duplicate existing record data); ' +
        'not published, plan again',
    );
  });

  it('an add sent again after a lost answer (the read proved it absent) and then refused as a duplicate', async () => {
    mockLogin();
    authed('post', '/TXTRecord/a.test/api.a.test/', addBody).reply(503, 'busy');
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([]));
    authed('post', '/TXTRecord/a.test/api.a.test/', addBody).reply(400, DUPLICATE);
    expect((await conflictOf(provider().execute(addOp))).sign.kind).toBe('record-exists');
  });

  it('a write to a zone that is gone', async () => {
    mockLogin();
    authed('put', '/ARecord/a.test/www.a.test/').reply(404, NO_ZONE);
    const op: DynOp = {
      kind: 'replace-records',
      zone: 'a.test',
      fqdn: 'www.a.test',
      type: 'A',
      values: ['198.51.100.1', '198.51.100.2'],
      ttl: 300,
    };
    const error = await conflictOf(provider().execute(op));
    expect(error.message).toContain('(the zone is gone: PUT /REST/ARecord/a.test/www.a.test/: 404 NOT_FOUND');
  });

  it('a create of a zone the plan read as absent, refused because it exists by now', async () => {
    mockLogin();
    authed('post', '/Zone/a.test/').reply(400, NAME_TAKEN);
    const { provider } = testProvider({ retry: { retries: 0 } });
    provider.begin({ target, serial: null });
    const op: DynOp = {
      kind: 'create-zone',
      zone: 'a.test',
      rname: 'h@a.test',
      ttl: 3600,
      serialStyle: 'increment',
    };
    const error = await conflictOf(provider.execute(op));
    expect(error.message).toBe(
      'zone a.test changed while applying (the zone the plan creates exists already: POST /REST/Zone/a.test/: ' +
        '400 TARGET_EXISTS name: Name already exists); not published, plan again',
    );
  });

  it('the upload of a zone file that creates a zone someone created meanwhile', async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/').reply(400, NAME_TAKEN);
    const { provider } = testProvider({ retry: { retries: 0 } });
    provider.begin({ target, serial: null });
    const op: DynOp = {
      kind: 'create-zone-from-file',
      zone: 'a.test',
      rname: 'h@a.test',
      ttl: 3600,
      sets: [{ fqdn: 'www.a.test', type: 'A', ttl: 300, values: ['192.0.2.1'] }],
    };
    expect((await conflictOf(provider.execute(op))).sign.kind).toBe('zone-exists');
  });

  it('a publish refused after the serial moved under it (another publish between the check and ours)', async () => {
    mockLogin();
    authed('post', '/TXTRecord/a.test/api.a.test/', addBody).reply(200, ok(zoneObject(7)));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    const removed = failure(
      'OPERATION_FAILED',
      'publish: Record 14 was removed by another publish since it was changed',
    );
    authed('put', '/Zone/a.test/', { publish: true }).reply(400, removed);
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(8)));
    const writer = provider();
    await writer.execute(addOp);
    const error = await conflictOf(writer.execute(publishOp));
    expect(error.message).toBe(
      'zone a.test changed while applying (the publish was refused after another publish, serial 7 → 8: PUT ' +
        '/REST/Zone/a.test/: 400 OPERATION_FAILED publish: Record 14 was removed by another publish since it ' +
        'was changed); not published, plan again',
    );
  });
});

describe('a refusal that is no sign of another writer stays the service error', () => {
  it('an add refused for its value', async () => {
    mockLogin();
    const invalid = failure('INVALID_DATA', 'txtdata: Not valid', 'DYN');
    authed('post', '/TXTRecord/a.test/api.a.test/', addBody).reply(400, invalid);
    const error = await provider()
      .execute(addOp)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynApiError);
    expect(error).toMatchObject({ errCode: 'INVALID_DATA' });
  });

  it('a replace answered 404 for its node (a replace creates the node; only a gone zone is a sign)', async () => {
    mockLogin();
    authed('put', '/ARecord/a.test/www.a.test/').reply(404, GONE);
    const op: DynOp = {
      kind: 'replace-records',
      zone: 'a.test',
      fqdn: 'www.a.test',
      type: 'A',
      values: ['192.0.2.1'],
      ttl: 300,
    };
    const error = await provider()
      .execute(op)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynApiError);
    expect(error).not.toBeInstanceOf(DynZoneChangedError);
  });

  /** An add, the serial read before the publish (7), and the publish refused for a reason of its own. */
  function refusedPublish() {
    mockLogin();
    authed('post', '/TXTRecord/a.test/api.a.test/', addBody).reply(200, ok(zoneObject(7)));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    const refused = failure('OPERATION_FAILED', 'publish: A records at www.a.test: too many');
    authed('put', '/Zone/a.test/', { publish: true }).reply(400, refused);
  }

  async function publishError(): Promise<unknown> {
    const writer = provider();
    await writer.execute(addOp);
    return writer.execute(publishOp).then(
      () => new Error('published, but a refusal was expected'),
      (e: unknown) => e,
    );
  }

  it('a publish refused while the serial stayed: the refusal is about our own changes', async () => {
    refusedPublish();
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    const error = await publishError();
    expect(error).toBeInstanceOf(DynApiError);
    expect(error).toMatchObject({ errCode: 'OPERATION_FAILED' });
  });

  it('a publish refused when the serial cannot be read afterwards: the refusal speaks for itself', async () => {
    refusedPublish();
    authed('get', '/Zone/a.test/').replyWithError(connectionReset());
    const error = await publishError();
    expect(error).toBeInstanceOf(DynApiError);
    expect(error).toMatchObject({ errCode: 'OPERATION_FAILED' });
  });
});

describe('applied as a plan step', () => {
  it('discards the zone at the first sign and sends none of its later calls', async () => {
    mockLogin();
    authed('delete', '/TXTRecord/a.test/old.a.test/14/').reply(404, GONE);
    authed('delete', '/ZoneChanges/a.test/').reply(200, ok({}));
    const { provider } = testProvider({ retry: { retries: 0 } });
    const plan: Plan = {
      formatVersion: PLAN_FORMAT_VERSION,
      summary: { create: 1, update: 0, delete: 1, zones: 1 },
      zones: [{ zone: 'a.test', provider: 'dyn', serial: 7 }],
      changes: [],
      steps: [
        {
          id: 'zone:a.test',
          kind: 'zone',
          provider: 'dyn',
          target,
          after: [],
          ops: [deleteOp, addOp, publishOp],
        },
      ],
    };
    const result = await applyPlan(plan, new Map([['dyn', provider]]));
    expect(result.ok).toBe(false);
    expect(result.steps[0]).toMatchObject({ status: 'failed', done: 0, skipped: 2, discarded: true });
    expect(result.steps[0]).toHaveProperty(
      'error',
      expect.stringMatching(
        /^zone a\.test changed while applying \(a record the plan read is gone: .*\); not published, plan again$/,
      ),
    );
  });
});
