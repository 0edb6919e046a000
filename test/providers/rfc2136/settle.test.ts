/**
 * Settling an UPDATE whose answer was lost (settle.ts), against a fake server that answers the SOA query and the
 * zone transfer from a fixed zone: every row of the table, and a read that fails too. The same path against real
 * servers, with the answer cut by a proxy, is in faults.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { WireRecord } from '../../../src/dns-wire/rdata.js';
import { Rfc2136Error, Rfc2136OutcomeUnknownError } from '../../../src/providers/rfc2136/errors.js';
import type { Rfc2136Set } from '../../../src/providers/rfc2136/ops.js';
import {
  type LostUpdate,
  type SettleClient,
  settleLostUpdate,
} from '../../../src/providers/rfc2136/settle.js';

const ZONE = 'example.com';
const soa = (serial: number): WireRecord => ({
  name: ZONE,
  type: 'SOA',
  ttl: 300,
  value: `ns1.example.net. hostmaster.example.com. ${serial} 3600 600 86400 300`,
});
const a = (name: string, value: string, ttl = 300): WireRecord => ({ name, type: 'A', ttl, value });

/** A server holding `records` (its SOA first), or null: it does not serve the zone; `fail`: every read fails. */
function server(records: WireRecord[] | null, fail = false): SettleClient & { reads: string[] } {
  const reads: string[] = [];
  const refuse = (what: string) => {
    reads.push(what);
    if (fail) throw new Rfc2136Error(`${what} ${ZONE}`, '127.0.0.1:53', 'connection refused');
  };
  return {
    label: '127.0.0.1:53',
    reads,
    async soa() {
      refuse('SOA');
      return records?.[0] ?? null;
    },
    async transfer() {
      refuse('AXFR');
      return records;
    },
  };
}

const SETS: Rfc2136Set[] = [
  {
    fqdn: 'www.example.com',
    type: 'A',
    before: null,
    after: { ttl: 300, values: ['192.0.2.2', '192.0.2.1'] },
  },
  { fqdn: 'old.example.com', type: 'A', before: { ttl: 60, values: ['192.0.2.9'] }, after: null },
];
const lost = (direction: LostUpdate['direction'] = 'forward'): LostUpdate => ({
  what: 'UPDATE example.com: www.example.com A 192.0.2.1, 192.0.2.2 ttl 300; delete old.example.com A',
  zone: ZONE,
  serial: 7,
  sets: SETS,
  direction,
  lost: new Error('the server closed the connection before the answer ended'),
});

describe('an UPDATE whose answer was lost', () => {
  it('the serial it was conditional on: not applied, known from the SOA alone', async () => {
    const fake = server([soa(7), a('old.example.com', '192.0.2.9', 60)]);
    expect(await settleLostUpdate(fake, lost())).toBe('not-applied');
    expect(fake.reads).toEqual(['SOA']);
  });

  it('a new serial and every set as the message sets it (values in any order): applied', async () => {
    const fake = server([soa(8), a('www.example.com', '192.0.2.1'), a('www.example.com', '192.0.2.2')]);
    expect(await settleLostUpdate(fake, lost())).toBe('applied');
    expect(fake.reads).toEqual(['SOA', 'AXFR']);
  });

  it('an undo is settled against the sets as they were', async () => {
    const fake = server([soa(9), a('old.example.com', '192.0.2.9', 60)]);
    expect(await settleLostUpdate(fake, lost('back'))).toBe('applied');
  });

  it.each([
    ['a value missing', [a('www.example.com', '192.0.2.1')], 'www.example.com A is'],
    [
      'another TTL',
      [a('www.example.com', '192.0.2.1', 60), a('www.example.com', '192.0.2.2', 60)],
      'www.example.com A is',
    ],
    [
      'a set the message deletes still there',
      [
        a('www.example.com', '192.0.2.1'),
        a('www.example.com', '192.0.2.2'),
        a('old.example.com', '192.0.2.9', 60),
      ],
      'old.example.com A is',
    ],
    ['nothing of it', [a('old.example.com', '192.0.2.9', 60)], 'www.example.com A, old.example.com A are'],
  ])('a new serial and %s: another writer, the outcome unknown', async (_, records, named) => {
    const error = await settleLostUpdate(server([soa(8), ...records]), lost()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Rfc2136OutcomeUnknownError);
    expect(String(error)).toContain(`the zone's serial moved to 8 but ${named} not as the message sets them`);
    expect(String(error)).toContain('at 127.0.0.1:53: the answer was lost');
    expect(String(error)).toContain('plan again');
    expect(String(error)).toContain('(the server closed the connection before the answer ended)');
  });

  it('a set of the same size with one value swapped is not the set the message makes (values, not counts)', async () => {
    // Two values wanted, two held: only comparing each value tells them apart.
    const swapped = [soa(8), a('www.example.com', '192.0.2.1'), a('www.example.com', '192.0.2.3')];
    await expect(settleLostUpdate(server(swapped), lost())).rejects.toThrow(
      "the zone's serial moved to 8 but www.example.com A is not as the message sets them",
    );
  });

  it('two types at one name: each set is judged by its own type, never by the other one', async () => {
    const txt = (value: string): WireRecord => ({ name: 'www.example.com', type: 'TXT', ttl: 300, value });
    const both: LostUpdate = {
      ...lost(),
      sets: [
        { fqdn: 'www.example.com', type: 'A', before: null, after: { ttl: 300, values: ['192.0.2.1'] } },
        { fqdn: 'www.example.com', type: 'TXT', before: null, after: { ttl: 300, values: ['"v=1"'] } },
      ],
    };
    expect(
      await settleLostUpdate(server([soa(8), a('www.example.com', '192.0.2.1'), txt('v=1')]), both),
    ).toBe('applied');
    // The A set as the message makes it but the TXT one not: the TXT set alone is named.
    await expect(
      settleLostUpdate(server([soa(8), a('www.example.com', '192.0.2.1'), txt('v=2')]), both),
    ).rejects.toThrow('serial moved to 8 but www.example.com TXT is not as the message sets them');
    // An A value held under the TXT set's name does not stand in for the TXT set.
    await expect(
      settleLostUpdate(
        server([soa(8), a('www.example.com', '192.0.2.1'), a('www.example.com', '192.0.2.2')]),
        both,
      ),
    ).rejects.toThrow('but www.example.com A, www.example.com TXT are not as');
  });

  it('no zone any more, or a read that fails too: the outcome unknown, saying why', async () => {
    await expect(settleLostUpdate(server(null), lost())).rejects.toThrow(
      /the answer was lost and the server no longer serves the zone: the message may have been applied/,
    );
    const error = await settleLostUpdate(server([soa(8)], true), lost()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Rfc2136OutcomeUnknownError);
    expect(String(error)).toContain(
      'reading the zone again failed too (SOA example.com at 127.0.0.1:53: connection refused)',
    );
  });

  it('a transfer refused after the serial moved: every set is unknown', async () => {
    const fake = server([soa(8)]);
    fake.transfer = async () => null;
    await expect(settleLostUpdate(fake, lost())).rejects.toThrow(
      'www.example.com A, old.example.com A are not as',
    );
  });
});
