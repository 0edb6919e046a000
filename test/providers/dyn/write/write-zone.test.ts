/**
 * One zone's transaction in the Dyn writer (write-zone.ts), on the wire with nock: what each kind of write accepts as
 * an answer, when a delete's 404 counts as done, what the log says of an add whose answer was lost, and that the
 * writer's calls go on after the run was cancelled (a write abandoned in flight would leave its outcome unknown).
 * Sessions that end under a zone: dyn-write-restart.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DynZoneChangedError } from '../../../../src/providers/dyn/index.js';
import { HttpError } from '../../../../src/providers/http/errors.js';
import { authed, failure, mockLogin, ok } from '../../helpers/dyn-fixtures.js';
import {
  addOp,
  deleteAllOp,
  deleteOp,
  node,
  pendingAdd,
  recordObject,
  replaceOp,
  updateOp,
  writer,
} from '../../helpers/dyn-write-ops.js';
import { connectionReset, useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const NOT_FOUND = failure('NOT_FOUND', 'node: Not in zone');

describe("a write's answer", () => {
  const cases = [
    { op: updateOp, method: 'put', path: `${node}42/` },
    { op: replaceOp, method: 'put', path: node },
    { op: deleteOp, method: 'delete', path: `${node}42/` },
    { op: deleteAllOp, method: 'delete', path: node },
  ] as const;
  for (const { op, method, path } of cases)
    it(`is refused when it is of no known shape: ${op.kind}`, async () => {
      mockLogin();
      authed(method, path).reply(200, ok('weird'));
      const { provider } = writer();
      await expect(provider.execute(op)).rejects.toThrow(`${method.toUpperCase()} ${path}`);
    });
});

describe('the answer to an add or update', () => {
  it('is refused when it names no record, though a replace or delete could answer so', async () => {
    mockLogin();
    authed('post', node).reply(200, ok([]));
    authed('put', `${node}42/`).reply(200, ok({}));
    const { provider } = writer();
    await expect(provider.execute(addOp)).rejects.toThrow(`POST ${node}`);
    await expect(provider.execute(updateOp)).rejects.toThrow(`PUT ${node}42/`);
  });
});

describe('a 404 to a delete', () => {
  it('is done for a whole set deleted by a repeat: the first attempt deleted it', async () => {
    mockLogin();
    authed('delete', node).reply(503, 'busy');
    authed('delete', node).reply(404, NOT_FOUND);
    const { provider } = writer();
    await provider.execute(deleteAllOp);
  });

  it('is a conflict on the first attempt at a whole set: the live state moved since the plan', async () => {
    mockLogin();
    authed('delete', node).reply(404, NOT_FOUND);
    const { provider } = writer();
    await expect(provider.execute(deleteAllOp)).rejects.toBeInstanceOf(DynZoneChangedError);
  });

  it('is all that ends a delete as done: one whose answers were all lost fails with the last, reading nothing', async () => {
    mockLogin();
    authed('delete', `${node}42/`).reply(503, 'busy');
    const { provider, decisions } = writer({ retry: { retries: 0 } });
    await expect(provider.execute(deleteOp)).rejects.toBeInstanceOf(HttpError);
    expect(decisions()).toEqual([]);
  });

  it('is the only refusal a repeated delete takes as done', async () => {
    mockLogin();
    authed('delete', `${node}42/`).reply(503, 'busy');
    authed('delete', `${node}42/`).reply(400, failure('INVALID_DATA', 'record: refused'));
    const { provider } = writer();
    await expect(provider.execute(deleteOp)).rejects.toThrow('record: refused');
  });

  it('is no excuse for an update: a 404 to its repeat still fails it', async () => {
    mockLogin();
    authed('put', `${node}42/`).reply(503, 'busy');
    authed('put', `${node}42/`).reply(404, NOT_FOUND);
    const { provider } = writer();
    await expect(provider.execute(updateOp)).rejects.toBeInstanceOf(DynZoneChangedError);
  });
});

describe('an add whose answer was lost, as the log tells it', () => {
  const lost = (address: string | null) => {
    mockLogin();
    authed('post', node).replyWithError(connectionReset());
    authed('get', '/ZoneChanges/a.test/').reply(200, ok(address === null ? [] : [pendingAdd(address)]));
  };

  it('is pending', async () => {
    lost('10.0.0.1');
    const { provider, logs } = writer({ retry: { retries: 0 } });
    await provider.execute(addOp);
    expect(logs).toContain(
      `dyn: POST ${node}: the answer was lost; GET /ZoneChanges/a.test/ shows the record pending: going on`,
    );
  });

  it('was not added', async () => {
    lost(null);
    authed('post', node).reply(200, ok(recordObject));
    const { provider, logs } = writer({ retry: { retries: 0 } });
    await provider.execute(addOp);
    expect(logs).toContain(
      `dyn: POST ${node}: the answer was lost; GET /ZoneChanges/a.test/ shows it was not added: sending it again`,
    );
  });

  it('cannot be told', async () => {
    lost('10.0.0.2');
    const { provider, logs } = writer({ retry: { retries: 0 } });
    await expect(provider.execute(addOp)).rejects.toThrow('socket hang up');
    expect(logs).toContain(
      `dyn: POST ${node}: the answer was lost and GET /ZoneChanges/a.test/ cannot tell whether it was added: ` +
        'the zone is discarded',
    );
  });
});

describe('after the run was cancelled', () => {
  it('a write, the read settling its lost answer and a discard are still sent', async () => {
    mockLogin();
    authed('post', node).reply(503, 'busy');
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([pendingAdd('10.0.0.1')]));
    authed('delete', '/ZoneChanges/a.test/').reply(200, ok({}));
    const { provider } = writer({ retry: { retries: 0 }, signal: AbortSignal.abort() });
    await provider.execute(addOp);
    await provider.discard({ kind: 'zone', name: 'a.test', provider: 'dyn' });
  });
});

describe('a discard', () => {
  it('is repeated after a 5xx: dropping pending changes twice is harmless', async () => {
    mockLogin();
    authed('delete', '/ZoneChanges/a.test/').reply(503, 'busy');
    authed('delete', '/ZoneChanges/a.test/').reply(200, ok({}));
    const { provider } = writer();
    await provider.discard({ kind: 'zone', name: 'a.test', provider: 'dyn' });
  });

  it('fails on a refusal other than a 404', async () => {
    mockLogin();
    authed('delete', '/ZoneChanges/a.test/').reply(400, failure('PERMISSION_DENIED', 'zone: not allowed'));
    const { provider } = writer();
    await expect(provider.discard({ kind: 'zone', name: 'a.test', provider: 'dyn' })).rejects.toThrow(
      'zone: not allowed',
    );
  });
});
