/**
 * The reads that settle a lost answer (write-resolve.ts), at their edges, on the wire with nock: which failures
 * count as a lost answer, how the pending changes are matched to an add, what a read met by a session's end or
 * by its own failure means, and that every one of these reads is itself repeated on a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { DynApiError, type DynOp, DynZoneChangedError } from '../../../../src/providers/dyn/index.js';
import type { ClientDecision } from '../../../../src/providers/http/decisions.js';
import { HttpError } from '../../../../src/providers/http/errors.js';
import {
  authed,
  EXPIRED,
  failure,
  mockLogin,
  ok,
  testProvider,
  zoneObject,
} from '../../helpers/dyn-fixtures.js';
import { addOp, node, recordObject } from '../../helpers/dyn-write-ops.js';
import { connectionReset, useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const publishOp: DynOp = { kind: 'publish', zone: 'a.test' };
const target = { kind: 'zone', name: 'a.test', provider: 'dyn' } as const;
const pending = (address: string, fqdn = 'www.a.test', type = 'A') => ({
  id: 1,
  user_id: 1,
  zone: 'a.test',
  fqdn,
  serial: 3,
  ttl: 300,
  rdata_type: type,
  rdata: { [`rdata_${type.toLowerCase()}`]: { address } },
});

/** A provider; `retries: 0` makes every lost answer reach the writer at once. */
function writer(retries?: number) {
  const decisions: ClientDecision[] = [];
  const { provider } = testProvider({
    ...(retries === undefined ? {} : { retry: { retries } }),
    onDecision: (d) => decisions.push(d),
  });
  return { provider, decisions: () => decisions.map((d) => `${d.symptom} ${d.decision} ${d.request}`) };
}

describe('what counts as a lost answer', () => {
  it('not a 4xx without an envelope: it is an answer, and nothing is read', async () => {
    mockLogin();
    authed('post', node).reply(403, '<html>forbidden</html>');
    const { provider, decisions } = writer(0);
    await expect(provider.execute(addOp)).rejects.toBeInstanceOf(HttpError);
    expect(decisions()).toEqual([]);
  });

  it('a job whose result is lost: the pending changes settle it', async () => {
    mockLogin();
    authed('post', node).reply(307, '/REST/Job/9/', { Location: '/REST/Job/9/' });
    authed('get', '/Job/9/').reply(404, failure('NOT_FOUND', 'job: No such job'));
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([pending('10.0.0.1')]));
    const { provider, decisions } = writer(0);
    await provider.execute(addOp);
    expect(decisions()).toEqual([`job-307 polled POST /REST${node}`, `job-lost took-effect POST ${node}`]);
  });
});

describe('matching the pending changes to a lost add', () => {
  it('reads names and types as the service may spell them', async () => {
    mockLogin();
    authed('post', node).replyWithError(connectionReset());
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([pending('10.0.0.1', 'WWW.a.test.', 'a')]));
    const { provider, decisions } = writer(0);
    await provider.execute(addOp);
    expect(decisions()).toEqual([`network took-effect POST ${node}`]);
  });

  it('finds it among other values of its set', async () => {
    mockLogin();
    authed('post', node).replyWithError(connectionReset());
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([pending('10.0.0.9'), pending('10.0.0.1')]));
    const { provider, decisions } = writer(0);
    await provider.execute(addOp);
    expect(decisions()).toEqual([`network took-effect POST ${node}`]);
  });

  it('repeats a read answered 5xx', async () => {
    mockLogin();
    authed('post', node).reply(503, 'busy');
    authed('get', '/ZoneChanges/a.test/').reply(503, 'busy');
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([]));
    authed('post', node).reply(200, ok(recordObject));
    const { provider, decisions } = writer(1);
    await provider.execute(addOp);
    expect(decisions()).toEqual([
      'http-5xx repeated GET /REST/ZoneChanges/a.test/',
      `http-5xx sent-again POST ${node}`,
    ]);
  });

  it('sends the zone again when the read met the end of the session: its pending changes are gone', async () => {
    mockLogin();
    authed('post', node).replyWithError(connectionReset());
    authed('get', '/ZoneChanges/a.test/').reply(400, EXPIRED);
    mockLogin('token-2');
    authed('get', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok([]));
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('post', node, undefined, 'token-2').reply(200, ok(recordObject));
    const { provider, decisions } = writer(0);
    await provider.execute(addOp);
    expect(decisions()).toEqual([
      'session-expired repeated GET /ZoneChanges/a.test/',
      'session-expired replayed zone a.test',
    ]);
  });
});

describe('an answer to a settling read that is not a list of changes', () => {
  it('fails the add, naming the read', async () => {
    mockLogin();
    authed('post', node).replyWithError(connectionReset());
    authed('get', '/ZoneChanges/a.test/').reply(200, ok('weird'));
    const { provider } = writer(0);
    await expect(provider.execute(addOp)).rejects.toThrow('GET /ZoneChanges/a.test/');
  });

  it("leaves a publish's outcome unknown, naming the read", async () => {
    mockLogin();
    authed('post', node).reply(200, ok(recordObject));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(connectionReset());
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(8)));
    authed('get', '/ZoneChanges/a.test/').reply(200, ok('weird'));
    const { provider } = writer(0);
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await expect(provider.execute(publishOp)).rejects.toThrow(
      /reading the zone failed too \(GET \/ZoneChanges\/a\.test\/: /,
    );
  });
});

describe("reading a zone's serial", () => {
  it('fails the publish when the zone cannot be read: only a 404 means no zone', async () => {
    mockLogin();
    authed('post', node).reply(200, ok(recordObject));
    authed('get', '/Zone/a.test/').reply(400, failure('PERMISSION_DENIED', 'zone: not allowed'));
    const { provider } = writer(0);
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    const error = await provider.execute(publishOp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynApiError);
    expect(error).not.toBeInstanceOf(DynZoneChangedError);
  });

  it('names the zone and the read when the answer is not a zone', async () => {
    mockLogin();
    authed('post', node).reply(200, ok(recordObject));
    authed('get', '/Zone/a.test/').reply(200, ok({ zone: 'a.test' }));
    const { provider } = writer(0);
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await expect(provider.execute(publishOp)).rejects.toThrow('zone a.test: GET /Zone/a.test/');
  });

  it('is repeated on a 5xx, before a publish and after its lost answer', async () => {
    mockLogin();
    authed('post', node).reply(200, ok(recordObject));
    authed('get', '/Zone/a.test/').reply(503, 'busy');
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(connectionReset());
    authed('get', '/Zone/a.test/').reply(502, 'bad gateway');
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(8)));
    authed('get', '/ZoneChanges/a.test/').reply(503, 'busy');
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([]));
    const { provider } = testProvider({ retry: { retries: 1 } });
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    // The publish's own repeat: a reset is ambiguous, and a publish is safe to repeat.
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(connectionReset());
    await provider.execute(publishOp);
  });

  it("reads the pending changes again when that read's job was lost with its session", async () => {
    mockLogin();
    authed('post', node).reply(200, ok(recordObject));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(connectionReset());
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(8)));
    authed('get', '/ZoneChanges/a.test/').reply(307, '/REST/Job/9/', { Location: '/REST/Job/9/' });
    authed('get', '/Job/9/').reply(400, EXPIRED);
    mockLogin('token-2');
    // Read in a new session: the changes of the one the publish ran in are gone either way; the serial moved.
    authed('get', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok([]));
    const { provider, decisions } = writer(0);
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await provider.execute(publishOp);
    expect(decisions()).toContain('network took-effect PUT /Zone/a.test/');
  });

  it('works after the run was cancelled: the outcome of a publish must still be known', async () => {
    mockLogin();
    authed('post', node).reply(200, ok(recordObject));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(connectionReset());
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(8)));
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([]));
    const { provider } = testProvider({ retry: { retries: 0 }, signal: AbortSignal.abort() });
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await provider.execute(publishOp);
  });
});
