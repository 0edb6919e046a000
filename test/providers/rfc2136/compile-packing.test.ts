/**
 * How the RFC 2136 compiler packs a zone's changes into UPDATE messages: deletions first, the size of a set measured
 * both ways (its undo must fit as well), the exact budget, and whole messages that a server takes (64 KiB with the
 * SOA prerequisite and the TSIG record added).
 */
import { describe, expect, it } from 'vitest';
import { signMessage } from '../../../src/dns-wire/tsig.js';
import { encodeUpdate, entryLength, updateOverhead } from '../../../src/dns-wire/update.js';
import type { DnsCompiler, RecordSetWork } from '../../../src/model/provider.js';
import {
  MAX_UPDATE_OCTETS,
  Rfc2136ZoneCreationError,
  rfc2136Compiler,
  setEntries,
} from '../../../src/providers/rfc2136/compile.js';
import type { Rfc2136Op, Rfc2136Set } from '../../../src/providers/rfc2136/ops.js';

const ZONE = 'example.com';

function work(fqdn: string, before: string[] | null, after: string[] | null): RecordSetWork {
  const side = (values: string[] | null) => (values === null ? null : { ttl: 300, values });
  return {
    change: {
      action: before === null ? 'create' : after === null ? 'delete' : 'update',
      address: { kind: 'record-set', zone: ZONE, fqdn, type: 'A' },
      before: side(before),
      after: side(after),
    },
    live: [],
  } as unknown as RecordSetWork;
}

const compile = (sets: RecordSetWork[], maxOctets?: number) =>
  rfc2136Compiler('bind', maxOctets).compileZone({ zone: ZONE, create: null, sets }) as Rfc2136Op[];

/** The octets a set takes in a message, the larger of its two directions. */
function octetsOf(set: RecordSetWork): number {
  const op = compile([set])[0]?.sets[0] as Rfc2136Set;
  const size = (direction: 'forward' | 'back') =>
    setEntries(op, direction).reduce((sum, entry) => sum + entryLength(entry), 0);
  return Math.max(size('forward'), size('back'));
}

describe('packing UPDATE messages', () => {
  it('sends deletions first, then the rest by name, whatever the order they come in', () => {
    const ops = compile([
      work('c.example.com', null, ['192.0.2.3']),
      work('z.example.com', ['192.0.2.26'], null),
      work('b.example.com', ['192.0.2.1'], ['192.0.2.2']),
      work('y.example.com', ['192.0.2.25'], null),
    ]);
    expect(ops.flatMap((op) => op.sets.map((set) => set.fqdn))).toEqual([
      'y.example.com',
      'z.example.com',
      'b.example.com',
      'c.example.com',
    ]);
  });

  it('no change, no message', () => {
    expect(compile([])).toEqual([]);
  });

  it('a set that fills the budget exactly fits one message; two that fill it exactly share one', () => {
    const one = work('a.example.com', null, ['192.0.2.1']);
    const two = work('b.example.com', null, ['192.0.2.2']);
    const budget = (octets: number) => octets + updateOverhead(ZONE);
    expect(compile([one], budget(octetsOf(one)))).toHaveLength(1);
    expect(() => compile([one], budget(octetsOf(one)) - 1)).toThrow('more than one UPDATE message holds');
    const both = budget(octetsOf(one) + octetsOf(two));
    expect(compile([one, two], both).map((op) => op.sets.length)).toEqual([2]);
    expect(compile([one, two], both - 1).map((op) => [op.message, op.of, op.sets.length])).toEqual([
      [1, 2, 1],
      [2, 2, 1],
    ]);
  });

  it('measures a deletion by its undo too: the old records must fit a message to be put back', () => {
    const values = Array.from({ length: 20 }, (_, i) => `192.0.2.${i + 1}`);
    const deletion = work('a.example.com', values, null);
    const forward = entryLength({ kind: 'delete-rrset', name: 'a.example.com', type: 'A' });
    expect(octetsOf(deletion)).toBeGreaterThan(forward * 5);
    expect(() => compile([deletion], forward + updateOverhead(ZONE) + 10)).toThrow(
      /the record set a\.example\.com A takes \d+ octets/,
    );
    const creation = work('a.example.com', null, values);
    expect(() => compile([creation], forward + updateOverhead(ZONE) + 10)).toThrow(
      /the record set a\.example\.com A takes \d+ octets/,
    );
  });

  it('by default every message, with its SOA prerequisite and a TSIG record, is a DNS message over TCP (64 KiB)', () => {
    const sets = Array.from({ length: 5000 }, (_, i) =>
      work(`host-${String(i).padStart(5, '0')}.example.com`, null, [`10.0.${i >> 8}.${i & 255}`]),
    );
    const ops = compile(sets);
    expect(ops.length).toBeGreaterThan(2);
    const soa = {
      name: ZONE,
      type: 'SOA',
      ttl: 0,
      value: `ns1.${'n'.repeat(60)}.example.net. hostmaster.${'h'.repeat(60)}.example.com. 4294967295 3600 600 86400 300`,
    };
    const key = {
      algorithm: 'hmac-sha512' as const,
      name: 'a-rather-long-key-name.example',
      secret: Buffer.alloc(64),
    };
    for (const op of ops) {
      const updates = op.sets.flatMap((set) => setEntries(set, 'forward'));
      const message = encodeUpdate({
        id: 1,
        zone: ZONE,
        prerequisites: [{ kind: 'record', record: soa }],
        updates,
      });
      const signed = signMessage(message, key, 0).octets;
      expect(signed.length).toBeLessThanOrEqual(65_535);
    }
    // The first message is packed close to the limit: a larger budget would overflow it.
    expect(
      ops[0]?.sets.reduce(
        (sum, set) => sum + setEntries(set, 'forward').reduce((s, e) => s + entryLength(e), 0),
        0,
      ),
    ).toBeGreaterThan(MAX_UPDATE_OCTETS - 100 - updateOverhead(ZONE));
  });

  it('refuses what RFC 2136 cannot do, saying what to do instead', () => {
    const error = (() => {
      try {
        rfc2136Compiler('bind').compileZone({ zone: 'new.example', create: {} as never, sets: [] });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(Rfc2136ZoneCreationError);
    expect((error as Error).name).toBe('Rfc2136ZoneCreationError');
    expect((error as Error).message).toMatch(
      /add the zone to the server's configuration, or take it out of this provider's zones$/,
    );
    // Secondary zones and geo services are optional: a server through RFC 2136 has neither compiler.
    const compiler: DnsCompiler = rfc2136Compiler('bind');
    expect([compiler.compileSecondary, compiler.compileGeo]).toEqual([undefined, undefined]);
  });
});
