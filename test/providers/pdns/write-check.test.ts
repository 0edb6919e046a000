import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordSetChange } from '../../../src/model/change.js';
import { OutcomeUnknownError, ZoneChangedError } from '../../../src/model/provider.js';
import type { ClientDecision } from '../../../src/providers/http/decisions.js';
import { TransportError } from '../../../src/providers/http/errors.js';
import {
  createPdnsProvider,
  PdnsApiError,
  PdnsBodyLimitError,
  PdnsWireError,
} from '../../../src/providers/pdns/index.js';
import { connectionReset, useNockGuard } from '../helpers/nock-guard.js';

/**
 * The PowerDNS writer's guarantees, request by request (nock: every request stated, none extra): the zone is
 * compared right before its PATCH with what the plan read, and a lost answer is settled by reading the zone.
 */

const BASE = 'http://pdns.test:8081';
const KEY = 'pdns-Very-S3cret-44';
const ZONES = '/api/v1/servers/localhost/zones';
const ZONE = `${ZONES}/a.test.`;

useNockGuard();

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((provider) => provider.close()));
});

function provider(lines: string[] = []) {
  const logger = {
    debug: () => {},
    info: (line: string) => lines.push(line),
    warn: () => {},
    error: () => {},
  };
  const created = createPdnsProvider({
    name: 'pdns',
    url: `${BASE}/api/v1`,
    apiKey: KEY,
    retry: { retries: 0 },
    logger,
  });
  open.push(created);
  return created;
}

const api = () => nock(BASE, { reqheaders: { 'x-api-key': KEY } });

/** `GET /zones/a.test.` as PowerDNS answers it, with `www` A at the given addresses (none: absent). */
function zone(serial: number, www: string[], ttl = 300, name = 'a.test.') {
  return {
    name,
    kind: 'Native',
    serial,
    soa_edit_api: '',
    rrsets: [
      { name: 'a.test.', type: 'SOA', ttl: 3600, records: [{ content: `ns. h.a.test. ${serial} 1 1 1 1` }] },
      ...(www.length > 0
        ? [
            {
              name: 'www.a.test.',
              type: 'A',
              ttl,
              records: www.map((content) => ({ content, disabled: false })),
            },
          ]
        : []),
    ],
  };
}

const PATCH_OP = {
  kind: 'patch-zone',
  zone: 'a.test',
  delete: [],
  replace: [{ fqdn: 'www.a.test', type: 'A', ttl: 300, values: ['192.0.2.2'] }],
};
const PATCH_BODY = {
  rrsets: [
    {
      name: 'www.a.test.',
      type: 'A',
      ttl: 300,
      changetype: 'REPLACE',
      records: [{ content: '192.0.2.2', disabled: false }],
    },
  ],
};
const CHANGE: RecordSetChange = {
  address: { kind: 'record-set', zone: 'a.test', fqdn: 'www.a.test', type: 'A', provider: 'pdns' },
  action: 'update',
  before: { ttl: 300, values: ['192.0.2.1'] },
  after: { ttl: 300, values: ['192.0.2.2'] },
};

/** A provider told what the plan read of a.test: serial 7, `www` A 192.0.2.1. */
function begun(lines: string[] = [], serial: number | null = 7) {
  const pdns = provider(lines);
  pdns.begin?.({ target: { kind: 'zone', name: 'a.test', provider: 'pdns' }, serial, changes: [CHANGE] });
  return pdns;
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('expected a refusal');
  return error;
}

describe('PowerDNS: the zone is compared right before its PATCH', () => {
  it('sends the PATCH when the serial and the changed set are as the plan read them', async () => {
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).reply(204);
    await begun().execute(PATCH_OP);
  });

  it('refuses without a PATCH when the serial moved: someone else changed the zone', async () => {
    api()
      .get(ZONE)
      .reply(200, zone(8, ['192.0.2.1']));
    const error = await refusal(begun().execute(PATCH_OP));
    expect(error).toBeInstanceOf(ZoneChangedError);
    expect(error.message).toBe(
      'zone a.test changed while applying (serial 7 → 8: someone else changed it); not published, plan again',
    );
  });

  it('refuses without a PATCH when a changed set moved and the serial did not (soa_edit_api unset)', async () => {
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.9'], 60));
    const error = await refusal(begun().execute(PATCH_OP));
    expect(error).toBeInstanceOf(ZoneChangedError);
    expect(error.message).toBe(
      'zone a.test changed while applying (www.a.test A is 192.0.2.9 ttl 60, the plan read 192.0.2.1 ttl 300); ' +
        'not published, plan again',
    );
  });

  it('refuses when a set the plan read as absent is there now, and when the zone is gone', async () => {
    const created = { ...CHANGE, action: 'create' as const, before: null };
    const pdns = provider();
    pdns.begin?.({
      target: { kind: 'zone', name: 'a.test', provider: 'pdns' },
      serial: 7,
      changes: [created],
    });
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.2']));
    expect((await refusal(pdns.execute(PATCH_OP))).message).toContain(
      '(www.a.test A is 192.0.2.2 ttl 300, the plan read absent)',
    );
    api().get(ZONE).reply(404, 'Not Found');
    const gone = await refusal(begun().execute(PATCH_OP));
    expect(gone).toBeInstanceOf(ZoneChangedError);
    expect(gone.message).toContain('(the zone is gone: someone else deleted it)');
  });

  it('is compared for the zone it was told about only: a zone step without begin sends its PATCH at once', async () => {
    api().patch(ZONE, PATCH_BODY).reply(204);
    const pdns = provider();
    pdns.begin?.({ target: { kind: 'zone', name: 'other.test', provider: 'pdns' }, serial: 7, changes: [] });
    await pdns.execute(PATCH_OP);
  });
});

describe('PowerDNS: a lost PATCH answer is settled by reading the zone', () => {
  it('goes on when the zone shows the PATCH took effect (never reported as unchanged)', async () => {
    const lines: string[] = [];
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).replyWithError(connectionReset());
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.2']));
    await begun(lines).execute(PATCH_OP);
    expect(lines).toEqual([
      `pdns: PATCH ${ZONE}: the answer was lost; the GET of zone a.test shows it took effect: going on`,
    ]);
  });

  it('sends it again, compared again, when the zone shows it did not take effect', async () => {
    const lines: string[] = [];
    api()
      .get(ZONE)
      .times(3)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).reply(502, 'Bad Gateway');
    api().patch(ZONE, PATCH_BODY).reply(204);
    await begun(lines).execute(PATCH_OP);
    expect(lines).toEqual([
      `pdns: PATCH ${ZONE}: the answer was lost; the GET of zone a.test shows it did not take effect: sending it again`,
    ]);
  });

  it('gives up after three sends that each did not take effect, with the last failure', async () => {
    api()
      .get(ZONE)
      .times(6)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).times(3).reply(503, 'Unavailable');
    const lines: string[] = [];
    const error = await refusal(begun(lines).execute(PATCH_OP));
    expect(error.message).toBe(`PATCH ${ZONE}: HTTP 503: Unavailable`);
    expect(error).not.toBeInstanceOf(OutcomeUnknownError);
    const read = `pdns: PATCH ${ZONE}: the answer was lost; the GET of zone a.test shows it did not take effect`;
    expect(lines).toEqual([
      `${read}: sending it again`,
      `${read}: sending it again`,
      `${read}: sent 3 times: giving up`,
    ]);
  });

  it('a first PATCH that lands after the read that settled it: the next check meets it, reads it, and goes on', async () => {
    const lines: string[] = [];
    api()
      .get(ZONE)
      .times(2)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).reply(504, 'Gateway Timeout');
    api()
      .get(ZONE)
      .times(2)
      .reply(200, zone(8, ['192.0.2.2']));
    await begun(lines).execute(PATCH_OP);
    expect(lines.at(-1)).toBe(
      `pdns: PATCH ${ZONE}: an earlier send took effect after the read that settled it: going on`,
    );
  });

  it('the check before a PATCH sent again is still a conflict when the zone moved elsewhere', async () => {
    api()
      .get(ZONE)
      .times(2)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).reply(504, 'Gateway Timeout');
    api()
      .get(ZONE)
      .times(2)
      .reply(200, zone(8, ['192.0.2.9']));
    const error = await refusal(begun().execute(PATCH_OP));
    expect(error).toBeInstanceOf(ZoneChangedError);
    expect(error.message).toContain('serial 7 → 8: someone else changed it');
  });

  it('a PATCH answered 409 is that refusal, not a zone the plan creates', async () => {
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).reply(409, { error: 'Conflict' });
    const error = await refusal(begun().execute(PATCH_OP));
    expect(error).toBeInstanceOf(PdnsApiError);
  });

  it('waits on the clock without a sleep given, as the transport would', async () => {
    api()
      .get(ZONE)
      .times(3)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).reply(503, 'Unavailable');
    api().patch(ZONE, PATCH_BODY).reply(204);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const pdns = createPdnsProvider({
        name: 'pdns',
        url: `${BASE}/api/v1`,
        apiKey: KEY,
        retry: { retries: 0, baseDelayMs: 74, maxDelayMs: 74 },
        random: () => 0.5,
      });
      open.push(pdns);
      pdns.begin?.({
        target: { kind: 'zone', name: 'a.test', provider: 'pdns' },
        serial: 7,
        changes: [CHANGE],
      });
      await pdns.execute(PATCH_OP);
      expect(timers.mock.calls.filter(([, ms]) => ms === 37)).toHaveLength(1);
    } finally {
      timers.mockRestore();
    }
  });

  it('waits as the transport does before each send again, and tells each decision', async () => {
    api()
      .get(ZONE)
      .times(5)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).times(2).reply(500, 'Internal Server Error');
    api().patch(ZONE, PATCH_BODY).replyWithError(connectionReset());
    api()
      .get(ZONE)
      .reply(200, zone(8, ['192.0.2.2']));
    const waited: number[] = [];
    const decisions: ClientDecision[] = [];
    const pdns = createPdnsProvider({
      name: 'pdns',
      url: `${BASE}/api/v1`,
      apiKey: KEY,
      retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 150 },
      random: () => 0.5,
      sleep: async (ms) => {
        waited.push(ms);
      },
      onDecision: (decision) => decisions.push(decision),
    });
    open.push(pdns);
    pdns.begin?.({
      target: { kind: 'zone', name: 'a.test', provider: 'pdns' },
      serial: 7,
      changes: [CHANGE],
    });
    await pdns.execute(PATCH_OP);
    // Full jitter under the exponential ceiling: half of 100, then half of min(150, 200).
    expect(waited).toEqual([50, 75]);
    expect(decisions).toEqual([
      { symptom: 'http-5xx', decision: 'sent-again', request: `PATCH ${ZONE}` },
      { symptom: 'http-5xx', decision: 'sent-again', request: `PATCH ${ZONE}` },
      { symptom: 'network', decision: 'took-effect', request: `PATCH ${ZONE}` },
    ]);
  });

  it('is a conflict when the zone shows neither what the plan read nor what the PATCH sets', async () => {
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).replyWithError(connectionReset());
    api()
      .get(ZONE)
      .reply(200, zone(9, ['192.0.2.7']));
    const error = await refusal(begun().execute(PATCH_OP));
    expect(error).toBeInstanceOf(ZoneChangedError);
    expect(error.message).toContain(
      '(after the answer to its PATCH was lost, www.a.test A is 192.0.2.7 ttl 300, the plan read 192.0.2.1 ttl 300)',
    );
  });

  it('is a conflict when the sets are as the plan read them but the serial moved meanwhile', async () => {
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).reply(500, { error: 'Internal' });
    api()
      .get(ZONE)
      .reply(200, zone(8, ['192.0.2.1']));
    const error = await refusal(begun().execute(PATCH_OP));
    expect(error).toBeInstanceOf(ZoneChangedError);
    expect(error.message).toContain(
      '(after the answer to its PATCH was lost, serial 7 → 8: someone else changed it)',
    );
  });

  it('is an unknown outcome, not a failure, when the read fails too', async () => {
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.1']));
    api().patch(ZONE, PATCH_BODY).replyWithError(connectionReset());
    api().get(ZONE).reply(503, 'Unavailable');
    const error = await refusal(begun().execute(PATCH_OP));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.message).toMatch(
      new RegExp(
        `^zone a\\.test: the answer to PATCH ${ZONE} was lost \\(PATCH ${ZONE}: network error .*\\) and reading ` +
          `the zone failed too \\(GET ${ZONE}: HTTP 503: Unavailable\\): whether it took effect is unknown`,
      ),
    );
  });

  it('without begin, takes the PATCH as done when the zone shows it, and sends it again otherwise', async () => {
    api().patch(ZONE, PATCH_BODY).replyWithError(connectionReset());
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.2']));
    await provider().execute(PATCH_OP);
    api().patch(ZONE, PATCH_BODY).replyWithError(connectionReset());
    api()
      .get(ZONE)
      .reply(200, zone(8, ['192.0.2.5']));
    api().patch(ZONE, PATCH_BODY).reply(204);
    await provider().execute(PATCH_OP);
  });
});

describe('PowerDNS: a zone the plan creates', () => {
  const CREATE_OP = {
    kind: 'create-zone',
    zone: 'a.test',
    zoneKind: 'Native',
    nameservers: [],
    soaEditApi: 'DEFAULT',
    replace: [{ fqdn: 'www.a.test', type: 'A', ttl: 300, values: ['192.0.2.2'] }],
  };

  function creating() {
    const pdns = provider();
    pdns.begin?.({
      target: { kind: 'zone', name: 'a.test', provider: 'pdns' },
      serial: null,
      changes: [{ ...CHANGE, action: 'create', before: null }],
    });
    return pdns;
  }

  it('is a conflict when PowerDNS refuses the POST because the zone exists by then (409)', async () => {
    api().post(ZONES).reply(409, { error: 'Conflict' });
    const error = await refusal(creating().execute(CREATE_OP));
    expect(error).toBeInstanceOf(ZoneChangedError);
    expect(error.cause).toBeInstanceOf(PdnsApiError);
    expect(error.message).toBe(
      `zone a.test changed while applying (the zone the plan creates exists already: POST ${ZONES}: HTTP 409: ` +
        'Conflict); not published, plan again',
    );
  });

  it('after a lost answer: sent again when no zone was created, done when the zone holds its sets', async () => {
    api().post(ZONES).replyWithError(connectionReset());
    api().get(ZONE).reply(404, 'Not Found');
    api().post(ZONES).reply(502, 'Bad Gateway');
    api()
      .get(ZONE)
      .reply(200, zone(1, ['192.0.2.2']));
    await creating().execute(CREATE_OP);
  });

  it('a first POST that lands after the read that settled it: the 409 to the next send is read, and goes on', async () => {
    const lines: string[] = [];
    const pdns = provider(lines);
    pdns.begin?.({
      target: { kind: 'zone', name: 'a.test', provider: 'pdns' },
      serial: null,
      changes: [{ ...CHANGE, action: 'create', before: null }],
    });
    api().post(ZONES).reply(504, 'Gateway Timeout');
    api().get(ZONE).reply(404, 'Not Found');
    api().post(ZONES).reply(409, { error: 'Conflict' });
    api()
      .get(ZONE)
      .reply(200, zone(1, ['192.0.2.2']));
    await pdns.execute(CREATE_OP);
    expect(lines.at(-1)).toBe(
      `pdns: POST ${ZONES}: an earlier send took effect after the read that settled it: going on`,
    );
  });

  it('a 409 to a POST sent again is still a conflict when the zone holds other records', async () => {
    api().post(ZONES).reply(504, 'Gateway Timeout');
    api().get(ZONE).reply(404, 'Not Found');
    api().post(ZONES).reply(409, { error: 'Conflict' });
    api()
      .get(ZONE)
      .reply(200, zone(1, ['192.0.2.3']));
    const error = await refusal(creating().execute(CREATE_OP));
    expect(error).toBeInstanceOf(ZoneChangedError);
    expect(error.message).toContain('the zone the plan creates exists already');
  });

  it('after a lost answer: a conflict when the zone exists with other records', async () => {
    api().post(ZONES).replyWithError(connectionReset());
    api()
      .get(ZONE)
      .reply(200, zone(1, ['192.0.2.3']));
    const error = await refusal(creating().execute(CREATE_OP));
    expect(error).toBeInstanceOf(ZoneChangedError);
    expect(error.message).toContain(
      '(the zone the plan creates exists, not as this run creates it: www.a.test A is 192.0.2.3 ttl 300, this ' +
        'run sends 192.0.2.2 ttl 300)',
    );
  });
});

describe('PowerDNS: an answer that is not the zone asked for', () => {
  it('refuses an answer for another zone', async () => {
    api()
      .get(ZONE)
      .reply(200, zone(7, ['192.0.2.1'], 300, 'b.test.'));
    const error = await refusal(provider().readZones(['a.test']));
    expect(error).toBeInstanceOf(PdnsWireError);
    expect(error.message).toContain('name: the answer is zone "b.test.", not a.test');
  });

  it('refuses rrsets outside the zone, naming them', async () => {
    const answer = zone(7, ['192.0.2.1']);
    answer.rrsets.push(
      { name: 'x.b.test.', type: 'A', ttl: 60, records: [{ content: '192.0.2.3', disabled: false }] },
      { name: 'xa.test.', type: 'A', ttl: 60, records: [{ content: '192.0.2.4', disabled: false }] },
    );
    api().get(ZONE).reply(200, answer);
    const error = await refusal(provider().readZones(['a.test']));
    expect(error).toBeInstanceOf(PdnsWireError);
    expect(error.message).toContain('rrsets: names outside zone a.test: "x.b.test", "xa.test"');
  });
});

// Time budget: a 2.2 MB op checked and sent three times takes about 1 s at load 10 on 2 cores; ten times that, and
// more than the 5 s the full suite gives a test by default.
describe("PowerDNS: a zone's write cut off on every send", { timeout: 20_000 }, () => {
  /** A new zone whose one TXT set has `values` values of 250 characters: about 0.25 MB per 1,000. */
  const createOp = (values: number) => ({
    kind: 'create-zone',
    zone: 'a.test',
    zoneKind: 'Native',
    nameservers: ['ns1.example.net.'],
    soaEditApi: 'DEFAULT',
    replace: [
      {
        fqdn: 'a.test',
        type: 'TXT',
        ttl: 60,
        values: Array.from({ length: values }, (_, i) => `"${String(i).padStart(248, 'x')}"`),
      },
    ],
  });

  function cutThreeTimes(): void {
    for (let sent = 1; sent <= 3; sent++) {
      api().post(ZONES).replyWithError(connectionReset());
      api().get(ZONE).reply(404, 'Not Found');
    }
  }

  it("names PowerDNS's body limit when the body is over its default, and says nothing was applied", async () => {
    cutThreeTimes();
    const error = await refusal(provider().execute(createOp(9_000)));
    expect(error).toBeInstanceOf(PdnsBodyLimitError);
    expect(error.message).toMatch(
      new RegExp(
        `^POST ${ZONES}: the connection was cut on each of 3 sends of its 2\\.\\d MB body, and the zone shows ` +
          'none of it: PowerDNS cuts off a body over its webserver-max-bodysize \\(2 MB unless set\\); raise it ',
      ),
    );
    expect(error.message).toMatch(/Nothing of this write was applied$/);
    expect(error.cause).toBeInstanceOf(TransportError);
  });

  it('gives up with the network error itself when the body is within the default limit', async () => {
    cutThreeTimes();
    const error = await refusal(provider().execute(createOp(10)));
    expect(error).toBeInstanceOf(TransportError);
    expect(error.message).toContain(`POST ${ZONES}: network error after 1 attempt(s)`);
  });
});
