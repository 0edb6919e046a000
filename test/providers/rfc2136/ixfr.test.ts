/**
 * Incremental zone transfers (IXFR, RFC 1995): the three answers a server gives (§4: the SOA alone, the whole zone,
 * the changes) applied to the zone as last read (ixfr.ts), what does not fit it refused, and the client asking only
 * what changed once it holds the zone, reading the zone whole where the server cannot answer incrementally. Against
 * a scripted server (hostile-server.ts); the real servers' journals: transfer-real.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { WireRecord } from '../../../src/dns-wire/rdata.js';
import type { TsigKey } from '../../../src/dns-wire/tsig.js';
import { Rfc2136Client, Rfc2136Error } from '../../../src/providers/rfc2136/index.js';
import { IxfrMismatchError, IxfrReader } from '../../../src/providers/rfc2136/ixfr.js';
import { answerTo, type Exchange, type HostileServer, soaOf, startHostileServer } from './hostile-server.js';

const ZONE = 'ixfr.test';
const KEY: TsigKey = { algorithm: 'hmac-sha256', name: 'edgeplan-test', secret: randomBytes(32) };
const a = (host: string, value: string, ttl = 300): WireRecord => ({
  name: `${host}.${ZONE}`,
  type: 'A',
  ttl,
  value,
});
const NS: WireRecord = { name: ZONE, type: 'NS', ttl: 300, value: 'ns1.example.net.' };
const BASE = [soaOf(ZONE, 1), NS, a('www', '192.0.2.1'), a('old', '192.0.2.2')];

/** The reader's result for answers of these records, one answer each list. */
function read(base: readonly WireRecord[], ...answers: WireRecord[][]) {
  const reader = new IxfrReader(base);
  for (const answer of answers) if (!reader.accept(answer)) break;
  return reader.result();
}

const lines = (records: readonly WireRecord[]) =>
  records.map((r) => `${r.name} ${r.type} ${r.value} ttl ${r.ttl}`);

describe('an IXFR answer applied to the zone as last read (RFC 1995 §4)', () => {
  it('the SOA alone, at the serial asked from: the zone has not changed', () => {
    expect(read(BASE, [soaOf(ZONE, 1)])).toEqual({ kind: 'current', records: BASE });
  });

  it('the whole zone (no journal back that far): taken as a zone transfer', () => {
    const zone = [soaOf(ZONE, 5), NS, a('www', '192.0.2.9')];
    expect(read(BASE, zone, [soaOf(ZONE, 5)])).toEqual({ kind: 'full', records: zone });
  });

  it('changes, in any number of answers and steps: applied in order, TTLs as the additions carry them', () => {
    const result = read(
      BASE,
      [soaOf(ZONE, 3), soaOf(ZONE, 1), a('old', '192.0.2.2'), soaOf(ZONE, 2)],
      [
        a('new', '192.0.2.3'),
        soaOf(ZONE, 2),
        a('www', '192.0.2.1'),
        soaOf(ZONE, 3),
        a('www', '192.0.2.1', 60),
      ],
      [soaOf(ZONE, 3)],
    );
    expect(result.kind).toBe('changes');
    expect(lines(result.records)).toEqual(
      lines([soaOf(ZONE, 3), NS, a('new', '192.0.2.3'), a('www', '192.0.2.1', 60)]),
    );
  });

  it('says more answers are to come until the closing SOA', () => {
    const reader = new IxfrReader(BASE);
    expect(reader.accept([soaOf(ZONE, 2)])).toBe(true);
    expect(reader.accept([soaOf(ZONE, 1), soaOf(ZONE, 2)])).toBe(true);
    expect(reader.accept([a('n', '192.0.2.5')])).toBe(true);
    expect(reader.accept([soaOf(ZONE, 2)])).toBe(false);
    expect(reader.count).toBe(5);
  });

  it.each([
    [
      'a change from another serial',
      [[soaOf(ZONE, 3), soaOf(ZONE, 2), soaOf(ZONE, 3), soaOf(ZONE, 3)]],
      'a change from serial 2, not 1',
    ],
    [
      'a deletion of a record the zone does not hold',
      [[soaOf(ZONE, 2), soaOf(ZONE, 1), a('x', '192.0.2.7')]],
      `a deletion of x.${ZONE} A 192.0.2.7`,
    ],
    [
      'an addition of a record the zone holds',
      [[soaOf(ZONE, 2), soaOf(ZONE, 1), soaOf(ZONE, 2), a('www', '192.0.2.1')]],
      `an addition of www.${ZONE} A 192.0.2.1`,
    ],
    ['no SOA first', [[a('www', '192.0.2.1')]], 'does not start with the SOA'],
    [
      'an answer that stops before its closing SOA',
      [[soaOf(ZONE, 2), soaOf(ZONE, 1)]],
      'the transfer did not end',
    ],
    ['the SOA alone at another serial', [[soaOf(ZONE, 4)]], 'the transfer did not end'],
  ])('refuses %s', (_what, answers, message) => {
    expect(() => read(BASE, ...answers)).toThrow(IxfrMismatchError);
    expect(() => read(BASE, ...answers)).toThrow(message);
  });

  it('refuses changes that end at another serial than the one announced first', () => {
    const reader = new IxfrReader(BASE);
    // The SOA of serial 3 comes while the changes are at serial 2: not the end, but no change from serial 2 either.
    expect(() =>
      reader.accept([soaOf(ZONE, 3), soaOf(ZONE, 1), soaOf(ZONE, 2), a('n', '192.0.2.5'), soaOf(ZONE, 3)]),
    ).toThrow('a change from serial 3, not 2');
  });
});

describe('the client reads a zone it holds by IXFR', () => {
  let server: HostileServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A server: AXFR answers BASE; IXFR as `ixfr` says. Every query's type and authority SOA kept. */
  async function serve(ixfr: (exchange: Exchange) => void) {
    const asked: string[] = [];
    server = await startHostileServer(KEY, (exchange) => {
      const { query, signer, send } = exchange;
      const authority = query.authorities[0];
      asked.push(`${query.question?.type}${authority ? ` ${authority.value.split(' ')[2]}` : ''}`);
      if (query.question?.type === 'AXFR') send(signer.signed(answerTo(query, [...BASE, soaOf(ZONE, 1)])));
      else ixfr(exchange);
    });
    const client = new Rfc2136Client({ server: { host: '127.0.0.1', port: server.port }, key: KEY });
    return { client, asked };
  }

  it('first whole, then from the serial held (the SOA in the authority section, §3): one request each', async () => {
    const { client, asked } = await serve(({ query, signer, send }) =>
      send(
        signer.signed(
          answerTo(query, [
            soaOf(ZONE, 2),
            soaOf(ZONE, 1),
            a('old', '192.0.2.2'),
            soaOf(ZONE, 2),
            soaOf(ZONE, 2),
          ]),
        ),
      ),
    );
    expect(await client.transfer(ZONE)).toEqual(BASE);
    expect(lines((await client.transfer(ZONE)) ?? [])).toEqual(
      lines([soaOf(ZONE, 2), NS, a('www', '192.0.2.1')]),
    );
    expect(lines(client.lastRead(ZONE) ?? [])).toEqual(lines([soaOf(ZONE, 2), NS, a('www', '192.0.2.1')]));
    expect(asked).toEqual(['AXFR', 'IXFR 1']);
    expect(client.requests).toBe(2);
  });

  it.each([
    ['refused (REFUSED)', 5],
    ['not implemented (NOTIMP)', 4],
  ])('IXFR %s: the zone is read whole', async (_what, rcode) => {
    const { client, asked } = await serve(({ query, signer, send }) =>
      send(signer.signed(answerTo(query, [], rcode))),
    );
    await client.transfer(ZONE);
    expect(await client.transfer(ZONE)).toEqual(BASE);
    expect(asked).toEqual(['AXFR', 'IXFR 1', 'AXFR']);
  });

  it('changes that do not fit the zone held: the zone is read whole, never patched wrong', async () => {
    const { client, asked } = await serve(({ query, signer, send }) =>
      send(
        signer.signed(
          answerTo(query, [
            soaOf(ZONE, 2),
            soaOf(ZONE, 1),
            a('ghost', '192.0.2.66'),
            soaOf(ZONE, 2),
            soaOf(ZONE, 2),
          ]),
        ),
      ),
    );
    await client.transfer(ZONE);
    expect(await client.transfer(ZONE)).toEqual(BASE);
    expect(asked).toEqual(['AXFR', 'IXFR 1', 'AXFR']);
  });

  it('an IXFR answer is signed as a zone transfer must be (RFC 8945 §5.3.1): an unsigned one is refused', async () => {
    const { client } = await serve(({ query, signer, send }) =>
      send(signer.unsigned(answerTo(query, [soaOf(ZONE, 1)]))),
    );
    await client.transfer(ZONE);
    await expect(client.transfer(ZONE)).rejects.toBeInstanceOf(Rfc2136Error);
    await expect(client.transfer(ZONE)).rejects.toThrow(/IXFR ixfr\.test .*TSIG/);
  });
});
