import { describe, expect, it } from 'vitest';
import type { Target } from '../../../../src/model/target.js';
import {
  DynJobLostError,
  type DynOp,
  DynOpError,
  DynSessionLostError,
  DynZoneChangedError,
  describeOp,
  retryPolicyOf,
} from '../../../../src/providers/dyn/index.js';
import { authed, EXPIRED, failure, mockLogin, ok, TOKEN, testProvider } from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const VERBS = { POST: 'post', PUT: 'put', DELETE: 'delete' } as const;
const zoneObject = { zone: 'a.test', zone_type: 'Primary', serial_style: 'increment', serial: 3 };
const recordObject = {
  zone: 'a.test',
  fqdn: 'www.a.test',
  record_type: 'A',
  ttl: 300,
  rdata: { address: '10.0.0.1' },
  record_id: 0,
};

const addOp: DynOp = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  value: '10.0.0.1',
  ttl: 300,
};
/** The add above as `GET /ZoneChanges/` lists it while it is pending. */
const pendingAdd = {
  id: 1,
  user_id: 1,
  zone: 'a.test',
  fqdn: 'www.a.test',
  serial: 3,
  ttl: 300,
  rdata_type: 'A',
  rdata: { rdata_a: { address: '10.0.0.1' } },
};
const deleteOp: DynOp = { kind: 'delete-record', zone: 'a.test', fqdn: 'www.a.test', type: 'A', ref: '42' };
const publishOp: DynOp = { kind: 'publish', zone: 'a.test' };
const zoneTarget: Target = { kind: 'zone', name: 'a.test', provider: 'dyn' };

describe('describeOp', () => {
  it('maps each op to exactly one request', () => {
    expect(
      describeOp({
        kind: 'create-zone',
        zone: 'a.test',
        rname: 'admin@a.test',
        ttl: 3600,
        serialStyle: 'day',
      }),
    ).toEqual({
      method: 'POST',
      path: '/Zone/a.test/',
      body: { rname: 'admin@a.test', ttl: 3600, serial_style: 'day' },
    });
    expect(describeOp(addOp)).toEqual({
      method: 'POST',
      path: '/ARecord/a.test/www.a.test/',
      body: { rdata: { address: '10.0.0.1' }, ttl: 300 },
    });
    expect(describeOp({ ...addOp, kind: 'update-record', ref: '42' })).toEqual({
      method: 'PUT',
      path: '/ARecord/a.test/www.a.test/42/',
      body: { rdata: { address: '10.0.0.1' }, ttl: 300 },
    });
    expect(describeOp(deleteOp)).toEqual({ method: 'DELETE', path: '/ARecord/a.test/www.a.test/42/' });
    expect(describeOp(publishOp)).toEqual({ method: 'PUT', path: '/Zone/a.test/', body: { publish: true } });
    // The run's audit note rides on the publish, and only there.
    const run = { auditNote: 'edgeplan 1.0.0 plan sha256:ab' };
    expect(describeOp(publishOp, run)).toEqual({
      method: 'PUT',
      path: '/Zone/a.test/',
      body: { publish: true, notes: 'edgeplan 1.0.0 plan sha256:ab' },
    });
    expect(describeOp(deleteOp, run)).toEqual(describeOp(deleteOp));
  });

  it('sends POSTs once on ambiguous failures and repeats the rest', () => {
    expect(retryPolicyOf(addOp)).toBe('non-idempotent');
    expect(
      retryPolicyOf({ kind: 'create-zone', zone: 'a.test', rname: 'r', ttl: 1, serialStyle: 'increment' }),
    ).toBe('non-idempotent');
    expect(retryPolicyOf(deleteOp)).toBe('idempotent');
    expect(retryPolicyOf(publishOp)).toBe('idempotent');
  });
});

describe('DynWriter.execute', () => {
  const cases: { op: DynOp; reply: unknown }[] = [
    {
      op: { kind: 'create-zone', zone: 'a.test', rname: 'admin@a.test', ttl: 3600, serialStyle: 'increment' },
      reply: zoneObject,
    },
    { op: addOp, reply: zoneObject },
    { op: addOp, reply: recordObject },
    { op: { ...addOp, kind: 'update-record', ref: '42' }, reply: { ...recordObject, record_id: 42 } },
    { op: deleteOp, reply: ['/REST/ARecord/a.test/www.a.test/42'] },
    { op: deleteOp, reply: {} },
    { op: deleteOp, reply: zoneObject },
    { op: publishOp, reply: { ...zoneObject, task_id: '230378639', serial: 4 } },
  ];

  for (const [index, { op, reply }] of cases.entries()) {
    it(`sends the request describeOp predicts: ${op.kind} (#${index})`, async () => {
      const request = describeOp(op);
      mockLogin();
      // Every publish reads the zone's serial first (compare-and-publish, and the baseline of a lost answer).
      if (op.kind === 'publish') authed('get', '/Zone/a.test/').reply(200, ok(zoneObject));
      authed(VERBS[request.method], request.path, request.body).reply(200, ok(reply));
      const { provider } = testProvider();
      await provider.execute(op);
    });
  }

  it('sends nothing for an op that is not a valid Dyn op', async () => {
    const { provider } = testProvider();
    const bad = [
      { kind: 'set-good-bots', webappId: 'x', webapp: 'shop', enable: [], disable: [] },
      { ...addOp, type: 'LOC' },
      { ...addOp, value: '010.0.0.1' },
      { ...deleteOp, ref: '../Zone/a.test' },
      { ...addOp, address: '10.0.0.1' },
    ];
    for (const op of bad) await expect(provider.execute(op)).rejects.toBeInstanceOf(DynOpError);
  });

  it('refuses a write response of neither known shape', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok('weird'));
    const { provider } = testProvider();
    await expect(provider.execute(addOp)).rejects.toThrow(/POST \/ARecord\/a\.test\/www\.a\.test\//);
  });

  it("does not repeat an add blindly after a 503: the session's pending changes say it was added", async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(503, '<html>busy</html>');
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([pendingAdd]));
    const { provider, delays } = testProvider();
    await provider.execute(addOp);
    expect(delays).toEqual([]);
  });

  it('repeats an add after a 429, honouring Retry-After', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(
      429,
      failure('RATE_LIMIT_EXCEEDED', 'rate: slow down'),
      {
        'Retry-After': '5',
      },
    );
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok(recordObject));
    const { provider, delays } = testProvider();
    await provider.execute(addOp);
    expect(delays).toEqual([5000]);
  });

  it('repeats a delete after a 503 and takes the 404 of the repeat as done', async () => {
    mockLogin();
    authed('delete', '/ARecord/a.test/www.a.test/42/').reply(503, 'busy');
    authed('delete', '/ARecord/a.test/www.a.test/42/').reply(404, failure('NOT_FOUND', 'node: Not in zone'));
    const { provider } = testProvider();
    await provider.execute(deleteOp);
  });

  it('takes the 404 as done when the repeat of a delete became a job that answered it', async () => {
    mockLogin();
    authed('delete', '/ARecord/a.test/www.a.test/42/').reply(502, 'bad gateway');
    authed('delete', '/ARecord/a.test/www.a.test/42/').reply(307, '/REST/Job/9/', {
      Location: '/REST/Job/9/',
    });
    authed('get', '/Job/9/').reply(404, failure('NOT_FOUND', 'node: Not in zone'));
    const { provider } = testProvider();
    await provider.execute(deleteOp);
  });

  it('fails a delete whose first attempt finds nothing as a conflict (live state moved since the plan)', async () => {
    mockLogin();
    authed('delete', '/ARecord/a.test/www.a.test/42/').reply(404, failure('NOT_FOUND', 'node: Not in zone'));
    const { provider } = testProvider();
    await expect(provider.execute(deleteOp)).rejects.toBeInstanceOf(DynZoneChangedError);
  });

  it("sends a zone's pending changes again, in order, when a re-login lost them; then publishes them all", async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok(recordObject));
    authed('delete', '/ARecord/a.test/www.a.test/42/').reply(400, EXPIRED);
    mockLogin('token-2');
    authed('delete', '/ARecord/a.test/www.a.test/42/', undefined, 'token-2').reply(200, ok({}));
    // The delete ran in the new session: dropped there, then the zone's ops are sent again from its first.
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('post', '/ARecord/a.test/www.a.test/', undefined, 'token-2').reply(200, ok(recordObject));
    authed('delete', '/ARecord/a.test/www.a.test/42/', undefined, 'token-2').reply(200, ok({}));
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok(zoneObject));
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(200, ok({ ...zoneObject, serial: 4 }));
    const decisions: unknown[] = [];
    const { provider } = testProvider({ onDecision: (d) => decisions.push(d) });
    await provider.execute(addOp);
    await provider.execute(deleteOp);
    await provider.execute(publishOp);
    expect(decisions).toEqual([
      { symptom: 'session-expired', decision: 'repeated', request: 'DELETE /ARecord/a.test/www.a.test/42/' },
      { symptom: 'session-expired', decision: 'replayed', request: 'zone a.test' },
    ]);
  });

  it('publishes again, after sending the changes again, when the publish ran in a renewed session', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok(recordObject));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject));
    authed('put', '/Zone/a.test/', { publish: true }).reply(400, EXPIRED);
    mockLogin('token-2');
    // Nothing pending in the new session: "no changes to apply", and the serial did not move.
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(200, ok(zoneObject));
    // The serial settles whether an earlier attempt published: it did not move.
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok(zoneObject));
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('post', '/ARecord/a.test/www.a.test/', undefined, 'token-2').reply(200, ok(recordObject));
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok(zoneObject));
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(200, ok({ ...zoneObject, serial: 4 }));
    const { provider } = testProvider();
    await provider.execute(addOp);
    await provider.execute(publishOp);
  });

  it('gives a zone up after its session ended under it six times in a row', async () => {
    mockLogin();
    authed('post', '/ARecord/a.test/www.a.test/').reply(200, ok(recordObject));
    let token = TOKEN;
    const tokens = ['token-2', 'token-3', 'token-4', 'token-5', 'token-6', 'token-7'];
    for (const next of tokens) {
      authed('delete', '/ARecord/a.test/www.a.test/42/', undefined, token).reply(400, EXPIRED);
      mockLogin(next);
      token = next;
      authed('delete', '/ARecord/a.test/www.a.test/42/', undefined, token).reply(200, ok({}));
      authed('delete', '/ZoneChanges/a.test/', undefined, token).reply(200, ok({}));
      authed('post', '/ARecord/a.test/www.a.test/', undefined, token).reply(200, ok(recordObject));
    }
    authed('delete', '/ARecord/a.test/www.a.test/42/', undefined, token).reply(400, EXPIRED);
    mockLogin('token-8');
    authed('delete', '/ARecord/a.test/www.a.test/42/', undefined, 'token-8').reply(200, ok({}));
    const { provider } = testProvider();
    await provider.execute(addOp);
    await expect(provider.execute(deleteOp)).rejects.toBeInstanceOf(DynSessionLostError);
  });
});

describe('other writes', () => {
  it('discard deletes the changeset of a zone target, and makes no request for any other target', async () => {
    mockLogin();
    authed('delete', '/ZoneChanges/a.test/').reply(200, ok({}));
    const { provider } = testProvider();
    await provider.discard({ kind: 'zone', name: 'A.test.', provider: 'dyn' });
    await provider.discard({ kind: 'geo', name: 'Global Web' });
    await provider.discard({ kind: 'secondary', name: 'a.test', provider: 'dyn' });
  });

  it('discard of a zone that does not exist (its creation failed) is not an error', async () => {
    mockLogin();
    authed('delete', '/ZoneChanges/a.test/').reply(404, failure('NOT_FOUND', 'zone: No such zone', 'API-B'));
    authed('delete', '/ZoneChanges/b.test/')
      .times(6)
      .reply(400, failure('ILLEGAL_OPERATION', 'zone: Operation blocked by current task'));
    const { provider } = testProvider();
    await provider.discard(zoneTarget);
    // A zone task that never ends: waited out (busy.ts), then given up on.
    await expect(provider.discard({ kind: 'zone', name: 'b.test', provider: 'dyn' })).rejects.toThrow(
      'a zone task blocked it',
    );
  });

  it('discard is done when its job was lost with the session: the pending changes ended with it', async () => {
    mockLogin();
    authed('delete', '/ZoneChanges/a.test/').reply(200, { status: 'incomplete', data: null, job_id: 8 });
    authed('get', '/Job/8/').reply(400, EXPIRED);
    // Logged in again for the next call, as after any ended session; a job lost for another reason still fails.
    mockLogin('token-2');
    authed('delete', '/ZoneChanges/b.test/', undefined, 'token-2').reply(200, {
      status: 'incomplete',
      data: null,
      job_id: 9,
    });
    authed('get', '/Job/9/', undefined, 'token-2').reply(404, failure('NOT_FOUND', 'job: No such job'));
    const { provider } = testProvider();
    await provider.discard(zoneTarget);
    await expect(provider.discard({ kind: 'zone', name: 'b.test', provider: 'dyn' })).rejects.toBeInstanceOf(
      DynJobLostError,
    );
  });

  it('deleteNode deletes the node, accepting the array and zone object shapes', async () => {
    mockLogin();
    authed('delete', '/Node/a.test/old.a.test/').reply(200, ok(['/REST/ARecord/a.test/old.a.test/1']));
    authed('delete', '/Node/a.test/old2.a.test/').reply(200, ok(zoneObject));
    const { provider } = testProvider();
    await provider.client.deleteNode('a.test', 'old.a.test');
    await provider.client.deleteNode('a.test', 'old2.a.test');
  });

  it('getZoneChanges parses the pending changes', async () => {
    mockLogin();
    authed('get', '/ZoneChanges/a.test/').reply(
      200,
      ok([
        {
          id: 9,
          user_id: 1,
          zone: 'a.test',
          fqdn: 'www.a.test',
          serial: 3,
          ttl: '300',
          rdata_type: 'A',
          rdata: { rdata_a: { address: '10.0.0.1' } },
        },
      ]),
    );
    const { provider } = testProvider();
    expect(await provider.client.getZoneChanges('a.test')).toEqual([
      {
        id: 9,
        zone: 'a.test',
        fqdn: 'www.a.test',
        ttl: 300,
        rdata_type: 'A',
        rdata: { rdata_a: { address: '10.0.0.1' } },
      },
    ]);
  });
});
