/**
 * One zone's transaction in the Dyn writer (write-zone.ts), on the wire with nock: what each kind of write accepts as
 * an answer, when a delete's 404 counts as done, which symptom a restart reports and what it logs, and that the
 * writer's calls go on after the run was cancelled (a write abandoned in flight would leave its outcome unknown).
 */
import { describe, expect, it } from 'vitest';
import { addZoneFile, createZoneFile } from '../../src/providers/dyn/compile/zone-file.js';
import { type DynOp, DynZoneChangedError } from '../../src/providers/dyn/index.js';
import type { ClientDecision } from '../../src/providers/http/decisions.js';
import { HttpError } from '../../src/providers/http/errors.js';
import { authed, EXPIRED, failure, mockLogin, ok, testProvider } from './helpers/dyn-fixtures.js';
import { connectionReset, useNockGuard } from './helpers/nock-guard.js';

useNockGuard();

const node = '/ARecord/a.test/www.a.test/';
const addOp: DynOp = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  value: '10.0.0.1',
  ttl: 300,
};
const updateOp: DynOp = { ...addOp, kind: 'update-record', ref: '42' };
const deleteOp: DynOp = { kind: 'delete-record', zone: 'a.test', fqdn: 'www.a.test', type: 'A', ref: '42' };
const replaceOp: DynOp = {
  kind: 'replace-records',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  values: ['10.0.0.1'],
  ttl: 300,
};
const deleteAllOp: DynOp = { kind: 'delete-records', zone: 'a.test', fqdn: 'www.a.test', type: 'A' };
const recordObject = { zone: 'a.test', fqdn: 'www.a.test', record_type: 'A', ttl: 300, record_id: 42 };
const NOT_FOUND = failure('NOT_FOUND', 'node: Not in zone');
const pendingAdd = (address: string) => ({
  id: 1,
  user_id: 1,
  zone: 'a.test',
  fqdn: 'www.a.test',
  serial: 3,
  ttl: 300,
  rdata_type: 'A',
  rdata: { rdata_a: { address } },
});

/** A provider whose decisions are kept as `symptom decision request`. */
function writer(options: Parameters<typeof testProvider>[0] = {}) {
  const decisions: ClientDecision[] = [];
  const made = testProvider({ ...options, onDecision: (d) => decisions.push(d) });
  return { ...made, decisions: () => decisions.map((d) => `${d.symptom} ${d.decision} ${d.request}`) };
}

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

describe('a session that ends under a write', () => {
  /** An add pending in the first session, then a delete refused as expired and repeated in a second. */
  function deleteInNewSession(answer: () => void) {
    mockLogin();
    authed('post', node).reply(200, ok(recordObject));
    authed('delete', `${node}42/`).reply(400, EXPIRED);
    mockLogin('token-2');
    answer();
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('post', node, undefined, 'token-2').reply(200, ok(recordObject));
    authed('delete', `${node}42/`, undefined, 'token-2').reply(200, ok({}));
  }

  it('restarts the zone reporting the lost answer of the repeat (a 5xx)', async () => {
    deleteInNewSession(() => authed('delete', `${node}42/`, undefined, 'token-2').reply(503, 'busy'));
    const { provider, decisions, logs } = writer({ retry: { retries: 0 } });
    await provider.execute(addOp);
    await provider.execute(deleteOp);
    expect(decisions()).toEqual([
      `session-expired repeated DELETE ${node}42/`,
      'http-5xx replayed zone a.test',
    ]);
    expect(logs).toContain(
      'zone a.test: the DNS session ended under its 2 unpublished changes; sending them again in a new session',
    );
  });

  it('restarts the zone as expired when the repeat was refused: the refusal may be the lost changes', async () => {
    deleteInNewSession(() =>
      authed('delete', `${node}42/`, undefined, 'token-2').reply(
        400,
        failure('INVALID_DATA', 'rdata: refused'),
      ),
    );
    const { provider, decisions } = writer({ retry: { retries: 0 } });
    await provider.execute(addOp);
    await provider.execute(deleteOp);
    expect(decisions()).toEqual([
      `session-expired repeated DELETE ${node}42/`,
      'session-expired replayed zone a.test',
    ]);
  });
});

describe('a session that ends while a zone is sent again', () => {
  const mx = { fqdn: 'mx.a.test', type: 'A', ttl: 300, values: ['192.0.2.9'] };
  const upload: DynOp = {
    kind: 'create-zone-from-file',
    zone: 'a.test',
    rname: 'hostmaster@a.test',
    ttl: 3600,
    sets: [mx],
  };
  const file = { file: createZoneFile('a.test', { rname: 'hostmaster@a.test', ttl: 3600 }, [mx]) };
  const again = { file: addZoneFile('a.test', 3600, [mx]) };

  /** An add pending in the first session; a delete answered in a second, so the add is sent again there. */
  function addSentAgain(answer: () => void) {
    mockLogin();
    authed('post', node).reply(200, ok(recordObject));
    authed('delete', `${node}42/`).reply(400, EXPIRED);
    mockLogin('token-2');
    authed('delete', `${node}42/`, undefined, 'token-2').reply(200, ok({}));
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    answer();
  }

  it('under one of its ops: sent again once more, each op once in the session that holds them', async () => {
    addSentAgain(() => {
      authed('post', node, undefined, 'token-2').reply(400, EXPIRED);
      mockLogin('token-3');
      authed('post', node, undefined, 'token-3').reply(200, ok(recordObject));
      authed('delete', '/ZoneChanges/a.test/', undefined, 'token-3').reply(200, ok({}));
      authed('post', node, undefined, 'token-3').reply(200, ok(recordObject));
      authed('delete', `${node}42/`, undefined, 'token-3').reply(200, ok({}));
    });
    const { provider, decisions } = writer();
    await provider.execute(addOp);
    await provider.execute(deleteOp);
    expect(decisions().filter((d) => d.includes('replayed'))).toEqual([
      'session-expired replayed zone a.test',
      'session-expired replayed zone a.test',
    ]);
  });

  it('fails the zone when an op sent again is refused: no further restart', async () => {
    addSentAgain(() =>
      authed('post', node, undefined, 'token-2').reply(
        400,
        failure('TARGET_EXISTS', 'make: Cannot duplicate existing record data'),
      ),
    );
    const { provider } = writer();
    await provider.execute(addOp);
    await expect(provider.execute(deleteOp)).rejects.toBeInstanceOf(DynZoneChangedError);
  });

  it('under its upload: the zone is sent again once more, its ops once in the session that holds them', async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/', file).reply(200, ok({ task_id: '77' }));
    authed('post', node).reply(200, ok(recordObject));
    authed('put', '/Zone/a.test/', { publish: true }).reply(400, EXPIRED);
    mockLogin('token-2');
    // Repeated in the new session, the publish carried none of the zone's changes, and none of them is live.
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(
      200,
      ok({ zone: 'a.test', serial: 0 }),
    );
    authed('get', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok([]));
    authed('get', '/AllRecord/a.test/?detail=Y', undefined, 'token-2').reply(200, ok({}));
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    // The upload sent again meets the end of the second session too: it lands in a third.
    authed('put', '/ZoneFile/a.test/', again, 'token-2').reply(400, EXPIRED);
    mockLogin('token-3');
    authed('put', '/ZoneFile/a.test/', again, 'token-3').reply(200, ok({ task_id: '78' }));
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-3').reply(200, ok({}));
    authed('put', '/ZoneFile/a.test/', again, 'token-3').reply(200, ok({ task_id: '79' }));
    authed('post', node, undefined, 'token-3').reply(200, ok(recordObject));
    authed('put', '/Zone/a.test/', { publish: true }, 'token-3').reply(
      200,
      ok({ zone: 'a.test', serial: 1 }),
    );
    const { provider, decisions } = writer();
    await provider.execute(upload);
    await provider.execute(addOp);
    await provider.execute({ kind: 'publish', zone: 'a.test' });
    expect(decisions().filter((d) => d.includes('replayed'))).toEqual([
      'session-expired replayed zone a.test',
      'session-expired replayed zone a.test',
    ]);
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
    await provider.discard({ kind: 'zone', name: 'a.test' });
  });
});

describe('a discard', () => {
  it('is repeated after a 5xx: dropping pending changes twice is harmless', async () => {
    mockLogin();
    authed('delete', '/ZoneChanges/a.test/').reply(503, 'busy');
    authed('delete', '/ZoneChanges/a.test/').reply(200, ok({}));
    const { provider } = writer();
    await provider.discard({ kind: 'zone', name: 'a.test' });
  });
});
