/**
 * `apply --wait-served`'s wait (verify/wait.ts) against name servers played by UDP sockets in the test: one that
 * lags (old data for a few queries, then the new), one that answers too late for a round, and one whose answers an
 * attacker off the path races from another port (RFC 5452 §9.1: only the address and port asked may answer). The
 * wait's rounds and the queries are counted, never timed.
 */
import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, RCODES } from '../../src/dns-wire/index.js';
import type { ServedExpectation } from '../../src/plan/index.js';
import type { ServersOf } from '../../src/verify/ask.js';
import { waitServed } from '../../src/verify/index.js';
import { type FakeClock, fakeClock } from '../support/fake-clock.js';

const WWW: ServedExpectation = {
  zone: 'example.com',
  provider: 'dyn',
  fqdn: 'www.example.com',
  type: 'A',
  expected: { ttl: 300, values: ['192.0.2.2'] },
};
const OLD = '192.0.2.1';
const NEW = '192.0.2.2';

const sockets: Socket[] = [];
/** Answers still to be sent late: dropped when the test ends, before its sockets close. */
const timers = new Set<NodeJS.Timeout>();
afterEach(async () => {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  await Promise.all(sockets.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function udpSocket(): Promise<Socket> {
  const socket = createSocket('udp4');
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return socket;
}

/** An answer a test server sends to a query: a value, now or after `afterMs`, from its own socket or `from`. */
type Reply = { value: string; afterMs?: number; from?: Socket };

/** A name server on 127.0.0.1 answering the name asked with A records as `reply` says; its port, its queries. */
async function nameServer(replies: (n: number) => Reply[]) {
  const socket = await udpSocket();
  let queries = 0;
  socket.on('message', (octets, remote) => {
    queries += 1;
    const query = decodeMessage(octets);
    for (const what of replies(queries)) {
      const answer = encodeMessage({
        ...query,
        ...{ response: true, authoritative: true, rcode: RCODES.NOERROR, udpSize: undefined },
        answers: [{ name: query.question?.name ?? '', type: 'A', ttl: 300, value: what.value }],
      });
      const send = () => (what.from ?? socket).send(answer, remote.port, remote.address);
      if (what.afterMs === undefined) send();
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, what.afterMs);
        timers.add(timer);
      }
    }
  });
  return { port: socket.address().port, queries: () => queries };
}

/** One query attempt of 100 ms, one datagram per attempt, rounds 5 ms apart, until `deadlineMs`. */
const wait = (port: number, deadlineMs: number) =>
  waitServed([WWW], async () => [{ host: '127.0.0.1', port }], {
    ...{ deadlineMs, intervalMs: 5, concurrency: 4, timeoutMs: 100 },
  });

describe('waiting until the name servers serve a change', () => {
  it('goes on asking a server that serves the old data, and is done the round it serves the new', async () => {
    const server = await nameServer((n) => [{ value: n <= 3 ? OLD : NEW }]);
    const result = await wait(server.port, 60_000);
    expect(result).toMatchObject({ done: true, rounds: 4 });
    expect(result.zones[0]).toMatchObject({ zone: 'example.com', sets: 1, lagging: [] });
    expect(result.zones[0]?.servedAfterMs).toEqual(expect.any(Number));
  });

  it('counts a round whose answers come too late as not served yet, and asks again', async () => {
    // Round 1: both datagrams of the query are answered 300 ms late (the attempt waits 100 ms); round 2 in time.
    const server = await nameServer((n) => [{ value: NEW, ...(n <= 2 ? { afterMs: 300 } : {}) }]);
    const result = await wait(server.port, 60_000);
    expect(result).toMatchObject({ done: true, rounds: 2 });
    expect(server.queries()).toBe(3);
  });

  it('says which server lags, on what, when the deadline passes first', async () => {
    const server = await nameServer(() => [{ value: OLD }]);
    const result = await wait(server.port, 0);
    expect(result).toMatchObject({ done: false, rounds: 1 });
    expect(result.zones[0]?.lagging).toEqual([
      { server: `127.0.0.1:${server.port}`, set: 'www.example.com A', why: `serves ${OLD}` },
    ]);
  });

  it('never takes the new data from another port: a spoofed answer does not end the wait', async () => {
    const spoofer = await udpSocket();
    const server = await nameServer(() => [{ value: NEW, from: spoofer }]);
    const result = await wait(server.port, 0);
    expect(result).toMatchObject({ done: false, rounds: 1 });
    expect(result.zones[0]?.lagging).toEqual([
      {
        server: `127.0.0.1:${server.port}`,
        set: 'www.example.com A',
        why: 'no answer within 100 ms',
      },
    ]);
  });

  it("takes the server's own answer when a spoofed one from another port raced it", async () => {
    const spoofer = await udpSocket();
    const server = await nameServer(() => [
      { value: OLD, from: spoofer },
      { value: NEW, afterMs: 20 },
    ]);
    expect(await wait(server.port, 0)).toMatchObject({ done: true, rounds: 1 });
  });
});

describe('the wait on a fake clock: its rounds and deadline, never waiting for real time', () => {
  /** The same wait with the fake clock's now and sleep (each sleep returns at once, the clock moved on). */
  const waitOn = (clock: FakeClock, serversOf: ServersOf, deadlineMs: number, intervalMs: number) =>
    waitServed([WWW], serversOf, {
      ...{ deadlineMs, intervalMs, concurrency: 4, timeoutMs: 100, implicitProvider: 'dyn' },
      ...{ now: clock.now, sleep: clock.elapse },
    });
  const noServers: ServersOf = async () => {
    throw new Error('cannot find the NS set of example.com: queryNs ESERVFAIL example.com');
  };

  it('asks a round every interval until the deadline, the last pause cut to end at it, then says why', async () => {
    const clock = fakeClock();
    const result = await waitOn(clock, noServers, 60_000, 7_000);
    // Rounds at 0, 7 s, … 56 s, then one at the deadline itself: never a pause past it.
    expect(clock.sleeps).toEqual([...Array.from({ length: 8 }, () => 7_000), 4_000]);
    expect(result).toMatchObject({ done: false, rounds: 10, waitedMs: 60_000 });
    expect(result.zones).toStrictEqual([
      {
        zone: 'example.com',
        provider: 'dyn',
        sets: 1,
        lagging: [
          {
            server: 'name servers',
            set: 'www.example.com A',
            why: 'cannot find the NS set of example.com: queryNs ESERVFAIL example.com',
          },
        ],
      },
    ]);
  });

  it('never counts a zone served when its lookup finds no server to ask: it lags until the deadline', async () => {
    const clock = fakeClock();
    const lookups: string[] = [];
    const none: ServersOf = async (zone, provider) => {
      lookups.push(`${zone} ${provider}`);
      return [];
    };
    const result = await waitOn(clock, none, 30_000, 10_000);
    expect(result).toMatchObject({ done: false, rounds: 4, waitedMs: 30_000 });
    expect(lookups).toEqual(Array.from({ length: 4 }, () => 'example.com dyn'));
    expect(result.zones).toStrictEqual([
      {
        zone: 'example.com',
        provider: 'dyn',
        sets: 1,
        lagging: [
          {
            server: 'name servers',
            set: 'www.example.com A',
            why: 'no name server to ask for zone example.com',
          },
        ],
      },
    ]);
  });

  it('stops the round the server serves the change, and says after how long from the start', async () => {
    const clock = fakeClock();
    const server = await nameServer((n) => [{ value: n <= 3 ? OLD : NEW }]);
    const result = await waitOn(
      clock,
      async () => [{ host: '127.0.0.1', port: server.port }],
      600_000,
      30_000,
    );
    expect(clock.sleeps).toEqual([30_000, 30_000, 30_000]);
    expect(result).toMatchObject({ done: true, rounds: 4, waitedMs: 90_000 });
    expect(result.zones[0]).toEqual({
      zone: 'example.com',
      provider: 'dyn',
      sets: 1,
      servedAfterMs: 90_000,
      lagging: [],
    });
    expect(server.queries()).toBe(4);
  });

  it('asks only what is not served yet, and times each zone on its own', async () => {
    const clock = fakeClock();
    const asked: string[] = [];
    const server = await nameServer(() => [{ value: NEW }]);
    const mail: ServedExpectation = { ...WWW, zone: 'example.net', fqdn: 'www.example.net' };
    // example.net's servers are found only from the third round on.
    let lookups = 0;
    const serversOf: ServersOf = async (zone) => {
      asked.push(zone);
      if (zone === 'example.net' && ++lookups < 3) throw new Error('no NS set yet');
      return [{ host: '127.0.0.1', port: server.port }];
    };
    const result = await waitServed([WWW, mail], serversOf, {
      ...{ deadlineMs: 60_000, intervalMs: 10_000, concurrency: 4, timeoutMs: 100 },
      ...{ now: clock.now, sleep: clock.elapse },
    });
    expect(result).toMatchObject({ done: true, rounds: 3, waitedMs: 20_000 });
    expect(asked).toEqual(['example.com', 'example.net', 'example.net', 'example.net']);
    expect(result.zones.map((z) => [z.zone, z.servedAfterMs])).toEqual([
      ['example.com', 0],
      ['example.net', 20_000],
    ]);
  });

  it('is done only when every server of a zone serves it, and names only the servers that lag', async () => {
    const clock = fakeClock();
    const fresh = await nameServer(() => [{ value: NEW }]);
    const stale = await nameServer(() => [{ value: OLD }]);
    const both: ServersOf = async () => [
      { host: '127.0.0.1', port: fresh.port },
      { host: '127.0.0.1', port: stale.port },
    ];
    const result = await waitOn(clock, both, 20_000, 10_000);
    expect(result).toMatchObject({ done: false, rounds: 3, waitedMs: 20_000 });
    expect(result.zones).toStrictEqual([
      {
        zone: 'example.com',
        provider: 'dyn',
        sets: 1,
        lagging: [{ server: `127.0.0.1:${stale.port}`, set: 'www.example.com A', why: `serves ${OLD}` }],
      },
    ]);
  });

  it('keeps zones apart by provider, counts each one’s sets, and names each one’s own lagging servers', async () => {
    const clock = fakeClock();
    const first = await nameServer(() => [{ value: OLD }]);
    const second = await nameServer(() => [{ value: OLD }]);
    const ftp: ServedExpectation = { ...WWW, fqdn: 'ftp.example.com' };
    const port = (provider: string | undefined) => (provider === 'a' ? first.port : second.port);
    const serversOf: ServersOf = async (_zone, provider) => [{ host: '127.0.0.1', port: port(provider) }];
    const result = await waitServed(
      [
        { ...WWW, provider: 'a' },
        { ...ftp, provider: 'a' },
        { ...WWW, provider: 'b' },
      ],
      serversOf,
      {
        ...{ deadlineMs: 0, intervalMs: 10_000, concurrency: 4, timeoutMs: 100 },
        ...{ now: clock.now, sleep: clock.elapse },
      },
    );
    const lag = (server: number, fqdn: string) => ({
      server: `127.0.0.1:${server}`,
      set: `${fqdn} A`,
      why: `serves ${OLD}`,
    });
    expect(result.zones).toStrictEqual([
      { zone: 'example.com', provider: 'a', sets: 2, lagging: [lag(first.port, 'www.example.com')] },
      { zone: 'example.com', provider: 'b', sets: 1, lagging: [lag(second.port, 'www.example.com')] },
    ]);
  });

  it('pauses on a real timer by default, which its signal ends: one round asked, then stopped', async () => {
    const stop = new AbortController();
    let lookups = 0;
    // The first round's lookup stops the run: the pause that follows must end at once, before a second round.
    const serversOf: ServersOf = async () => {
      lookups += 1;
      stop.abort(new Error('interrupted'));
      throw new Error('no NS set yet');
    };
    const waiting = waitServed([WWW], serversOf, {
      ...{ deadlineMs: 600_000, intervalMs: 300_000, concurrency: 4, timeoutMs: 100 },
      signal: stop.signal,
    });
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(lookups).toBe(1);
  });

  it('a deadline of zero is one round and no pause', async () => {
    const clock = fakeClock();
    const result = await waitOn(clock, noServers, 0, 5_000);
    expect(clock.sleeps).toEqual([]);
    expect(result).toMatchObject({ done: false, rounds: 1, waitedMs: 0 });
  });
});
