import { describe, expect, it } from 'vitest';
import {
  addZoneFile,
  createZoneFile,
  mailboxName,
  splitZoneFiles,
} from '../../../../src/providers/dyn/compile/zone-file.js';
import {
  type DynOp,
  DynOpError,
  DynZoneFileError,
  describeOp,
  labelDynOp,
  parseDynOp,
  retryPolicyOf,
} from '../../../../src/providers/dyn/index.js';
import type { ClientDecision } from '../../../../src/providers/http/decisions.js';
import { HttpError } from '../../../../src/providers/http/errors.js';
import { authed, EXPIRED, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { connectionReset, useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

const www = { fqdn: 'www.a.test', type: 'A', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] };
const txt = { fqdn: 'a.test', type: 'TXT', ttl: 3600, values: ['"v=spf1 -all"'] };
const create: DynOp = {
  kind: 'create-zone-from-file',
  zone: 'a.test',
  rname: 'hostmaster@a.test',
  ttl: 3600,
  sets: [txt, www],
};
const add: DynOp = { kind: 'add-zone-file', zone: 'a.test', ttl: 3600, sets: [www] };
/** The A records of `www` (value, TTL) as a read shows them once uploaded. */
const UPLOADED_A: [string, number][] = [
  ['192.0.2.1', 300],
  ['192.0.2.2', 300],
];
/** `GET /Zone/a.test/` of the zone an upload created and did not publish yet. */
const NEW_ZONE = ok({ zone: 'a.test', serial_style: 'increment', serial: 0, zone_type: 'Primary' });

const FILE = [
  '$ORIGIN a.test.',
  '$TTL 3600',
  'a.test. 3600 IN SOA a.test. hostmaster.a.test. 0 3600 600 604800 1800',
  'a.test. 3600 IN TXT "v=spf1 -all"',
  'www.a.test. 300 IN A 192.0.2.1',
  'www.a.test. 300 IN A 192.0.2.2',
  '',
].join('\n');

/** `GET /ZoneChanges/a.test/` answering with these pending A and TXT records, in the service's changeset shape. */
function readBack(
  a: [string, number][],
  txts: [string, number][] = [['"v=spf1 -all"', 3600]],
  token?: string,
) {
  let id = 0;
  const change = (fqdn: string, ttl: number, type: string, rdata: object) => ({
    id: ++id,
    zone: 'a.test',
    fqdn,
    ttl,
    rdata_type: type,
    rdata: { [`rdata_${type.toLowerCase()}`]: rdata },
  });
  return authed('get', '/ZoneChanges/a.test/', undefined, token).reply(
    200,
    ok([
      ...a.map(([address, ttl]) => change('www.a.test', ttl, 'A', { address })),
      ...txts.map(([txtdata, ttl]) => change('a.test', ttl, 'TXT', { txtdata })),
    ]),
  );
}

/** `GET /AllRecord/a.test/?detail=Y` answering with these published A records (and no others). */
function zoneRead(a: [string, number][], token?: string) {
  return authed('get', '/AllRecord/a.test/?detail=Y', undefined, token).reply(
    200,
    ok({
      a_records: a.map(([address, ttl]) => ({
        zone: 'a.test',
        fqdn: 'www.a.test',
        ttl,
        rdata: { address },
        record_id: 5,
      })),
    }),
  );
}

describe('zone files (pure)', () => {
  it('writes canonical values as lines with absolute owners, under $ORIGIN, $TTL and, creating, the SOA', () => {
    expect(createZoneFile('a.test', { rname: 'hostmaster@a.test', ttl: 3600 }, [txt, www])).toBe(FILE);
    expect(addZoneFile('a.test', 60, [www])).toBe(
      '$ORIGIN a.test.\n$TTL 60\nwww.a.test. 300 IN A 192.0.2.1\nwww.a.test. 300 IN A 192.0.2.2\n',
    );
    expect(mailboxName('first.last@a.test')).toBe('first\\.last.a.test.');
    expect(mailboxName('hostmaster.a.test.')).toBe('hostmaster.a.test.');
  });

  it('splits at the limit, each file with its header, and leaves out a set that fits no file', () => {
    const value = { rname: 'the-hostmaster-of-this-zone@a.test', ttl: 300 };
    const sets = [www, { ...www, fqdn: 'ww1.a.test' }, { ...www, fqdn: 'ww2.a.test' }];
    const one = Buffer.byteLength(createZoneFile('a.test', value, [www]));
    expect(splitZoneFiles('a.test', value, sets, one).map((f) => f.map((s) => s.fqdn))).toEqual([
      ['www.a.test'],
      ['ww1.a.test', 'ww2.a.test'],
    ]);
    expect(splitZoneFiles('a.test', value, sets, one - 1)).toEqual([]);
  });
});

describe('zone-file ops', () => {
  it('are one POST or PUT of the file, checked by the op schema, never repeated after an ambiguous failure', () => {
    expect(describeOp(create)).toEqual({ method: 'POST', path: '/ZoneFile/a.test/', body: { file: FILE } });
    expect(describeOp(add)).toMatchObject({ method: 'PUT', path: '/ZoneFile/a.test/' });
    expect(retryPolicyOf(create)).toBe('non-idempotent');
    expect(retryPolicyOf(add)).toBe('non-idempotent');
    expect(labelDynOp(create)).toBe('create zone a.test from a zone file of 3 records');
    expect(labelDynOp(add)).toBe('add a zone file of 2 records to a.test');
    expect(parseDynOp(create)).toEqual(create);
    for (const bad of [
      { ...add, sets: [] },
      { ...add, sets: [{ ...www, type: 'ALIAS', values: ['lb.example.net.'] }] },
      { ...add, sets: [{ ...www, values: ['192.0.2.01'] }] },
      { ...add, sets: [{ ...www, values: [] }] },
      { ...create, serialStyle: 'increment' },
    ])
      expect(() => parseDynOp(bad)).toThrow(DynOpError);
  });

  it('uploads once and reads nothing back: the check after the apply reads the zone it created', async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/', { file: FILE }).reply(200, ok({ zone: 'a.test', task_id: '77' }));
    const { provider } = testProvider();
    await provider.execute(create);
  });

  it("settles a lost upload answer by reading back the session's pending changes, then the zone", async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/', { file: FILE }).replyWithError(connectionReset('reset'));
    authed('get', '/Zone/a.test/').reply(200, NEW_ZONE);
    // The TXT set pending, the A records already in the zone (the task published them): as uploaded.
    readBack([]);
    zoneRead(UPLOADED_A);
    const decisions: unknown[] = [];
    const { provider } = testProvider({ onDecision: (decision) => decisions.push(decision) });
    await provider.execute(create);
    expect(decisions).toEqual([
      { symptom: 'network', decision: 'took-effect', request: 'POST /ZoneFile/a.test/' },
    ]);
  });

  it('settles a lost upload answer by reading: no zone means not sent, so it is sent again', async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/', { file: FILE }).replyWithError(connectionReset('reset'));
    authed('get', '/Zone/a.test/').reply(404, {
      status: 'failure',
      data: {},
      msgs: [{ ERR_CD: 'NOT_FOUND', INFO: 'zone: No such zone', LVL: 'ERROR', SOURCE: 'API-B' }],
    });
    authed('post', '/ZoneFile/a.test/', { file: FILE }).reply(200, ok({ task_id: '78' }));
    const { provider } = testProvider();
    await provider.execute(create);
  });

  it('settles a lost upload answer by reading: a zone that exists is checked, never uploaded twice', async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/', { file: FILE }).replyWithError(connectionReset('reset'));
    authed('get', '/Zone/a.test/').reply(
      200,
      ok({ zone: 'a.test', serial_style: 'increment', serial: 0, zone_type: 'Primary' }),
    );
    readBack(UPLOADED_A);
    const { provider } = testProvider();
    await provider.execute(create);
  });

  it('settles a lost addition answer by reading: none of its records pending or live means not sent', async () => {
    mockLogin();
    const file = { file: addZoneFile('a.test', 3600, [www]) };
    authed('put', '/ZoneFile/a.test/', file).reply(503, 'Service Unavailable');
    readBack([], []);
    zoneRead([]);
    authed('put', '/ZoneFile/a.test/', file).reply(200, ok({ task_id: '78' }));
    const decisions: ClientDecision[] = [];
    const { provider } = testProvider({ retry: { retries: 0 }, onDecision: (d) => decisions.push(d) });
    await provider.execute(add);
    expect(decisions).toContainEqual(
      expect.objectContaining({
        symptom: 'http-5xx',
        decision: 'sent-again',
        request: 'PUT /ZoneFile/a.test/',
      }),
    );
  });

  it('sends a lost addition at most three times, each after a read showed none of it; the last read gives up', async () => {
    mockLogin();
    const file = { file: addZoneFile('a.test', 3600, [www]) };
    for (let sent = 1; sent <= 3; sent++) {
      authed('put', '/ZoneFile/a.test/', file).reply(503, 'Service Unavailable');
      readBack([], []);
      zoneRead([]);
    }
    const decisions: string[] = [];
    const { provider } = testProvider({
      retry: { retries: 0 },
      onDecision: (d) => decisions.push(`${d.symptom} ${d.decision}`),
    });
    await expect(provider.execute(add)).rejects.toBeInstanceOf(HttpError);
    expect(decisions).toEqual(['http-5xx sent-again', 'http-5xx sent-again', 'http-5xx gave-up']);
  });

  it('settles a lost addition answer by reading: its records pending means it took effect, never sent twice', async () => {
    mockLogin();
    authed('put', '/ZoneFile/a.test/', { file: addZoneFile('a.test', 3600, [www]) }).replyWithError(
      connectionReset('reset'),
    );
    readBack(UPLOADED_A, []);
    readBack(UPLOADED_A, []);
    const decisions: ClientDecision[] = [];
    const { provider } = testProvider({ retry: { retries: 0 }, onDecision: (d) => decisions.push(d) });
    await provider.execute(add);
    expect(decisions).toContainEqual(
      expect.objectContaining({
        symptom: 'network',
        decision: 'took-effect',
        request: 'PUT /ZoneFile/a.test/',
      }),
    );
  });

  it('fails when a lost upload is found not as uploaded, saying what differs', async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/', { file: FILE }).replyWithError(connectionReset('reset'));
    authed('get', '/Zone/a.test/').reply(200, NEW_ZONE);
    readBack([['192.0.2.1', 300]], [['"v=spf1 -all"', 60]]);
    zoneRead([['192.0.2.1', 300]]);
    const { provider } = testProvider();
    const error = await provider.execute(create).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynZoneFileError);
    expect((error as Error).message).toBe(
      "zone a.test: the zone file's upload lost its answer, and reading the zone back shows " +
        '2 record sets not as uploaded: a.test TXT uploaded "v=spf1 -all" ttl 3600, read "v=spf1 -all" ttl 60; ' +
        'www.a.test A uploaded 192.0.2.1, 192.0.2.2 ttl 300, read 192.0.2.1 ttl 300',
    );
  });

  it('checks a lost upload in the session it ran in: read in a newer one, the file is sent again there', async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/', { file: FILE }).replyWithError(connectionReset('reset'));
    authed('get', '/Zone/a.test/').reply(200, NEW_ZONE);
    authed('get', '/ZoneChanges/a.test/').reply(400, EXPIRED);
    mockLogin('token-2');
    readBack([], [], 'token-2');
    zoneRead([], 'token-2');
    const { provider } = testProvider();
    await provider.execute(create);
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('put', '/ZoneFile/a.test/', { file: addZoneFile('a.test', 3600, [txt, www]) }, 'token-2').reply(
      200,
      ok({ task_id: '79' }),
    );
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(
      200,
      ok({ zone: 'a.test', serial: 1 }),
    );
    await provider.execute({ kind: 'publish', zone: 'a.test' });
  });

  it('belongs to the zone transaction: a session ending before the publish sends the file again as an addition', async () => {
    mockLogin();
    authed('post', '/ZoneFile/a.test/', { file: FILE }).reply(200, ok({ task_id: '77' }));
    authed('put', '/Zone/a.test/', { publish: true }).reply(400, EXPIRED);
    mockLogin('token-2');
    // Repeated in the new session, the publish carries none of the upload: it does not count.
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(
      200,
      ok({ zone: 'a.test', serial: 0 }),
    );
    // Whether an earlier attempt published it is settled by reading: no changes pending, none of the upload live.
    authed('get', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok([]));
    authed('get', '/AllRecord/a.test/?detail=Y', undefined, 'token-2').reply(200, ok({}));
    // The zone exists (the upload created it): its records go in again as an addition, then are published.
    authed('delete', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok({}));
    authed('put', '/ZoneFile/a.test/', { file: addZoneFile('a.test', 3600, [txt, www]) }, 'token-2').reply(
      200,
      ok({ task_id: '79' }),
    );
    authed('put', '/Zone/a.test/', { publish: true }, 'token-2').reply(
      200,
      ok({ zone: 'a.test', serial: 1 }),
    );
    const { provider } = testProvider();
    await provider.execute(create);
    await provider.execute({ kind: 'publish', zone: 'a.test' });
  });

  describe('a publish of the uploaded zone whose answer was lost (no serial was read before it)', () => {
    /** An answered upload, then a publish that gets no answer; the writer's decisions are recorded. */
    function lostPublish() {
      mockLogin();
      authed('post', '/ZoneFile/a.test/', { file: FILE }).reply(200, ok({ task_id: '77' }));
      authed('put', '/Zone/a.test/', { publish: true }).replyWithError(connectionReset());
      const decisions: string[] = [];
      const { provider } = testProvider({
        retry: { retries: 0 },
        onDecision: (d) => decisions.push(`${d.symptom} ${d.decision}`),
      });
      return { provider, decisions };
    }

    it("is done when the session's pending changes of the zone are gone", async () => {
      const { provider, decisions } = lostPublish();
      readBack([], []);
      await provider.execute(create);
      await provider.execute({ kind: 'publish', zone: 'a.test' });
      expect(decisions).toEqual(['network took-effect']);
    });

    it('is sent again while they are still pending', async () => {
      const { provider, decisions } = lostPublish();
      readBack(UPLOADED_A);
      authed('put', '/Zone/a.test/', { publish: true }).reply(200, ok({ zone: 'a.test', serial: 1 }));
      await provider.execute(create);
      await provider.execute({ kind: 'publish', zone: 'a.test' });
      expect(decisions).toEqual(['network sent-again']);
    });

    it("is settled by the zone's records once the session has ended: all there, it is done", async () => {
      const { provider, decisions } = lostPublish();
      authed('get', '/ZoneChanges/a.test/').reply(400, EXPIRED);
      mockLogin('token-2');
      authed('get', '/ZoneChanges/a.test/', undefined, 'token-2').reply(200, ok([]));
      authed('get', '/AllRecord/a.test/?detail=Y', undefined, 'token-2').reply(
        200,
        ok({
          a_records: UPLOADED_A.map(([address, ttl], i) => ({
            zone: 'a.test',
            fqdn: 'www.a.test',
            ttl,
            rdata: { address },
            record_id: i + 1,
          })),
          txt_records: [
            { zone: 'a.test', fqdn: 'a.test', ttl: 3600, rdata: { txtdata: 'v=spf1 -all' }, record_id: 9 },
          ],
        }),
      );
      await provider.execute(create);
      await provider.execute({ kind: 'publish', zone: 'a.test' });
      // The read found the session ended (the client logged in again), then the zone holding the upload.
      expect(decisions).toEqual(['session-expired repeated', 'network took-effect']);
    });
  });
});
