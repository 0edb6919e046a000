/**
 * The RFC 2136 writer's edges against the in-memory server (fake-server.ts): each refusal code of an UPDATE, a zone
 * the server no longer serves, a plan without a serial, what counts as served (values, TTLs, deletes, one name with
 * two types), what a chain compares and names, and what an undo checks and says when it cannot go on.
 */
import { describe, expect, it } from 'vitest';
import { Rfc2136Writer } from '../../../src/providers/rfc2136/write.js';
import { serialOf, snapshotOf } from '../../../src/providers/rfc2136/zone-snapshot.js';
import { fakeServer } from './fake-server.js';
import { apply, chain, create, failure, record, Z } from './writer-steps.js';

const OTHER = create('other.a.test', 'A', ['192.0.2.1']);
const WWW_CNAME = create('www.a.test', 'CNAME', ['web.example.net.']);
const late = (name: string, value = '192.0.2.7') => ({
  kind: 'record' as const,
  record: record(name, 'A', value),
});

describe('an UPDATE the server refuses (RFC 2136 §2.2): nothing of it applied, nothing to undo', () => {
  it.each([
    [5, 'REFUSED'],
    [6, 'YXDOMAIN'],
    [9, 'NOTAUTH'],
    [10, 'NOTZONE'],
    [4, 'NOTIMP'],
  ])('rcode %i: "%s", said as such', async (rcode, name) => {
    const server = fakeServer(Z);
    server.refuse = rcode;
    const step = failure(await apply(server, chain([OTHER])));
    expect(step.error).toBe(
      `UPDATE ${Z}: other.a.test A 192.0.2.1 ttl 300 at 127.0.0.1:53: the server refused the update (${name}); ` +
        'nothing of it was applied',
    );
    expect(step).toMatchObject({ done: 0, discarded: true });
    expect(server.calls).toEqual(['soa', 'update']);
  });

  it.each([
    [7, 'YXRRSET'],
    [8, 'NXRRSET'],
  ])('rcode %i (%s): the prerequisite, so another writer', async (rcode, name) => {
    const server = fakeServer(Z);
    server.refuse = rcode;
    expect(failure(await apply(server, chain([OTHER]))).error).toBe(
      `zone ${Z} at 127.0.0.1:53: changed since the plan: plan again (the SOA prerequisite was refused (${name}))`,
    );
  });
});

describe('what the step starts from', () => {
  it('a zone the server no longer serves: said, nothing sent (one message, or a chain)', async () => {
    for (const ops of [chain([OTHER]), chain([OTHER], [WWW_CNAME])]) {
      const server = fakeServer(Z);
      server.gone = true;
      expect(failure(await apply(server, ops)).error).toMatch(/: the server no longer serves the zone$/);
      expect(server.calls).toHaveLength(1);
    }
  });

  it('a plan that read no serial: nothing read or sent, nothing to discard', async () => {
    const server = fakeServer(Z);
    const step = failure(await apply(server, chain([OTHER]), null));
    expect(step).toMatchObject({
      error: `UPDATE ${Z} at 127.0.0.1:53: no serial was read for the zone by the plan`,
      discarded: true,
    });
    expect(server.calls).toEqual([]);
    const [op] = chain([OTHER]);
    if (!op) throw new Error('no op');
    await expect(new Rfc2136Writer(server).execute(op)).rejects.toThrow(
      'no serial was read for the zone by the plan',
    );
  });

  it('a read after the UPDATE that fails for another reason than the exchange is not sent again', async () => {
    const server = fakeServer(Z);
    server.before.set(3, () => {
      throw new TypeError('not a zone');
    });
    expect(failure(await apply(server, chain([OTHER]))).error).toBe('not a zone');
    expect(server.calls.slice(0, 4)).toEqual(['soa', 'update', 'transfer', 'transfer']);
  });

  it('a zone gone right after the UPDATE: the read back says so, the message stays counted as applied', async () => {
    const server = fakeServer(Z);
    server.before.set(3, () => {
      server.gone = true;
    });
    const step = failure(await apply(server, chain([OTHER])));
    expect(step.error).toBe(
      `UPDATE ${Z}: other.a.test A 192.0.2.1 ttl 300 at 127.0.0.1:53: the server took it (NOERROR), but reading the ` +
        `zone back failed (UPDATE ${Z}: other.a.test A 192.0.2.1 ttl 300 at 127.0.0.1:53: the server ` +
        'no longer serves the zone)',
    );
    expect(step.discarded).toBe(false);
  });

  it('a transfer with no records is no zone', () => {
    expect(snapshotOf([])).toBeNull();
    expect(snapshotOf(null)).toBeNull();
  });

  it('serials are read from the SOA whatever the spacing', () => {
    expect(serialOf(record(Z, 'SOA', 'ns1.example.net.  hostmaster.a.test.\t42 3600 600 86400 300'))).toBe(
      42,
    );
  });
});

describe('what counts as served as sent', () => {
  it('another value in a set of as many values, and a delete not taken, are not', async () => {
    const server = fakeServer(Z, [record('old.a.test', 'TXT', '"x"')]);
    const original = server.write.bind(server);
    server.write = (updates) =>
      original(
        updates
          .filter((u) => u.kind !== 'delete-rrset' || u.name !== 'old.a.test')
          .map((u) =>
            u.kind === 'record' && u.record.value === '192.0.2.2' ? late('www.a.test', '192.0.2.9') : u,
          ),
      );
    const sets = [
      create('www.a.test', 'A', ['192.0.2.1', '192.0.2.2']),
      { fqdn: 'old.a.test', type: 'TXT', before: { ttl: 300, values: ['"x"'] }, after: null },
    ];
    expect(failure(await apply(server, chain(sets))).error).toContain(
      'does not serve what was sent: www.a.test A (should be 192.0.2.1, 192.0.2.2 ttl 300, is 192.0.2.1 ttl 300, ' +
        '192.0.2.9 ttl 300); old.a.test TXT (should be nothing, is "x" ttl 300); a server drops',
    );
  });

  it('a name changing type in one message (the TXT deleted, the CNAME added): served as sent', async () => {
    const server = fakeServer(Z, [record('www.a.test', 'TXT', '"x"')]);
    const txt = { fqdn: 'www.a.test', type: 'TXT', before: { ttl: 300, values: ['"x"'] }, after: null };
    expect(await apply(server, chain([txt, WWW_CNAME]))).toMatchObject({ status: 'applied', done: 1 });
    expect(server.lines()).toEqual(['www.a.test CNAME web.example.net. ttl 300']);
  });
});

describe('a chain compares the zone between its messages', () => {
  it("records the server writes itself (the SOA's, DNSSEC's, BIND's signing state) are not another writer's", async () => {
    const server = fakeServer(Z);
    const own = [
      'RRSIG',
      'NSEC',
      'NSEC3',
      'NSEC3PARAM',
      'DNSKEY',
      'CDS',
      'CDNSKEY',
      'ZONEMD',
      'TYPE65534',
      'UNKNOWN_65534',
    ];
    server.before.set(3, () => {
      for (const type of own) server.records.push(record(Z, type, '\\# 1 00'));
    });
    expect(await apply(server, chain([OTHER], [WWW_CNAME]))).toMatchObject({ status: 'applied', done: 2 });
  });

  it('names what another writer changed, the first five, then how many more', async () => {
    const server = fakeServer(Z);
    server.before.set(3, () =>
      server.write(['1', '2', '3', '4', '5', '6', '7'].map((n) => late(`l${n}.a.test`))),
    );
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME]))).error).toBe(
      'zone a.test at 127.0.0.1:53: changed since the plan: plan again (another writer changed it between messages ' +
        '1 and 2 of 2: + l1.a.test A 192.0.2.7 ttl 300; + l2.a.test A 192.0.2.7 ttl 300; + l3.a.test A 192.0.2.7 ' +
        'ttl 300; + l4.a.test A 192.0.2.7 ttl 300; + l5.a.test A 192.0.2.7 ttl 300; and 2 more)',
    );
  });

  it('five changes are all named', async () => {
    const server = fakeServer(Z);
    server.before.set(3, () => server.write(['1', '2', '3', '4', '5'].map((n) => late(`l${n}.a.test`))));
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME]))).error).toMatch(
      /: \+ l1\.a\.test A 192\.0\.2\.7 ttl 300; .*; \+ l5\.a\.test A 192\.0\.2\.7 ttl 300\)$/,
    );
  });

  it('after its last message, another change is not the chain’s: the step is applied', async () => {
    const server = fakeServer(Z);
    server.before.set(5, () => server.write([late('late.a.test')]));
    expect(await apply(server, chain([OTHER], [WWW_CNAME]))).toMatchObject({ status: 'applied', done: 2 });
  });
});

describe('an undo', () => {
  it('of two messages, last first: both undone, the other writer’s record kept', async () => {
    const server = fakeServer(Z);
    server.before.set(6, () => server.write([late('late.a.test')]));
    const third = create('third.a.test', 'A', ['192.0.2.3']);
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME], [third])))).toMatchObject({
      done: 2,
      discarded: true,
    });
    expect(server.lines()).toEqual(['late.a.test A 192.0.2.7 ttl 300']);
  });

  it('says which sets another writer changed since the step wrote them, and sends nothing', async () => {
    const server = fakeServer(Z);
    server.before.set(4, () =>
      server.write([
        { kind: 'delete-rrset', name: 'other.a.test', type: 'A' },
        late('other.a.test', '192.0.2.99'),
      ]),
    );
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME]))).discardError).toBe(
      'zone a.test at 127.0.0.1:53: changed since the plan: plan again (another writer changed what this step ' +
        'wrote, so it is not undone: + other.a.test A 192.0.2.99 ttl 300; - other.a.test A 192.0.2.1 ttl 300)',
    );
  });

  it('that the server drops (another writer put a CNAME where it re-adds a TXT): said, not reported undone', async () => {
    const server = fakeServer(Z, [record('www.a.test', 'TXT', '"x"')]);
    const txt = { fqdn: 'www.a.test', type: 'TXT', before: { ttl: 300, values: ['"x"'] }, after: null };
    server.before.set(4, () =>
      server.write([{ kind: 'record', record: record('www.a.test', 'CNAME', 'web.example.net.') }]),
    );
    const step = failure(await apply(server, chain([txt], [OTHER])));
    expect(step).toMatchObject({ done: 1, discarded: false });
    expect(step.discardError).toBe(
      'undo of UPDATE a.test (message 1 of 2): delete www.a.test TXT at 127.0.0.1:53: the server answered NOERROR ' +
        'but does not serve what was sent: www.a.test TXT (should be "x" ttl 300, is nothing); a server drops a ' +
        'CNAME beside other data, and data beside a CNAME, without a word (RFC 2136 §3.4.2.2)',
    );
  });

  it('checks between its undos, not after the last one', async () => {
    const server = fakeServer(Z);
    // The second UPDATE is refused; the discard reads (5), undoes the first message (6), reads it back (7).
    server.before.set(4, () => server.write([late('late1.a.test')]));
    server.before.set(7, () => server.write([late('late2.a.test')]));
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME])))).toMatchObject({
      done: 1,
      discarded: true,
    });
    expect(server.lines()).toEqual(['late1.a.test A 192.0.2.7 ttl 300', 'late2.a.test A 192.0.2.7 ttl 300']);
  });

  it('another writer between two undos stops the rest, saying so', async () => {
    const server = fakeServer(Z);
    server.before.set(6, () => server.write([late('late1.a.test')]));
    server.before.set(9, () => server.write([late('late2.a.test'), late('late3.a.test')]));
    const third = create('third.a.test', 'A', ['192.0.2.3']);
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME], [third]))).discardError).toBe(
      'zone a.test at 127.0.0.1:53: changed since the plan: plan again (another writer changed it while this step ' +
        'was undone: + late2.a.test A 192.0.2.7 ttl 300; + late3.a.test A 192.0.2.7 ttl 300)',
    );
  });

  it('whose read back is lost: said, with what the server took', async () => {
    const server = fakeServer(Z);
    server.before.set(4, () => server.write([late('late1.a.test')]));
    // The discard reads (5), undoes (6), then its read back (7) is lost.
    server.lose.add(7);
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME]))).discardError).toBe(
      'undo of UPDATE a.test (message 1 of 2): other.a.test A 192.0.2.1 ttl 300 at 127.0.0.1:53: the server took ' +
        'the undo (NOERROR), but reading the zone back failed (transfer a.test at 127.0.0.1:53: the connection was ' +
        'reset)',
    );
  });
});
