/**
 * A session that ends under a zone's transaction (write-zone.ts `restart`), on the wire with nock: the zone's
 * changes are sent again in the new session, in order, with the symptom that ended the old one reported and logged;
 * a session that ends again while they are sent again restarts them once more; a refusal while sending again ends
 * the zone.
 */
import { describe, expect, it } from 'vitest';
import { addZoneFile, createZoneFile } from '../../../../src/providers/dyn/compile/zone-file.js';
import { type DynOp, DynZoneChangedError } from '../../../../src/providers/dyn/index.js';
import { authed, EXPIRED, failure, mockLogin, ok } from '../../helpers/dyn-fixtures.js';
import { addOp, deleteOp, node, recordObject, writer } from '../../helpers/dyn-write-ops.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

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

  it('a second time later: every op is sent again, those sent again the first time too', async () => {
    addSentAgain(() => {
      authed('post', node, undefined, 'token-2').reply(200, ok(recordObject));
      authed('delete', `${node}42/`, undefined, 'token-2').reply(200, ok({}));
    });
    const update: DynOp = {
      kind: 'update-record',
      zone: 'a.test',
      fqdn: 'www.a.test',
      type: 'A',
      value: '10.0.0.1',
      ttl: 300,
      ref: '43',
    };
    authed('put', `${node}43/`, undefined, 'token-2').reply(400, EXPIRED);
    mockLogin('token-3');
    authed('put', `${node}43/`, undefined, 'token-3').reply(200, ok(recordObject));
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-3').reply(200, ok({}));
    authed('post', node, undefined, 'token-3').reply(200, ok(recordObject));
    authed('delete', `${node}42/`, undefined, 'token-3').reply(200, ok({}));
    authed('put', `${node}43/`, undefined, 'token-3').reply(200, ok(recordObject));
    const { provider } = writer();
    await provider.execute(addOp);
    await provider.execute(deleteOp);
    await provider.execute(update);
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
