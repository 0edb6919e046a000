/**
 * The RFC 2136 writer (write.ts, undo.ts, read-back.ts) through the apply engine, against an in-memory server that
 * drops what BIND 9 and Knot drop (fake-server.ts): what is served is compared with what was sent, a lost read
 * after an UPDATE is sent again, a discard settles against the zone as it is before undoing, and a chain checks
 * that the zone is exactly what its last message left. The same against the real servers: dropped-writes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Rfc2136Error } from '../../../src/providers/rfc2136/errors.js';
import { SEND_ATTEMPTS } from '../../../src/providers/rfc2136/send.js';
import { fakeServer } from './fake-server.js';
import { apply, chain, create, failure, record, Z } from './writer-steps.js';

const WWW_CNAME = create('www.a.test', 'CNAME', ['web.example.net.']);
const OTHER = create('other.a.test', 'A', ['192.0.2.1']);

describe('what the server serves after an UPDATE is what was sent', () => {
  it('one message: SOA, UPDATE, then one zone transfer that shows it served; the step is applied', async () => {
    const server = fakeServer(Z);
    expect(await apply(server, chain([OTHER, WWW_CNAME]))).toMatchObject({ status: 'applied', done: 1 });
    expect(server.calls).toEqual(['soa', 'update', 'transfer']);
    expect(server.lines()).toEqual([
      'other.a.test A 192.0.2.1 ttl 300',
      'www.a.test CNAME web.example.net. ttl 300',
    ]);
  });

  it('a CNAME beside data the server keeps is dropped with NOERROR (RFC 2136 §3.4.2.2): a typed failure, undone', async () => {
    const server = fakeServer(Z, [record('www.a.test', 'TXT', '"keep"')]);
    const step = failure(await apply(server, chain([OTHER, WWW_CNAME])));
    expect(step).toMatchObject({ done: 0, discarded: true });
    expect(step.error).toBe(
      `UPDATE ${Z}: other.a.test A 192.0.2.1 ttl 300; www.a.test CNAME web.example.net. ttl 300 at 127.0.0.1:53: ` +
        'the server answered NOERROR but does not serve what was sent: www.a.test CNAME (should be ' +
        'web.example.net. ttl 300, is nothing); a server drops a CNAME beside other data, and data beside a CNAME, ' +
        'without a word (RFC 2136 §3.4.2.2)',
    );
    // The message's other set, taken, is undone: the zone is as the plan read it (a serial later).
    expect(server.lines()).toEqual(['www.a.test TXT "keep" ttl 300']);
    expect(server.calls).toEqual(['soa', 'update', 'transfer', 'transfer', 'update', 'transfer']);
  });

  it('data beside a CNAME the server keeps: dropped, and named with what is served there', async () => {
    const server = fakeServer(Z, [record('www.a.test', 'CNAME', 'web.example.net.')]);
    const step = failure(await apply(server, chain([create('www.a.test', 'TXT', ['"x"'], 60)])));
    expect(step.error).toContain('www.a.test TXT (should be "x" ttl 60, is nothing)');
    expect(step).toMatchObject({ done: 0, discarded: true });
    expect(server.serial).toBe(7);
  });

  it('a set served with another TTL is not what was sent either', async () => {
    const server = fakeServer(Z);
    const original = server.write.bind(server);
    server.write = (updates) =>
      original(updates.map((u) => (u.kind === 'record' ? { ...u, record: { ...u.record, ttl: 60 } } : u)));
    const step = failure(await apply(server, chain([OTHER])));
    expect(step.error).toContain('other.a.test A (should be 192.0.2.1 ttl 300, is 192.0.2.1 ttl 60)');
  });
});

describe('the SOA one message is conditional on', () => {
  const kept = (server: ReturnType<typeof fakeServer>, serial: number) => {
    const soa = record(Z, 'SOA', `ns1.example.net. hostmaster.${Z}. ${serial} 3600 600 86400 300`);
    server.lastRead = () => [soa];
  };

  it("right after the plan's read: not asked again, the UPDATE is conditional on the SOA that read saw", async () => {
    const server = fakeServer(Z);
    kept(server, 7);
    expect(await apply(server, chain([OTHER]))).toMatchObject({ status: 'applied', done: 1 });
    expect(server.calls).toEqual(['update', 'transfer']);
  });

  it('moved since that read: the server refuses the prerequisite (RFC 2136 §3.2), nothing applied, a conflict', async () => {
    const server = fakeServer(Z);
    kept(server, 7);
    server.before.set(1, () =>
      server.write([{ kind: 'record', record: record('late.a.test', 'A', '192.0.2.9') }]),
    );
    const step = failure(await apply(server, chain([OTHER])));
    expect(step.error).toContain('the SOA prerequisite was refused (NXRRSET)');
    expect(step).toMatchObject({ done: 0, discarded: true });
    expect(server.lines()).toEqual(['late.a.test A 192.0.2.9 ttl 300']);
    expect(server.calls).toEqual(['update']);
  });

  it('kept at another serial than the plan read: asked (one SOA query)', async () => {
    const server = fakeServer(Z);
    kept(server, 6);
    expect(await apply(server, chain([OTHER]))).toMatchObject({ status: 'applied', done: 1 });
    expect(server.calls).toEqual(['soa', 'update', 'transfer']);
  });
});

describe('the read after an UPDATE', () => {
  // The fake server asks nothing again: a lost read here is one the client already asked READ_ATTEMPTS times.
  it('lost: the step fails, and its discard reads the zone and undoes it', async () => {
    const server = fakeServer(Z);
    server.lose.add(3);
    const step = failure(await apply(server, chain([OTHER])));
    expect(step.error).toBe(
      `UPDATE ${Z}: other.a.test A 192.0.2.1 ttl 300 at 127.0.0.1:53: the server took it (NOERROR), but reading the ` +
        `zone back failed (transfer a.test at 127.0.0.1:53: the connection was reset)`,
    );
    expect(step).toMatchObject({ done: 0, discarded: true });
    expect(server.lines()).toEqual([]);
    expect(server.calls).toEqual(['soa', 'update', 'transfer', 'transfer', 'update', 'transfer']);
  });

  it('lost, and lost again when the discard reads: not undone, and the step says discarding failed', async () => {
    const server = fakeServer(Z);
    server.lose.add(3);
    server.lose.add(4);
    expect(failure(await apply(server, chain([OTHER])))).toMatchObject({
      done: 0,
      discarded: false,
      discardError:
        'undo of UPDATE a.test: other.a.test A 192.0.2.1 ttl 300 at 127.0.0.1:53: reading the zone before the undo ' +
        'failed (transfer a.test at 127.0.0.1:53: the connection was reset)',
    });
    expect(server.lines()).toEqual(['other.a.test A 192.0.2.1 ttl 300']);
  });

  it('the lost answer of the UPDATE itself is settled by reading (settle.ts), then the zone is read back', async () => {
    const server = fakeServer(Z);
    server.lose.add(2);
    expect(await apply(server, chain([OTHER]))).toMatchObject({ status: 'applied', done: 1 });
    expect(server.calls).toEqual(['soa', 'update', 'soa', 'transfer', 'transfer']);
  });

  it('an UPDATE lost before the server saw it: the serial says not applied, so it is sent again and applied', async () => {
    const server = fakeServer(Z);
    server.before.set(2, () => {
      throw new Rfc2136Error('UPDATE a.test', server.label, 'the connection was reset');
    });
    expect(await apply(server, chain([OTHER]))).toMatchObject({ status: 'applied', done: 1 });
    expect(server.calls).toEqual(['soa', 'update', 'soa', 'update', 'transfer']);
    expect(server.lines()).toEqual(['other.a.test A 192.0.2.1 ttl 300']);
  });

  it(`an UPDATE lost ${SEND_ATTEMPTS} times, each time not applied: the step fails and the zone is as it was`, async () => {
    const server = fakeServer(Z);
    for (let send = 0; send < SEND_ATTEMPTS; send++)
      server.before.set(2 + 2 * send, () => {
        throw new Rfc2136Error('UPDATE a.test', server.label, 'the connection was reset');
      });
    const step = failure(await apply(server, chain([OTHER])));
    expect(step.error).toContain('the connection was reset');
    expect(step.done).toBe(0);
    expect(server.calls.filter((call) => call === 'update')).toHaveLength(SEND_ATTEMPTS);
    expect(server.lines()).toEqual([]);
  });
});

describe('a discard settles against the zone as it is now', () => {
  it('another writer changed another name after the message: the undo is conditional on the new serial', async () => {
    const server = fakeServer(Z);
    const ops = chain([OTHER], [WWW_CNAME]);
    // Before the chain's second UPDATE: the other writer's change makes its prerequisite fail (NXRRSET).
    server.before.set(4, () =>
      server.write([{ kind: 'record', record: record('late.a.test', 'TXT', '"late"') }]),
    );
    const step = failure(await apply(server, ops));
    expect(step.error).toContain(
      'zone a.test at 127.0.0.1:53: changed since the plan: plan again (the SOA prerequisite',
    );
    expect(step).toMatchObject({ done: 1, discarded: true });
    expect(server.lines()).toEqual(['late.a.test TXT "late" ttl 300']);
  });

  it('another writer changed what the step wrote: not undone, nothing sent, the sets named', async () => {
    const server = fakeServer(Z);
    const ops = chain([OTHER], [WWW_CNAME]);
    server.before.set(4, () =>
      server.write([
        { kind: 'delete-rrset', name: 'other.a.test', type: 'A' },
        { kind: 'record', record: record('other.a.test', 'A', '192.0.2.99') },
      ]),
    );
    const outcome = await apply(server, ops);
    expect(failure(outcome)).toMatchObject({ done: 1, discarded: false });
    expect(server.lines()).toEqual(['other.a.test A 192.0.2.99 ttl 300']);
    expect(server.calls.filter((call) => call === 'update')).toHaveLength(2);
  });

  it('the step never took a message: nothing is read or sent', async () => {
    const server = fakeServer(Z, [], 8);
    const step = failure(await apply(server, chain([OTHER])));
    expect(step.error).toContain('changed since the plan: plan again (its serial is 8, not 7)');
    expect(step.discarded).toBe(true);
    expect(server.calls).toEqual(['soa']);
  });
});

describe('a chain of messages', () => {
  it('reads the zone before its first message, and conditions each next one on the SOA the last one left', async () => {
    const server = fakeServer(Z);
    expect(await apply(server, chain([OTHER], [WWW_CNAME]))).toMatchObject({ status: 'applied', done: 2 });
    expect(server.calls).toEqual(['transfer', 'update', 'transfer', 'update', 'transfer']);
  });

  it("after the plan's read, kept at the planned serial: no transfer before the first message", async () => {
    const server = fakeServer(Z);
    const read = (await server.transfer(Z)) ?? [];
    server.lastRead = () => read;
    server.calls.length = 0;
    expect(await apply(server, chain([OTHER], [WWW_CNAME]))).toMatchObject({ status: 'applied', done: 2 });
    expect(server.calls).toEqual(['update', 'transfer', 'update', 'transfer']);
  });

  it('a planned serial that moved before the first message: nothing sent', async () => {
    const server = fakeServer(Z, [], 8);
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME]))).error).toContain(
      'its serial is 8, not 7',
    );
    expect(server.calls).toEqual(['transfer']);
  });

  it('another writer between a message and its read-back is detected, not absorbed; the chain is undone', async () => {
    const server = fakeServer(Z);
    // Right before the read-back of the first message.
    server.before.set(3, () =>
      server.write([{ kind: 'record', record: record('late.a.test', 'A', '192.0.2.7') }]),
    );
    const step = failure(await apply(server, chain([OTHER], [WWW_CNAME])));
    expect(step.error).toBe(
      'zone a.test at 127.0.0.1:53: changed since the plan: plan again (another writer changed it between messages ' +
        '1 and 2 of 2: + late.a.test A 192.0.2.7 ttl 300)',
    );
    expect(step).toMatchObject({ done: 0, discarded: true });
    expect(server.lines()).toEqual(['late.a.test A 192.0.2.7 ttl 300']);
  });

  it('a removed record is named too, and the server-kept types are not compared', async () => {
    const server = fakeServer(Z, [record('gone.a.test', 'A', '192.0.2.5')]);
    server.before.set(3, () =>
      server.write([
        { kind: 'delete-rrset', name: 'gone.a.test', type: 'A' },
        { kind: 'record', record: record('a.test', 'RRSIG', '\\# 1 00') },
      ]),
    );
    expect(failure(await apply(server, chain([OTHER], [WWW_CNAME]))).error).toContain(
      '1 and 2 of 2: - gone.a.test A 192.0.2.5 ttl 300)',
    );
  });

  it('an undo of several messages checks between them too: another writer stops it, what is left is named', async () => {
    const server = fakeServer(Z);
    const third = create('third.a.test', 'A', ['192.0.2.3']);
    const late = (name: string) => () =>
      server.write([{ kind: 'record', record: record(name, 'A', '192.0.2.7') }]);
    // Before the third UPDATE (call 6): its prerequisite is refused. The discard reads the zone (7), undoes the
    // second message (8) and reads it back (9): another writer came right before that read.
    server.before.set(6, late('late1.a.test'));
    server.before.set(9, late('late2.a.test'));
    const step = failure(await apply(server, chain([OTHER], [WWW_CNAME], [third])));
    expect(step).toMatchObject({ done: 2, discarded: false });
    expect(server.lines()).toEqual([
      'late1.a.test A 192.0.2.7 ttl 300',
      'late2.a.test A 192.0.2.7 ttl 300',
      'other.a.test A 192.0.2.1 ttl 300',
    ]);
    expect(server.calls).toEqual([
      'transfer',
      'update',
      'transfer',
      'update',
      'transfer',
      'update',
      'transfer',
      'update',
      'transfer',
    ]);
  });
});
