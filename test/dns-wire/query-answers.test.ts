/**
 * Which answers a query takes (src/dns-wire/query-exchange.ts), against UDP servers played by sockets on 127.0.0.1:
 * silence, garbage, answers to another id or question, and answers raced from another port by an attacker off the
 * path. Only the address and port asked, with the query's id and whole question, may answer (RFC 5452 §9.1).
 *
 * The query's deadline is on vitest's fake clock: only `setTimeout` and `clearTimeout` are faked, the two the query
 * arms and clears it with (dgram, net and dns take no timer from them here). No answer races a real timer, and an
 * attempt times out only when a test moves the clock, once what it waits for has reached the socket. Where datagrams
 * race, their order is made: one is sent once the send of the one before it is done.
 */
import { createSocket, type Socket as DgramSocket, type RemoteInfo } from 'node:dgram';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { EventEmitter, getEventListeners, once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DnsQueryError,
  decodeMessage,
  encodeMessage,
  queryServer,
  RCODES,
  type WireMessage,
} from '../../src/dns-wire/index.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const options = { timeoutMs: 2_000 };

/**
 * A UDP server on `address` (127.0.0.1; `::` takes IPv4 and IPv6) and `port` (0: a free one) that does what `reply`
 * says with each query.
 */
async function fakeServer(
  reply: (query: Buffer, send: (octets: Buffer) => void, remote: RemoteInfo) => void,
  address = '127.0.0.1',
  port = 0,
) {
  const socket = createSocket(address.includes(':') ? 'udp6' : 'udp4');
  socket.on('message', (octets, remote) =>
    reply(octets, (out) => socket.send(out, remote.port, remote.address), remote),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, address, () => resolve());
  });
  return {
    port: socket.address().port,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

interface Created {
  'udp.socket': DgramSocket;
  'net.client.socket': Socket;
}

/**
 * Runs `run`, showing `seen` each socket of a kind (diagnostics channel `channel`) created meanwhile: the query's
 * own, as it is created, before the query listens on it; a test watches what reaches it.
 */
async function watching<K extends keyof Created, T>(
  channel: K,
  seen: (socket: Created[K]) => void,
  run: () => Promise<T>,
): Promise<T> {
  const created = (message: unknown) => seen((message as { socket: Created[K] }).socket);
  subscribe(channel, created);
  try {
    return await run();
  } finally {
    unsubscribe(channel, created);
  }
}

/** A server that answers www.example.com A with 192.0.2.1, as asked. */
const honest = (octets: Buffer, send: (octets: Buffer) => void) => {
  const query = decodeMessage(octets);
  const record = { name: 'www.example.com', type: 'A', ttl: 5, value: '192.0.2.1' };
  send(
    encodeMessage({
      ...query,
      response: true,
      authoritative: true,
      rcode: RCODES.NOERROR,
      answers: [record],
    }),
  );
};

describe('a server that answers from where it was asked', () => {
  it('gets its answer, and the query closes its socket', async () => {
    const server = await fakeServer(honest);
    try {
      const closed: Promise<unknown>[] = [];
      const reply = await watching(
        'udp.socket',
        (socket) => closed.push(once(socket, 'close')),
        () =>
          queryServer(
            { host: '127.0.0.1', port: server.port },
            { name: 'www.example.com', type: 'A' },
            options,
          ),
      );
      expect(reply.transport).toBe('udp');
      expect(reply.message.answers.map((r) => r.value)).toEqual(['192.0.2.1']);
      expect(closed).toHaveLength(1);
      await Promise.all(closed);
    } finally {
      await server.close();
    }
  });

  it('over IPv6, however its address is written', async () => {
    const server = await fakeServer(honest, '::1');
    try {
      for (const host of ['::1', '0:0:0:0:0:0:0:1']) {
        const reply = await queryServer(
          { host, port: server.port },
          { name: 'www.example.com', type: 'A' },
          options,
        );
        expect(reply.message.answers.map((r) => r.value)).toEqual(['192.0.2.1']);
      }
    } finally {
      await server.close();
    }
  });

  it('by name: asked at the address its name resolves to', async () => {
    const server = await fakeServer(honest, '::');
    try {
      const reply = await queryServer(
        { host: 'localhost', port: server.port },
        { name: 'www.example.com', type: 'A' },
        options,
      );
      expect(reply.message.answers.map((r) => r.value)).toEqual(['192.0.2.1']);
    } finally {
      await server.close();
    }
  });
});

describe('a truncated answer (RFC 7766 §5)', () => {
  /**
   * A UDP server that answers truncated, and a TCP server on the same port that answers as `tcp` says with the
   * query's octets: over TCP, the connection is to the server asked, so only the id and question are checked.
   * `udpQuery` is shown each query that comes by UDP.
   */
  async function truncating(
    tcp: ((query: WireMessage, socket: Socket) => void) | null,
    udpQuery: (query: WireMessage) => void = () => {},
  ) {
    const truncated = (octets: Buffer, send: (octets: Buffer) => void) => {
      const query = decodeMessage(octets);
      udpQuery(query);
      send(encodeMessage({ ...query, response: true, authoritative: true, truncated: true, rcode: 0 }));
    };
    const sockets = new Set<Socket>();
    // A free TCP port whose UDP twin is free too (another process may hold either): tried until one is.
    for (;;) {
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.once('data', (chunk) => tcp?.(decodeMessage(chunk.subarray(2)), socket));
        socket.on('error', () => {});
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      const address = server.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      const stopTcp = () => {
        for (const socket of sockets) socket.destroy();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      };
      const udp = await fakeServer(truncated, '127.0.0.1', port).catch(() => undefined);
      if (udp === undefined) {
        await stopTcp();
        continue;
      }
      // No TCP at all: the port is closed for TCP again, right after it was free.
      if (tcp === null) await stopTcp();
      return {
        port,
        close: async () => {
          await udp.close();
          if (tcp !== null) await stopTcp();
        },
      };
    }
  }

  const framed = (message: WireMessage) => {
    const octets = encodeMessage(message);
    return Buffer.concat([Buffer.from([octets.length >> 8, octets.length & 0xff]), octets]);
  };
  const record = { name: 'www.example.com', type: 'A', ttl: 5, value: '192.0.2.1' };
  const ask = (port: number) =>
    queryServer({ host: '127.0.0.1', port }, { name: 'www.example.com', type: 'A' }, { timeoutMs: 500 });

  it('sends the same query both ways: a question alone, no recursion, EDNS(0) offering 1232 octets', async () => {
    const asked: { udp?: WireMessage; tcp?: WireMessage } = {};
    const server = await truncating(
      (query, socket) => {
        asked.tcp = query;
        socket.write(framed({ ...query, response: true, authoritative: true, rcode: 0, answers: [record] }));
      },
      (query) => {
        asked.udp = query;
      },
    );
    try {
      expect((await ask(server.port)).transport).toBe('tcp');
    } finally {
      await server.close();
    }
    // An authoritative server is asked (RFC 1035 §4.1.1): a query (QR 0, opcode QUERY), nothing but the question.
    const sent = {
      response: false,
      opcode: 0,
      authoritative: false,
      truncated: false,
      recursionDesired: false,
      rcode: 0,
      question: { name: 'www.example.com', type: 'A' },
      answers: [],
      authorities: [],
      additionals: [],
      udpSize: 1232,
    };
    expect(asked.udp).toEqual({ ...sent, id: expect.any(Number) });
    expect(asked.tcp).toEqual({ ...sent, id: expect.any(Number) });
  });

  it('asks again over TCP, takes the whole answer however it is split, then closes the connection', async () => {
    let closed: Promise<void> = Promise.resolve();
    const pieces: Buffer[] = [];
    let served: Socket | undefined;
    const server = await truncating((query, socket) => {
      closed = new Promise((resolve) => socket.on('end', () => resolve()));
      const octets = framed({ ...query, response: true, authoritative: true, rcode: 0, answers: [record] });
      served = socket;
      pieces.push(octets.subarray(1, 5), octets.subarray(5));
      socket.write(octets.subarray(0, 1));
    });
    try {
      // Each piece is written once the query's connection has read the one before: three reads, by construction.
      let reads = 0;
      const reply = await watching(
        'net.client.socket',
        (socket) =>
          socket.on('data', () => {
            reads += 1;
            const next = pieces.shift();
            if (next) served?.write(next);
          }),
        () => ask(server.port),
      );
      expect(reply.transport).toBe('tcp');
      expect(reply.message.answers.map((r) => r.value)).toEqual(['192.0.2.1']);
      expect(reads).toBe(3);
      await closed;
    } finally {
      await server.close();
    }
  });

  it('a server that takes no TCP, or sends an empty message: a failure saying so', async () => {
    const udpOnly = await truncating(null);
    try {
      await expect(ask(udpOnly.port)).rejects.toMatchObject({
        reason: 'network',
        message: expect.stringContaining('ECONNREFUSED'),
      });
    } finally {
      await udpOnly.close();
    }
    const empty = await truncating((_query, socket) => socket.write(Buffer.from([0, 0])));
    try {
      await expect(ask(empty.port)).rejects.toMatchObject({ reason: 'malformed' });
    } finally {
      await empty.close();
    }
  });

  it('refuses a TCP answer to another question, and a connection closed before the answer', async () => {
    const other = await truncating((query, socket) => {
      socket.write(
        framed({ ...query, id: (query.id + 1) % 0x10000, response: true, rcode: 0, answers: [record] }),
      );
    });
    try {
      await expect(ask(other.port)).rejects.toMatchObject({
        reason: 'malformed',
        message: `www.example.com A from 127.0.0.1:${other.port}: the TCP answer does not match the question`,
      });
    } finally {
      await other.close();
    }
    const closing = await truncating((_query, socket) => socket.end());
    try {
      await expect(ask(closing.port)).rejects.toMatchObject({
        reason: 'network',
        message: `www.example.com A from 127.0.0.1:${closing.port}: the server closed the connection`,
      });
    } finally {
      await closing.close();
    }
    const garbage = await truncating((_query, socket) => socket.write(Buffer.from([0, 3, 1, 2, 3])));
    try {
      await expect(ask(garbage.port)).rejects.toMatchObject({
        reason: 'malformed',
        message: expect.stringMatching(
          new RegExp(`^www.example.com A from 127.0.0.1:${garbage.port}: malformed answer: .+`),
        ),
      });
    } finally {
      await garbage.close();
    }
  });
});

describe('a server that does not answer properly', () => {
  it('times out, after as many datagrams as it may send, naming the server and the question', async () => {
    const queries = new EventEmitter();
    const silent = await fakeServer(() => queries.emit('query'));
    try {
      const query = queryServer(
        { host: '127.0.0.1', port: silent.port },
        { name: 'www.example.com', type: 'A' },
        { timeoutMs: 50, udpAttempts: 3 },
      );
      const settled = query.then(
        () => 'answered',
        () => 'failed',
      );
      const next = () => Promise.race([once(queries, 'query').then(() => 'asked'), settled]);
      // Each attempt: its datagram reaches the server, then its 50 ms pass; after the third, no fourth is sent.
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect(await next()).toBe('asked');
        vi.advanceTimersByTime(49);
        expect(vi.getTimerCount()).toBe(1);
        vi.advanceTimersByTime(1);
      }
      expect(await next()).toBe('failed');
      await expect(query).rejects.toThrow(
        `www.example.com A from 127.0.0.1:${silent.port}: no answer within 50 ms`,
      );
      await expect(query).rejects.toBeInstanceOf(DnsQueryError);
    } finally {
      await silent.close();
    }
  });

  it('ignores an answer with another id or question, and garbage, and takes the one that matches', async () => {
    const liar = await fakeServer((octets, send) => {
      const query = decodeMessage(octets);
      const answer = { ...query, response: true, authoritative: true, rcode: RCODES.NOERROR };
      const record = { name: 'www.example.com', type: 'A', ttl: 5, value: '192.0.2.66' };
      send(Buffer.from([1, 2, 3]));
      send(encodeMessage({ ...answer, id: (query.id + 1) % 0x10000, answers: [record] }));
      send(
        encodeMessage({ ...answer, question: { name: 'other.example.com', type: 'A' }, answers: [record] }),
      );
      send(encodeMessage({ ...answer, answers: [{ ...record, value: '192.0.2.1' }] }));
    });
    try {
      const reply = await queryServer(
        { host: '127.0.0.1', port: liar.port },
        { name: 'www.example.com', type: 'A' },
        options,
      );
      expect(reply.message.answers.map((r) => r.value)).toEqual(['192.0.2.1']);
    } finally {
      await liar.close();
    }
  });

  it('ignores an answer of another type or class (RFC 5452 §9.1: the whole question must match)', async () => {
    const liar = await fakeServer((octets, send) => {
      const query = decodeMessage(octets);
      const answer = { ...query, response: true, authoritative: true, rcode: RCODES.NOERROR };
      const record = { name: 'www.example.com', type: 'A', ttl: 5, value: '192.0.2.66' };
      send(
        encodeMessage({ ...answer, question: { name: 'www.example.com', type: 'AAAA' }, answers: [record] }),
      );
      send(
        encodeMessage({
          ...answer,
          question: { name: 'www.example.com', type: 'A', class: 'CH' },
          answers: [record],
        }),
      );
      send(encodeMessage({ ...answer, answers: [{ ...record, value: '192.0.2.1' }] }));
    });
    try {
      const reply = await queryServer(
        { host: '127.0.0.1', port: liar.port },
        { name: 'www.example.com', type: 'A' },
        options,
      );
      expect(reply.message.answers.map((r) => r.value)).toEqual(['192.0.2.1']);
    } finally {
      await liar.close();
    }
  });

  /**
   * A server that has each query answered from another socket first (another port, as an attacker off the path
   * would, guessing the id and the client's port), and once that datagram is sent, sends from its own port: its
   * answer when `honest`, else octets that are no answer, which show that everything sent before has arrived.
   */
  async function spoofed(honest: boolean) {
    const spoofer = createSocket('udp4');
    await new Promise<void>((resolve) => spoofer.bind(0, '127.0.0.1', () => resolve()));
    const server = await fakeServer((octets, send, remote) => {
      const query = decodeMessage(octets);
      const answer = { ...query, response: true, authoritative: true, rcode: RCODES.NOERROR };
      const record = { name: 'www.example.com', type: 'A', ttl: 5, value: '192.0.2.66' };
      spoofer.send(encodeMessage({ ...answer, answers: [record] }), remote.port, remote.address, () =>
        send(
          honest
            ? encodeMessage({ ...answer, answers: [{ ...record, value: '192.0.2.1' }] })
            : Buffer.from([1, 2, 3]),
        ),
      );
    });
    return {
      port: server.port,
      close: async () => {
        await server.close();
        await new Promise<void>((resolve) => spoofer.close(() => resolve()));
      },
    };
  }

  it('ignores an answer from another port, id and question right, and takes the one from the server asked', async () => {
    const server = await spoofed(true);
    try {
      const reply = await queryServer(
        { host: '127.0.0.1', port: server.port },
        { name: 'www.example.com', type: 'A' },
        options,
      );
      expect(reply.message.answers.map((r) => r.value)).toEqual(['192.0.2.1']);
    } finally {
      await server.close();
    }
  });

  it('times out when only another port answers: a spoofed answer is never taken', async () => {
    const server = await spoofed(false);
    try {
      // The attempt's time is up once the server's own datagram, sent after the spoof, has reached the query.
      const query = watching(
        'udp.socket',
        (socket) =>
          socket.on('message', (_octets, from) => {
            if (from.port === server.port) vi.advanceTimersByTime(200);
          }),
        () =>
          queryServer(
            { host: '127.0.0.1', port: server.port },
            { name: 'www.example.com', type: 'A' },
            { timeoutMs: 200, udpAttempts: 1 },
          ),
      );
      await expect(query).rejects.toThrow('no answer within 200 ms');
    } finally {
      await server.close();
    }
  });

  it('fails at once, without waiting, where nobody listens (an ICMP port unreachable)', async () => {
    const gone = await fakeServer(() => {});
    await gone.close();
    await expect(
      queryServer({ host: '127.0.0.1', port: gone.port }, { name: 'www.example.com', type: 'A' }, options),
    ).rejects.toMatchObject({ reason: 'network', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('fails at once for a port no socket can use', async () => {
    await expect(
      queryServer({ host: '127.0.0.1', port: 70_000 }, { name: 'www.example.com', type: 'A' }, options),
    ).rejects.toMatchObject({ reason: 'network', message: expect.stringContaining('70000') });
  });

  it('ignores an answer without a question, though its id is right', async () => {
    const server = await fakeServer((octets, send) => {
      const query = decodeMessage(octets);
      const answer = { ...query, response: true, authoritative: true, rcode: RCODES.NOERROR };
      const record = { name: 'www.example.com', type: 'A', ttl: 5, value: '192.0.2.66' };
      const { question: _, ...bare } = answer;
      send(encodeMessage({ ...bare, answers: [record] }));
      send(encodeMessage({ ...answer, answers: [{ ...record, value: '192.0.2.1' }] }));
    });
    try {
      const reply = await queryServer(
        { host: '127.0.0.1', port: server.port },
        { name: 'www.example.com', type: 'A' },
        options,
      );
      expect(reply.message.answers.map((r) => r.value)).toEqual(['192.0.2.1']);
    } finally {
      await server.close();
    }
  });

  it('stops when its signal fires while it waits, and leaves no listener on it', async () => {
    const stop = new AbortController();
    const silent = await fakeServer(() => stop.abort('SIGTERM'));
    try {
      const query = queryServer(
        { host: '127.0.0.1', port: silent.port },
        { name: 'a.example.com', type: 'A' },
        { timeoutMs: 60_000, signal: stop.signal },
      );
      await expect(query).rejects.toBe('SIGTERM');
    } finally {
      await silent.close();
    }
    const server = await fakeServer(honest);
    try {
      const signal = new AbortController().signal;
      await queryServer(
        { host: '127.0.0.1', port: server.port },
        { name: 'www.example.com', type: 'A' },
        {
          ...options,
          signal,
        },
      );
      expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('stops when its signal is aborted', async () => {
    const silent = await fakeServer(() => {});
    try {
      const stop = new AbortController();
      const query = queryServer(
        { host: '127.0.0.1', port: silent.port },
        { name: 'a.example.com', type: 'A' },
        { timeoutMs: 60_000, signal: stop.signal },
      );
      stop.abort(new Error('the command ended'));
      await expect(query).rejects.toThrow('the command ended');
    } finally {
      await silent.close();
    }
  });
});
