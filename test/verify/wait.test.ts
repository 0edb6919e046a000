/**
 * `apply --wait-served`'s wait (verify/wait.ts). Its rounds, pauses and deadline run on a fake clock against name
 * servers played in process (test/support/played-servers.ts): one that lags (old data for a few questions, then the
 * new), one that answers too late for a round. Which answers a query takes is a property of the wire, tested on UDP
 * sockets: an attacker off the path races the server's answer from another port (RFC 5452 §9.1: only the address
 * and port asked may answer). Rounds and questions are counted, never timed.
 */
import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, RCODES } from '../../src/dns-wire/index.js';
import type { ServedExpectation } from '../../src/plan/index.js';
import type { ServersOf } from '../../src/verify/ask.js';
import { DEFAULT_QUERY_TIMEOUT_MS } from '../../src/verify/defaults.js';
import { waitServed } from '../../src/verify/index.js';
import { type FakeClock, fakeClock } from '../support/fake-clock.js';
import { type PlayedServers, playedServers } from '../support/played-servers.js';

const WWW: ServedExpectation = {
  zone: 'example.com',
  provider: 'dyn',
  fqdn: 'www.example.com',
  type: 'A',
  expected: { ttl: 300, values: ['192.0.2.2'] },
};
const OLD = '192.0.2.1';
const NEW = '192.0.2.2';

describe('the wait on a fake clock: its rounds and deadline, never waiting for real time', () => {
  /** Two played servers: their labels are 198.51.100.1:53 and 198.51.100.2:53. */
  const FIRST = { host: '198.51.100.1', port: 53 };
  const SECOND = { host: '198.51.100.2', port: 53 };
  const serves = (value: string) => () => ({ serves: value });
  const at =
    (...servers: { host: string; port: number }[]): ServersOf =>
    async () =>
      servers;

  /** The wait with the fake clock's now and sleep (each sleep returns at once, the clock moved on), asking `played`. */
  const waitOn = (
    clock: FakeClock,
    played: PlayedServers,
    serversOf: ServersOf,
    times: { deadlineMs: number; intervalMs: number },
    expectations = [WWW],
  ) =>
    waitServed(expectations, serversOf, {
      ...times,
      ...{ concurrency: 4, timeoutMs: 100, implicitProvider: 'dyn' },
      ...{ now: clock.now, sleep: clock.elapse, query: played.query },
    });
  const noServers: ServersOf = async () => {
    throw new Error('cannot find the NS set of example.com: queryNs ESERVFAIL example.com');
  };

  it('asks a round every interval until the deadline, the last pause cut to end at it, then says why', async () => {
    const clock = fakeClock();
    const result = await waitOn(clock, playedServers(clock, {}), noServers, {
      ...{ deadlineMs: 60_000, intervalMs: 7_000 },
    });
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
    const result = await waitOn(clock, playedServers(clock, {}), none, {
      ...{ deadlineMs: 30_000, intervalMs: 10_000 },
    });
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

  it('goes on asking a server that serves the old data, done the round it serves the new, after how long', async () => {
    const clock = fakeClock();
    const played = playedServers(clock, { '198.51.100.1:53': (n) => ({ serves: n <= 3 ? OLD : NEW }) });
    const result = await waitOn(clock, played, at(FIRST), { deadlineMs: 600_000, intervalMs: 30_000 });
    expect(clock.sleeps).toEqual([30_000, 30_000, 30_000]);
    expect(result).toMatchObject({ done: true, rounds: 4, waitedMs: 90_000 });
    expect(result.zones).toStrictEqual([
      { zone: 'example.com', provider: 'dyn', sets: 1, servedAfterMs: 90_000, lagging: [] },
    ]);
    expect(played.asked('198.51.100.1:53')).toBe(4);
  });

  it('counts a round whose answer comes too late as not served yet, and asks again', async () => {
    const clock = fakeClock();
    // Round 1's answer comes after the query gave up, 100 ms on; round 2's in time.
    const played = playedServers(clock, {
      '198.51.100.1:53': (n) => (n === 1 ? 'too late' : { serves: NEW }),
    });
    const result = await waitOn(clock, played, at(FIRST), { deadlineMs: 60_000, intervalMs: 5_000 });
    expect(clock.sleeps).toEqual([5_000]);
    expect(result).toMatchObject({ done: true, rounds: 2, waitedMs: 5_100 });
    expect(result.zones[0]?.servedAfterMs).toBe(5_100);
    expect(played.asked('198.51.100.1:53')).toBe(2);
  });

  it('says which servers lag, on what, when the deadline passes first: old data, an answer too late', async () => {
    const clock = fakeClock();
    const played = playedServers(clock, {
      '198.51.100.1:53': serves(OLD),
      '198.51.100.2:53': () => 'too late',
    });
    const result = await waitOn(clock, played, at(FIRST, SECOND), { deadlineMs: 0, intervalMs: 5_000 });
    expect(clock.sleeps).toEqual([]);
    expect(result).toMatchObject({ done: false, rounds: 1, waitedMs: 100 });
    expect(result.zones[0]?.lagging).toEqual([
      { server: '198.51.100.1:53', set: 'www.example.com A', why: `serves ${OLD}` },
      { server: '198.51.100.2:53', set: 'www.example.com A', why: 'no answer within 100 ms' },
    ]);
  });

  it('asks only what is not served yet, and times each zone on its own', async () => {
    const clock = fakeClock();
    const asked: string[] = [];
    const played = playedServers(clock, { '198.51.100.1:53': serves(NEW) });
    const mail: ServedExpectation = { ...WWW, zone: 'example.net', fqdn: 'www.example.net' };
    // example.net's servers are found only from the third round on.
    let lookups = 0;
    const serversOf: ServersOf = async (zone) => {
      asked.push(zone);
      if (zone === 'example.net' && ++lookups < 3) throw new Error('no NS set yet');
      return [FIRST];
    };
    const result = await waitOn(clock, played, serversOf, { deadlineMs: 60_000, intervalMs: 10_000 }, [
      WWW,
      mail,
    ]);
    expect(result).toMatchObject({ done: true, rounds: 3, waitedMs: 20_000 });
    expect(asked).toEqual(['example.com', 'example.net', 'example.net', 'example.net']);
    expect(played.asked('198.51.100.1:53')).toBe(2);
    expect(result.zones.map((z) => [z.zone, z.servedAfterMs])).toEqual([
      ['example.com', 0],
      ['example.net', 20_000],
    ]);
  });

  it('is done only when every server of a zone serves it, and names only the servers that lag', async () => {
    const clock = fakeClock();
    const played = playedServers(clock, { '198.51.100.1:53': serves(NEW), '198.51.100.2:53': serves(OLD) });
    const result = await waitOn(clock, played, at(FIRST, SECOND), { deadlineMs: 20_000, intervalMs: 10_000 });
    expect(result).toMatchObject({ done: false, rounds: 3, waitedMs: 20_000 });
    expect(result.zones).toStrictEqual([
      {
        zone: 'example.com',
        provider: 'dyn',
        sets: 1,
        lagging: [{ server: '198.51.100.2:53', set: 'www.example.com A', why: `serves ${OLD}` }],
      },
    ]);
  });

  it('keeps zones apart by provider, counts each one’s sets, and names each one’s own lagging servers', async () => {
    const clock = fakeClock();
    const played = playedServers(clock, { '198.51.100.1:53': serves(OLD), '198.51.100.2:53': serves(OLD) });
    const ftp: ServedExpectation = { ...WWW, fqdn: 'ftp.example.com' };
    const serversOf: ServersOf = async (_zone, provider) => [provider === 'a' ? FIRST : SECOND];
    const expectations = [
      { ...WWW, provider: 'a' },
      { ...ftp, provider: 'a' },
      { ...WWW, provider: 'b' },
    ];
    const result = await waitOn(
      clock,
      played,
      serversOf,
      { deadlineMs: 0, intervalMs: 10_000 },
      expectations,
    );
    const lag = (server: string, fqdn: string) => ({ server, set: `${fqdn} A`, why: `serves ${OLD}` });
    expect(result.zones).toStrictEqual([
      { zone: 'example.com', provider: 'a', sets: 2, lagging: [lag('198.51.100.1:53', 'www.example.com')] },
      { zone: 'example.com', provider: 'b', sets: 1, lagging: [lag('198.51.100.2:53', 'www.example.com')] },
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
    const result = await waitOn(clock, playedServers(clock, {}), noServers, {
      deadlineMs: 0,
      intervalMs: 5_000,
    });
    expect(clock.sleeps).toEqual([]);
    expect(result).toMatchObject({ done: false, rounds: 1, waitedMs: 0 });
  });
});

describe('on UDP sockets: only the address and port asked may answer (RFC 5452 §9.1)', () => {
  const sockets: Socket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  async function udpSocket(): Promise<Socket> {
    const socket = createSocket('udp4');
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    return socket;
  }

  /**
   * A name server on 127.0.0.1 that answers each query first from `spoofer`'s port with `spoofed`, then, once that
   * datagram is sent, from its own with `own`: the spoof comes first by construction. Its port, its queries.
   */
  async function racedServer(spoofer: Socket, spoofed: string, own: string) {
    const socket = await udpSocket();
    let queries = 0;
    socket.on('message', (octets, remote) => {
      queries += 1;
      const query = decodeMessage(octets);
      const answer = (value: string) =>
        encodeMessage({
          ...query,
          ...{ response: true, authoritative: true, rcode: RCODES.NOERROR, udpSize: undefined },
          answers: [{ name: query.question?.name ?? '', type: 'A', ttl: 300, value }],
        });
      spoofer.send(answer(spoofed), remote.port, remote.address, () =>
        socket.send(answer(own), remote.port, remote.address),
      );
    });
    return { port: socket.address().port, queries: () => queries };
  }

  /** One round (deadline 0) with the default query time: only a server that never answers would reach it. */
  const waitOnce = (port: number) =>
    waitServed([WWW], async () => [{ host: '127.0.0.1', port }], {
      ...{ deadlineMs: 0, intervalMs: 5_000, concurrency: 4, timeoutMs: DEFAULT_QUERY_TIMEOUT_MS },
    });

  it('never takes the new data from another port: the server’s own old data that follows is taken', async () => {
    const server = await racedServer(await udpSocket(), NEW, OLD);
    const result = await waitOnce(server.port);
    expect(result).toMatchObject({ done: false, rounds: 1 });
    expect(result.zones[0]?.lagging).toEqual([
      { server: `127.0.0.1:${server.port}`, set: 'www.example.com A', why: `serves ${OLD}` },
    ]);
    expect(server.queries()).toBe(1);
  });

  it("takes the server's own new data when old data from another port raced it", async () => {
    const server = await racedServer(await udpSocket(), OLD, NEW);
    expect(await waitOnce(server.port)).toMatchObject({ done: true, rounds: 1 });
    expect(server.queries()).toBe(1);
  });
});
