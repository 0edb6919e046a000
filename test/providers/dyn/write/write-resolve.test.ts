/**
 * Writes whose answer was lost, settled by reading (write-resolve.ts), and compare-and-publish, on the wire with
 * nock: each test lists exactly the requests the writer makes, so a read that proves something and the decision
 * it leads to are both pinned.
 */
import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../../../src/model/provider.js';
import {
  type DynOp,
  DynPublishUnknownError,
  DynZoneChangedError,
} from '../../../../src/providers/dyn/index.js';
import type { ClientDecision } from '../../../../src/providers/http/decisions.js';
import { HttpError, TransportError } from '../../../../src/providers/http/errors.js';
import {
  authed,
  EXPIRED,
  failure,
  mockLogin,
  ok,
  testProvider,
  zoneObject,
} from '../../helpers/dyn-fixtures.js';
import { connectionReset, useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const RESET = connectionReset();
const addOp: DynOp = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'mail.a.test',
  type: 'MX',
  value: '10 mx1.example.net.',
  ttl: 300,
};
const addPath = '/MXRecord/a.test/mail.a.test/';
const pendingItem = (rdata: Record<string, unknown>, fqdn = 'mail.a.test', type = 'MX') => ({
  id: 1,
  user_id: 1,
  zone: 'a.test',
  fqdn,
  serial: 3,
  ttl: 300,
  rdata_type: type,
  rdata: { [`rdata_${type.toLowerCase()}`]: rdata },
});
const createOp: DynOp = {
  kind: 'create-zone',
  zone: 'a.test',
  rname: 'hostmaster@a.test',
  ttl: 3600,
  serialStyle: 'increment',
};
const publishOp: DynOp = { kind: 'publish', zone: 'a.test' };
const target = { kind: 'zone', name: 'a.test', provider: 'dyn' } as const;

/** A provider whose transport makes one attempt: every lost answer reaches the writer. */
function writer() {
  const decisions: ClientDecision[] = [];
  const { provider, logs } = testProvider({ retry: { retries: 0 }, onDecision: (d) => decisions.push(d) });
  const lost = () => logs.filter((line) => line.includes('the answer was lost'));
  return { provider, lost, decisions: () => decisions.map((d) => `${d.symptom} ${d.decision}`) };
}

describe('an add whose answer was lost', () => {
  it('goes on when the pending changes show it (no second add)', async () => {
    mockLogin();
    authed('post', addPath).reply(500, failure('INTERNAL_ERROR', 'fault: Injected failure'));
    authed('get', '/ZoneChanges/a.test/').reply(
      200,
      ok([pendingItem({ preference: 10, exchange: 'mx1.example.net.' })]),
    );
    const { provider, decisions } = writer();
    await provider.execute(addOp);
    expect(decisions()).toEqual(['http-5xx took-effect']);
  });

  it('is sent again when the pending changes have nothing at its name and type', async () => {
    mockLogin();
    authed('post', addPath).replyWithError(RESET);
    authed('get', '/ZoneChanges/a.test/').reply(
      200,
      ok([
        pendingItem({ address: '192.0.2.1' }, 'mail.a.test', 'A'),
        pendingItem({ preference: 10, exchange: 'mx1.example.net.' }, 'www.a.test'),
      ]),
    );
    authed('post', addPath).reply(200, ok({ record_id: 0 }));
    const { provider, decisions } = writer();
    await provider.execute(addOp);
    expect(decisions()).toEqual(['network sent-again']);
  });

  it('fails when its name and type hold a pending change of another value: nothing certain', async () => {
    mockLogin();
    authed('post', addPath).reply(502, '<html>bad gateway</html>');
    authed('get', '/ZoneChanges/a.test/').reply(
      200,
      ok([pendingItem({ preference: 20, exchange: 'mx2.example.net.' })]),
    );
    const { provider, decisions } = writer();
    await expect(provider.execute(addOp)).rejects.toBeInstanceOf(HttpError);
    expect(decisions()).toEqual(['http-5xx unknown']);
  });

  it('is sent at most three times, each after a read showed it absent', async () => {
    mockLogin();
    for (let i = 0; i < 3; i++) {
      authed('post', addPath).replyWithError(RESET);
      authed('get', '/ZoneChanges/a.test/').reply(200, ok([]));
    }
    const { provider, decisions, lost } = writer();
    await expect(provider.execute(addOp)).rejects.toBeInstanceOf(TransportError);
    // The last read is not followed by a send: it gives up, and says so.
    expect(decisions()).toEqual(['network sent-again', 'network sent-again', 'network gave-up']);
    expect(lost().map((line) => line.split(': ').at(-1))).toEqual([
      'sending it again',
      'sending it again',
      'giving up',
    ]);
    expect(lost()[2]).toContain('shows it was not added: sent 3 times: giving up');
  });
});

describe('a zone create whose answer was lost', () => {
  it('is sent again when the zone does not exist', async () => {
    mockLogin();
    authed('post', '/Zone/a.test/').replyWithError(RESET);
    authed('get', '/Zone/a.test/').reply(404, failure('NOT_FOUND', 'zone: No such zone'));
    authed('post', '/Zone/a.test/').reply(200, ok(zoneObject(0)));
    const { provider, decisions } = writer();
    await provider.execute(createOp);
    expect(decisions()).toEqual(['network sent-again']);
  });

  it('is sent at most three times, each after a read showed no zone; the last read gives up', async () => {
    mockLogin();
    for (let i = 0; i < 3; i++) {
      authed('post', '/Zone/a.test/').replyWithError(RESET);
      authed('get', '/Zone/a.test/').reply(404, failure('NOT_FOUND', 'zone: No such zone'));
    }
    const { provider, decisions, lost } = writer();
    await expect(provider.execute(createOp)).rejects.toBeInstanceOf(TransportError);
    expect(decisions()).toEqual(['network sent-again', 'network sent-again', 'network gave-up']);
    expect(lost()[1]).toMatch(/shows the zone does not exist: sending it again$/);
    expect(lost()[2]).toMatch(/shows the zone does not exist: sent 3 times: giving up$/);
  });

  it('goes on when the zone exists; its publish then reads no serial before it', async () => {
    mockLogin();
    authed('post', '/Zone/a.test/').reply(503, failure('SERVICE_UNAVAILABLE', 'fault: Injected failure'));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(0)));
    authed('post', addPath).reply(200, ok({ record_id: 0 }));
    authed('put', '/Zone/a.test/', { publish: true }).reply(200, ok(zoneObject(1)));
    const { provider, decisions } = writer();
    provider.begin({ target, serial: null });
    await provider.execute(createOp);
    await provider.execute(addOp);
    await provider.execute(publishOp);
    expect(decisions()).toEqual(['http-5xx took-effect']);
  });
});

describe('compare-and-publish', () => {
  it('publishes when the serial is the one the plan read', async () => {
    mockLogin();
    authed('post', addPath).reply(200, ok({ record_id: 0 }));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }).reply(200, ok(zoneObject(8)));
    const { provider } = writer();
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await provider.execute(publishOp);
  });

  it('does not publish a zone someone published since the plan, and says so', async () => {
    mockLogin();
    authed('post', addPath).reply(200, ok({ record_id: 0 }));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(8)));
    const { provider } = writer();
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    const error = await provider.execute(publishOp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynZoneChangedError);
    expect((error as Error).message).toBe(
      'zone a.test changed while applying (serial 7 → 8: someone else published it); not published, plan again',
    );
  });

  it('publishes a zone the plan creates without reading its serial: nobody else had it', async () => {
    mockLogin();
    authed('post', '/Zone/a.test/').reply(200, ok(zoneObject(0)));
    authed('post', addPath).reply(200, ok({ record_id: 0 }));
    authed('put', '/Zone/a.test/', { publish: true }).reply(200, ok(zoneObject(1)));
    const { provider } = writer();
    provider.begin({ target, serial: null });
    await provider.execute(createOp);
    await provider.execute(addOp);
    await provider.execute(publishOp);
  });
});

describe('a publish whose answer was lost', () => {
  /** An add, then the serial read before the publish, then a publish that gets no answer. */
  function lostPublish(serialBefore = 7) {
    mockLogin();
    authed('post', addPath).reply(200, ok({ record_id: 0 }));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(serialBefore)));
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(RESET);
  }

  it('is done when the serial moved and nothing is pending any more', async () => {
    lostPublish();
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(8)));
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([]));
    const { provider, decisions } = writer();
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await provider.execute(publishOp);
    expect(decisions()).toEqual(['network took-effect']);
  });

  it('is sent again when the serial did not move', async () => {
    lostPublish();
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }).reply(200, ok(zoneObject(8)));
    const { provider, decisions } = writer();
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await provider.execute(publishOp);
    expect(decisions()).toEqual(['network sent-again']);
  });

  it('is sent at most three times while the serial does not move; the last read gives up', async () => {
    lostPublish();
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    for (let i = 0; i < 2; i++) {
      authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
      authed('put', '/Zone/a.test/', { publish: true }).replyWithError(RESET);
      authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    }
    const { provider, decisions, lost } = writer();
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await expect(provider.execute(publishOp)).rejects.toBeInstanceOf(TransportError);
    expect(decisions()).toEqual(['network sent-again', 'network sent-again', 'network gave-up']);
    expect(lost()[0]).toMatch(/shows it was not published: publishing again$/);
    expect(lost()[2]).toMatch(/shows it was not published: sent 3 times: giving up$/);
  });

  it('fails as changed when the serial moved but our changes are still pending: someone else published', async () => {
    lostPublish();
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(8)));
    authed('get', '/ZoneChanges/a.test/').reply(
      200,
      ok([pendingItem({ preference: 10, exchange: 'mx1.example.net.' })]),
    );
    const { provider } = writer();
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    await expect(provider.execute(publishOp)).rejects.toBeInstanceOf(DynZoneChangedError);
  });

  it('is reported as unknown when the zone cannot be read either', async () => {
    lostPublish();
    authed('get', '/Zone/a.test/').replyWithError(RESET);
    const { provider } = writer();
    provider.begin({ target, serial: 7 });
    await provider.execute(addOp);
    const error = await provider.execute(publishOp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynPublishUnknownError);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).message).toMatch(
      /^zone a\.test: the answer to its publish was lost \(PUT \/REST\/Zone\/a\.test\/: network error.*\) and reading the zone failed too \(GET .*\): whether it was published is unknown; plan again to see what is live$/,
    );
  });
});

describe('a publish whose answer was lost, repeated in a new session after its own ended', () => {
  const deleteOp: DynOp = {
    kind: 'delete-record',
    zone: 'a.test',
    fqdn: 'mail.a.test',
    type: 'MX',
    ref: '8',
  };
  const deletePath = '/MXRecord/a.test/mail.a.test/8/';
  /**
   * A delete, the serial read, then a publish whose first attempt gets no answer; the transport's repeat meets the
   * session's end, so the client logs in again and the publish answers in the new session, where nothing is pending.
   */
  function publishAnsweredInNewSession() {
    mockLogin();
    authed('delete', deletePath).reply(200, ok({}));
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(RESET);
    authed('put', '/Zone/a.test/', { publish: true }).reply(400, EXPIRED);
    mockLogin('token-2');
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(
      200,
      ok(zoneObject(8), 'publish: Could not publish a.test. No changes to apply.'),
    );
  }
  const provider = () => {
    const decisions: ClientDecision[] = [];
    const { provider } = testProvider({ onDecision: (d) => decisions.push(d) });
    return { provider, decisions: () => decisions.map((d) => `${d.symptom} ${d.decision} ${d.request}`) };
  };

  it('is done when the serial moved: the lost attempt published it, and the delete is not sent again', async () => {
    publishAnsweredInNewSession();
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok(zoneObject(8)));
    authed('get', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok([]));
    const { provider: dyn, decisions } = provider();
    dyn.begin({ target, serial: 7 });
    await dyn.execute(deleteOp);
    await dyn.execute(publishOp);
    expect(decisions()).toEqual([
      'network repeated PUT /REST/Zone/a.test/',
      'session-expired repeated PUT /Zone/a.test/',
      'session-expired took-effect PUT /Zone/a.test/',
    ]);
  });

  it('sends the changes again in the new session when the serial did not move: nothing was published', async () => {
    publishAnsweredInNewSession();
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok(zoneObject(7)));
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('delete', deletePath, undefined, 'token-2').reply(200, ok({}));
    authed('get', '/Zone/a.test/', undefined, 'token-2').reply(200, ok(zoneObject(7)));
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(200, ok(zoneObject(8)));
    const { provider: dyn, decisions } = provider();
    dyn.begin({ target, serial: 7 });
    await dyn.execute(deleteOp);
    await dyn.execute(publishOp);
    expect(decisions()).toEqual([
      'network repeated PUT /REST/Zone/a.test/',
      'session-expired repeated PUT /Zone/a.test/',
      'session-expired replayed zone a.test',
    ]);
  });
});

describe('a publish of a zone the plan created whose answer was lost', () => {
  /** The zone's create answering serial 0, an add, then a publish that gets no answer. */
  function lostPublishOfCreated() {
    mockLogin();
    authed('post', '/Zone/a.test/').reply(200, ok(zoneObject(0)));
    authed('post', addPath).reply(200, ok({ record_id: 0 }));
    authed('put', '/Zone/a.test/', { publish: true }).replyWithError(RESET);
  }

  it('is settled by the serial its create answered with: moved and nothing pending, it is done', async () => {
    lostPublishOfCreated();
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(1)));
    authed('get', '/ZoneChanges/a.test/').reply(200, ok([]));
    const { provider, decisions } = writer();
    provider.begin({ target, serial: null });
    await provider.execute(createOp);
    await provider.execute(addOp);
    await provider.execute(publishOp);
    expect(decisions()).toEqual(['network took-effect']);
  });

  it('is sent again when the serial is still the one its create answered with', async () => {
    lostPublishOfCreated();
    authed('get', '/Zone/a.test/').reply(200, ok(zoneObject(0)));
    authed('put', '/Zone/a.test/', { publish: true }).reply(200, ok(zoneObject(1)));
    const { provider, decisions } = writer();
    provider.begin({ target, serial: null });
    await provider.execute(createOp);
    await provider.execute(addOp);
    await provider.execute(publishOp);
    expect(decisions()).toEqual(['network sent-again']);
  });
});
