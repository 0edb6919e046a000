/**
 * A zone transfer from a server that is not honest, or not well (test/providers/rfc2136/hostile-server.ts, a TCP
 * server in the test): signed means every message (RFC 8945 §5.3.1: the first and the last answer signed, at most
 * 99 unsigned in a row, each unsigned run covered by the next signature), and every read is bounded: a deadline for
 * a server that trickles, a cap on octets and on records for one that never ends, a signal that stops it.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TsigError, type TsigKey } from '../../../src/dns-wire/tsig.js';
import {
  createRfc2136Provider,
  DEFAULT_TRANSFER_LIMITS,
  Rfc2136Client,
  Rfc2136Error,
  Rfc2136LimitError,
  type TransferLimits,
} from '../../../src/providers/rfc2136/index.js';
import {
  addresses,
  answerTo,
  type Exchange,
  type HostileServer,
  soaOf,
  startHostileServer,
} from './hostile-server.js';

const ZONE = 'hostile.test';
const KEY: TsigKey = { algorithm: 'hmac-sha256', name: 'edgeplan-test', secret: randomBytes(32) };
const EVIL = { name: `evil.${ZONE}`, type: 'A', ttl: 300, value: '6.6.6.6' };
const WWW = { name: `www.${ZONE}`, type: 'A', ttl: 300, value: '192.0.2.1' };

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: (exchange: Exchange) => void): Promise<HostileServer> {
  server = await startHostileServer(KEY, script);
  return server;
}

function client(
  port: number,
  extra: { transfer?: Partial<TransferLimits>; signal?: AbortSignal; timeoutMs?: number } = {},
) {
  return new Rfc2136Client({
    server: { host: '127.0.0.1', port },
    key: KEY,
    transfer: { ...DEFAULT_TRANSFER_LIMITS, ...extra.transfer },
    ...(extra.signal ? { signal: extra.signal } : {}),
    ...(extra.timeoutMs ? { timeoutMs: extra.timeoutMs } : {}),
  });
}

describe('signed means every message (RFC 8945 §5.3.1)', () => {
  it('refuses a transfer signed at first whose later answers, the injected record and the closing SOA, are not', async () => {
    const { port } = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo(query, [soaOf(ZONE), WWW])));
      send(signer.unsigned(answerTo(query, [EVIL])));
      send(signer.unsigned(answerTo(query, [soaOf(ZONE)])));
    });
    const dns = createRfc2136Provider({ name: 'dns', server: { host: '127.0.0.1', port }, key: KEY });
    const read = dns.readZones([ZONE]);
    await expect(read).rejects.toBeInstanceOf(Rfc2136Error);
    await expect(read).rejects.toMatchObject({
      what: `AXFR ${ZONE}`,
      server: `127.0.0.1:${port}`,
      cause: expect.any(TsigError),
    });
    await expect(read).rejects.toThrow('TSIG: the last 2 answers are not signed: no signature covers them');
    // Asked again, as a read failed on the way is (an answer cut or not signed), and refused each time.
    expect(server?.requests()).toBe(4);
  });

  it('refuses a closing SOA whose message is unsigned, even when every record before it was signed', async () => {
    const { port } = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo(query, [soaOf(ZONE), WWW])));
      send(signer.unsigned(answerTo(query, [soaOf(ZONE)])));
    });
    await expect(client(port).transfer(ZONE)).rejects.toThrow('the last answer is not signed');
  });

  it('takes a transfer whose unsigned runs the next signature covers, the last answer signed', async () => {
    const { port } = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo(query, [soaOf(ZONE), ...addresses(ZONE, 3)])));
      for (let i = 0; i < 3; i += 1) send(signer.unsigned(answerTo(query, addresses(ZONE, 2, 10 + 2 * i))));
      send(signer.signed(answerTo(query, [WWW])));
      send(signer.unsigned(answerTo(query, addresses(ZONE, 1, 20))));
      send(signer.signed(answerTo(query, [soaOf(ZONE)])));
    });
    const records = await client(port).transfer(ZONE);
    expect(records?.map((r) => r.name)).toEqual([
      ZONE,
      ...['host0', 'host1', 'host2', 'host10', 'host11', 'host12', 'host13', 'host14', 'host15'].map(
        (host) => `${host}.${ZONE}`,
      ),
      `www.${ZONE}`,
      `host20.${ZONE}`,
    ]);
  });

  it('takes 99 unsigned answers in a row, and refuses the 100th', async () => {
    const run = (unsigned: number) =>
      serve(({ query, signer, send }) => {
        send(signer.signed(answerTo(query, [soaOf(ZONE)])));
        for (let i = 0; i < unsigned; i += 1) send(signer.unsigned(answerTo(query, addresses(ZONE, 1, i))));
        send(signer.signed(answerTo(query, [soaOf(ZONE)])));
      });
    const ok = await run(99);
    expect(await client(ok.port).transfer(ZONE)).toHaveLength(100);
    await ok.close();
    const over = await run(100);
    await expect(client(over.port).transfer(ZONE)).rejects.toThrow(
      'answers 2 to 101 are not signed: RFC 8945 allows 99 in a row',
    );
  });

  it('refuses an unsigned first answer to a transfer, to a SOA query and to an UPDATE', async () => {
    const { port } = await serve(({ query, send }) => {
      send(answerTo(query, query.question?.type === 'SOA' ? [soaOf(ZONE)] : []));
    });
    await expect(client(port).transfer(ZONE)).rejects.toThrow('TSIG: the answer is not signed');
    await expect(client(port).soa(ZONE)).rejects.toThrow('TSIG: the answer is not signed');
    await expect(client(port).update('UPDATE hostile.test', ZONE, [], [])).rejects.toThrow(
      'UPDATE hostile.test at 127.0.0.1',
    );
    await expect(client(port).update('UPDATE hostile.test', ZONE, [], [])).rejects.toThrow(
      'TSIG: the answer is not signed',
    );
  });

  it('refuses a later answer whose TSIG record names another key or algorithm (the timers-only MAC does not cover them)', async () => {
    for (const named of [
      { ...KEY, name: 'someone-else' },
      { ...KEY, algorithm: 'hmac-sha512' as const },
    ]) {
      const { port } = await serve(({ query, signer, send }) => {
        send(signer.signed(answerTo(query, [soaOf(ZONE)])));
        send(signer.signed(answerTo(query, [soaOf(ZONE)]), named));
      });
      await expect(client(port).transfer(ZONE)).rejects.toThrow(
        `answer 2 is signed with the key ${named.name} (${named.algorithm}), not edgeplan-test`,
      );
      await server?.close();
    }
  });
});

describe('a transfer is bounded', () => {
  /** A whole, properly signed transfer sent one octet at a time, `everyMs` apart, until the client leaves. */
  function drip(everyMs: number) {
    return serve(({ query, signer, socket }) => {
      const octets = frameAll([signer.signed(answerTo(query, [soaOf(ZONE), WWW, soaOf(ZONE)]))]);
      let at = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || at >= octets.length) return clearInterval(timer);
        socket.write(octets.subarray(at, at + 1));
        at += 1;
      }, everyMs);
      socket.on('close', () => clearInterval(timer));
    });
  }

  it('a server that sends a byte every 2 s (never silent for the 10 s idle timeout) ends at the deadline', async () => {
    const { port } = await drip(2_000);
    const read = client(port, { transfer: { deadlineMs: 300 } }).transfer(ZONE);
    await expect(read).rejects.toBeInstanceOf(Rfc2136LimitError);
    await expect(read).rejects.toMatchObject({ limit: 'deadline', what: `AXFR ${ZONE}` });
    await expect(read).rejects.toThrow(
      `AXFR ${ZONE} at 127.0.0.1:${port}: the answer did not end within 300 ms (transfer_timeout); nothing of it was kept`,
    );
    // A bound reached is not asked again: it would be reached again.
    expect(server?.requests()).toBe(1);
  });

  /** Signed answers of 100 records each, without end: never the closing SOA. */
  function endless() {
    return serve(({ query, signer, socket }) => {
      let n = 0;
      // One answer a turn of the event loop, which the client in this process shares: written in one loop, they
      // fill the socket's buffers (megabytes) before the client reads any.
      const more = () => {
        if (socket.destroyed) return;
        const records = n === 0 ? [soaOf(ZONE), ...addresses(ZONE, 99)] : addresses(ZONE, 100, n * 100);
        n += 1;
        if (socket.write(frameAll([signer.signed(answerTo(query, records))]))) setImmediate(more);
        else socket.once('drain', more);
      };
      more();
    });
  }

  it('a server that streams signed answers without end reaches the record cap', async () => {
    const { port } = await endless();
    const read = client(port, { transfer: { maxRecords: 1_000 } }).transfer(ZONE);
    await expect(read).rejects.toMatchObject({ limit: 'records' });
    await expect(read).rejects.toThrow('the transfer has more than 1000 records (transfer_max_records)');
    expect(server?.requests()).toBe(1);
  });

  it('… and the octet cap, whichever comes first', async () => {
    const { port } = await endless();
    const read = client(port, { transfer: { maxBytes: 50_000 } }).transfer(ZONE);
    await expect(read).rejects.toMatchObject({ limit: 'bytes' });
    await expect(read).rejects.toThrow(
      'the answer is larger than 50000 octets (transfer_max_bytes); nothing of it was kept',
    );
    expect(server?.requests()).toBe(1);
  });

  it('a SOA answer that trickles ends at the timeout, though the server is never silent for that long', async () => {
    const { port } = await serve(({ query, signer, socket }) => {
      const octets = frameAll([signer.signed(answerTo(query, [soaOf(ZONE)]))]);
      let at = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || at >= octets.length) return clearInterval(timer);
        socket.write(octets.subarray(at, at + 1));
        at += 1;
      }, 100);
      socket.on('close', () => clearInterval(timer));
    });
    await expect(client(port, { timeoutMs: 500 }).soa(ZONE)).rejects.toMatchObject({ limit: 'deadline' });
  });

  it('stops when the run is stopped (SIGTERM), however long its deadline', async () => {
    const { port } = await drip(2_000);
    const stop = new AbortController();
    const read = client(port, { signal: stop.signal }).transfer(ZONE);
    setTimeout(() => stop.abort('SIGTERM'), 50);
    await read.catch(() => {});
    expect(server?.requests()).toBe(1);
    await expect(read).rejects.toThrow(
      `AXFR ${ZONE} at 127.0.0.1:${port}: stopped (SIGTERM): nothing read was kept`,
    );
    const already = client(port, { signal: stop.signal });
    await expect(already.soa(ZONE)).rejects.toThrow('stopped (SIGTERM)');
  });

  it('takes as many records as the cap, and refuses one more', async () => {
    const script = ({ query, signer, send }: Exchange) => {
      send(signer.signed(answerTo(query, [soaOf(ZONE), WWW, soaOf(ZONE)])));
    };
    const exact = await serve(script);
    expect(await client(exact.port, { transfer: { maxRecords: 2 } }).transfer(ZONE)).toHaveLength(2);
    await exact.close();
    const over = await serve(script);
    await expect(client(over.port, { transfer: { maxRecords: 1 } }).transfer(ZONE)).rejects.toMatchObject({
      limit: 'records',
    });
  });

  it('says why it stopped, whatever the reason given, and keeps it as the cause', async () => {
    for (const [reason, said] of [
      ['SIGINT', 'SIGINT'],
      [new Error('the command ended'), 'the command ended'],
      [{ why: 'unknown' }, 'aborted'],
    ] as const) {
      const stop = new AbortController();
      stop.abort(reason);
      const read = client(1, { signal: stop.signal }).transfer(ZONE);
      await expect(read).rejects.toMatchObject({
        message: `AXFR ${ZONE} at 127.0.0.1:1: stopped (${said}): nothing read was kept`,
        cause: reason,
      });
    }
  });

  it('a connection closed before the closing SOA: an error saying so, no bound named, nothing kept', async () => {
    const { port } = await serve(({ query, signer, send, socket }) => {
      send(signer.signed(answerTo(query, [soaOf(ZONE), WWW])));
      socket.end();
    });
    const read = client(port).transfer(ZONE);
    await expect(read).rejects.not.toBeInstanceOf(Rfc2136LimitError);
    await expect(read).rejects.toMatchObject({
      message: `AXFR ${ZONE} at 127.0.0.1:${port}: the server closed the connection before the answer ended`,
      cause: expect.objectContaining({ reason: 'network' }),
    });
  });

  it('a provider reads with the limits and signal its YAML and run give it', async () => {
    const { port } = await drip(2_000);
    const dns = createRfc2136Provider({
      name: 'dns',
      server: { host: '127.0.0.1', port },
      key: KEY,
      transfer: { ...DEFAULT_TRANSFER_LIMITS, deadlineMs: 200 },
    });
    await expect(dns.readZones([ZONE])).rejects.toMatchObject({ limit: 'deadline' });
  });
});

function frameAll(messages: Buffer[]): Buffer {
  return Buffer.concat(
    messages.map((message) => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(message.length);
      return Buffer.concat([length, message]);
    }),
  );
}

describe('what the signed answers say', () => {
  it('a transfer refused (REFUSED, NOTAUTH, signed): the server does not serve the zone to this key', async () => {
    for (const rcode of [5, 9]) {
      const { port } = await serve(({ query, signer, send }) => {
        send(signer.signed(answerTo(query, [], rcode)));
      });
      expect(await client(port).transfer(ZONE)).toBeNull();
      await server?.close();
    }
  });

  it('a transfer answered with another error, or not starting with the SOA: an error, never a smaller zone', async () => {
    const failing = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo(query, [], 2)));
    });
    await expect(client(failing.port).transfer(ZONE)).rejects.toThrow(
      `AXFR ${ZONE} at 127.0.0.1:${failing.port}: the server answered SERVFAIL`,
    );
    await failing.close();
    const headless = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo(query, [WWW, soaOf(ZONE), soaOf(ZONE)])));
    });
    await expect(client(headless.port).transfer(ZONE)).rejects.toThrow(
      'the transfer does not start with the SOA',
    );
  });

  it('keeps nothing after the closing SOA, and reads no further answer', async () => {
    let extra = false;
    const { port } = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo(query, [soaOf(ZONE), WWW, soaOf(ZONE), { ...WWW, value: '192.0.2.99' }])));
      extra = send(signer.signed(answerTo(query, [soaOf(ZONE)])));
    });
    const records = await client(port).transfer(ZONE);
    expect(records?.map((r) => `${r.type} ${r.value}`)).toEqual([`SOA ${soaOf(ZONE).value}`, 'A 192.0.2.1']);
    expect(extra).toBe(true);
  });

  it('a SOA answer: the SOA at the zone, whatever comes before it; each request counted', async () => {
    const { port } = await serve(({ query, signer, send }) => {
      const ns = { name: ZONE, type: 'NS', ttl: 300, value: 'ns1.example.net.' };
      send(signer.signed(answerTo(query, [ns, soaOf(ZONE, 7)])));
    });
    const reader = client(port);
    expect(await reader.soa(ZONE)).toEqual(soaOf(ZONE, 7));
    await reader.soa(ZONE);
    expect(reader.requests).toBe(2);
  });

  it('a SOA answer without the zone’s SOA: none; an UPDATE answer: its code', async () => {
    const { port } = await serve(({ query, signer, send }) => {
      const records = query.question?.type === 'SOA' ? [soaOf(`other.${ZONE}`)] : [];
      send(signer.signed(answerTo(query, records, query.opcode === 5 ? 8 : 0)));
    });
    expect(await client(port).soa(ZONE)).toBeNull();
    expect(await client(port).update(`UPDATE ${ZONE}`, ZONE, [], [])).toEqual({ rcode: 8 });
  });

  it('an unsigned NOTAUTH: the server did not take the key; an answer with another id: refused', async () => {
    const notauth = await serve(({ query, send }) => {
      send(answerTo(query, [], 9));
    });
    const refused = client(notauth.port).soa(ZONE);
    await expect(refused).rejects.toThrow('TSIG: the server did not accept the key edgeplan-test (NOTAUTH)');
    await expect(refused).rejects.toMatchObject({ cause: expect.any(TsigError) });
    expect(notauth.requests()).toBe(1);
    await notauth.close();
    const other = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo({ ...query, id: (query.id + 1) % 0x10000 }, [soaOf(ZONE)])));
    });
    await expect(client(other.port).soa(ZONE)).rejects.toThrow(
      `SOA ${ZONE} at 127.0.0.1:${other.port}: an answer to another request`,
    );
  });

  it('a signal that did not fire changes nothing: a failure is told as what it is, not as a stop', async () => {
    const { port } = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo(query, [soaOf(ZONE)])));
      send(signer.unsigned(answerTo(query, [soaOf(ZONE)])));
    });
    const read = client(port, { signal: new AbortController().signal }).transfer(ZONE);
    await expect(read).rejects.toThrow('TSIG: the last answer is not signed');
  });

  it('a SOA answer that does not come whole in time is told by its own timeout, no transfer setting named', async () => {
    const { port } = await serve(({ query, signer, socket }) => {
      const octets = frameAll([signer.signed(answerTo(query, [soaOf(ZONE)]))]);
      socket.write(octets.subarray(0, 5));
    });
    const read = client(port, { timeoutMs: 300 }).soa(ZONE);
    await expect(read).rejects.toMatchObject({
      limit: 'deadline',
      message: `SOA ${ZONE} at 127.0.0.1:${port}: the answer did not end within 300 ms; nothing of it was kept`,
    });
  });
});
