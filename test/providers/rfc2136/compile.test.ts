import { describe, expect, it } from 'vitest';
import { encodeUpdate } from '../../../src/dns-wire/update.js';
import type { RecordSetWork } from '../../../src/model/provider.js';
import { rfc2136Compiler, setEntries } from '../../../src/providers/rfc2136/compile.js';
import { Rfc2136SetTooLargeError } from '../../../src/providers/rfc2136/errors.js';
import { labelRfc2136Op } from '../../../src/providers/rfc2136/op-label.js';
import { parseRfc2136Op } from '../../../src/providers/rfc2136/op-schema.js';
import type { Rfc2136Op } from '../../../src/providers/rfc2136/ops.js';

const ZONE = 'example.com';

function work(fqdn: string, type: string, before: string[] | null, after: string[] | null): RecordSetWork {
  const side = (values: string[] | null) => (values === null ? null : { ttl: 300, values });
  return {
    change: {
      action: before === null ? 'create' : after === null ? 'delete' : 'update',
      address: { kind: 'record-set', zone: ZONE, fqdn, type },
      before: side(before),
      after: side(after),
    },
    live: [],
  } as unknown as RecordSetWork;
}

const SETS = [
  work('b.example.com', 'TXT', null, ['"two"']),
  work('a.example.com', 'A', ['192.0.2.1'], null),
  work('c.example.com', 'A', ['192.0.2.3'], ['192.0.2.4', '192.0.2.5']),
];

describe('the RFC 2136 compiler', () => {
  it('sends a zone that fits in one UPDATE, deletions first, every set with its before and after', () => {
    const ops = rfc2136Compiler('bind').compileZone({ zone: ZONE, create: null, sets: SETS }) as Rfc2136Op[];
    expect(ops).toEqual([
      {
        kind: 'update',
        zone: ZONE,
        message: 1,
        of: 1,
        sets: [
          { fqdn: 'a.example.com', type: 'A', before: { ttl: 300, values: ['192.0.2.1'] }, after: null },
          { fqdn: 'b.example.com', type: 'TXT', before: null, after: { ttl: 300, values: ['"two"'] } },
          {
            fqdn: 'c.example.com',
            type: 'A',
            before: { ttl: 300, values: ['192.0.2.3'] },
            after: { ttl: 300, values: ['192.0.2.4', '192.0.2.5'] },
          },
        ],
      },
    ]);
    expect(labelRfc2136Op(parseRfc2136Op(ops[0]))).toBe(
      'UPDATE example.com: delete a.example.com A; b.example.com TXT "two" ttl 300; ' +
        'c.example.com A 192.0.2.4, 192.0.2.5 ttl 300',
    );
  });

  it('chains messages when the change does not fit one, each within the size, and labels them', () => {
    const ops = rfc2136Compiler('bind', 80).compileZone({
      zone: ZONE,
      create: null,
      sets: SETS,
    }) as Rfc2136Op[];
    expect(ops.map((op) => [op.message, op.of, op.sets.map((s) => s.fqdn)])).toEqual([
      [1, 2, ['a.example.com', 'b.example.com']],
      [2, 2, ['c.example.com']],
    ]);
    expect(labelRfc2136Op(parseRfc2136Op(ops[1]))).toBe(
      'UPDATE example.com (message 2 of 2): c.example.com A 192.0.2.4, 192.0.2.5 ttl 300',
    );
  });

  it('refuses a set larger than a message, and creating a zone, at plan time', () => {
    const compiler = rfc2136Compiler('bind', 60);
    expect(() =>
      compiler.compileZone({ zone: ZONE, create: null, sets: [SETS[2] as RecordSetWork] }),
    ).toThrow(
      /zone example\.com: the record set c\.example\.com A takes \d+ octets, more than one UPDATE message holds/,
    );
    expect(() =>
      compiler.compileZone({ zone: ZONE, create: null, sets: [SETS[2] as RecordSetWork] }),
    ).toThrow(Rfc2136SetTooLargeError);
    expect(() =>
      rfc2136Compiler('bind').compileZone({
        zone: 'new.example',
        create: { contact: 'x' } as never,
        sets: [],
      }),
    ).toThrow(/zone new\.example is not on the server of provider "bind".*cannot create or delete zones/);
  });

  it('writes a set forward as delete-then-add and back the other way', () => {
    const set = { fqdn: 'c.example.com', type: 'A', before: { ttl: 60, values: ['192.0.2.3'] }, after: null };
    expect(setEntries(set, 'forward', 'example.com')).toEqual([
      { kind: 'delete-rrset', name: 'c.example.com', type: 'A' },
    ]);
    expect(setEntries(set, 'back', 'example.com')).toEqual([
      { kind: 'record', record: { name: 'c.example.com', type: 'A', ttl: 60, value: '192.0.2.3' } },
    ]);
    // In a message of the zone (RFC 1035 §4.1.4): label `c` (2) and a pointer to example.com (2) + type, class,
    // TTL, length (10) + 4 octets of address.
    const message = (updates: ReturnType<typeof setEntries>) =>
      encodeUpdate({ id: 1, zone: 'example.com', prerequisites: [], updates }).length;
    expect(message(setEntries(set, 'back', 'example.com')) - message([])).toBe(18);
  });

  // RFC 2136 §3.4.2.3 and §3.4.2.4: a server ignores the deletion of the apex NS RRset and of its last record, so
  // the apex NS set is changed record by record, the new ones first.
  it('changes the apex NS set record by record, adding before it deletes, both ways', () => {
    const set = {
      fqdn: 'example.com',
      type: 'NS',
      before: { ttl: 3600, values: ['ns1.example.net.', 'ns2.example.net.'] },
      after: { ttl: 600, values: ['ns1.example.net.', 'ns3.example.net.'] },
    };
    const record = (kind: 'record' | 'delete-record', ttl: number, value: string) => ({
      kind,
      record: { name: 'example.com', type: 'NS', ttl, value },
    });
    expect(setEntries(set, 'forward', 'example.com')).toEqual([
      record('record', 600, 'ns1.example.net.'),
      record('record', 600, 'ns3.example.net.'),
      record('delete-record', 0, 'ns2.example.net.'),
    ]);
    expect(setEntries(set, 'back', 'example.com')).toEqual([
      record('record', 3600, 'ns1.example.net.'),
      record('record', 3600, 'ns2.example.net.'),
      record('delete-record', 0, 'ns3.example.net.'),
    ]);
    // An NS set below the apex is a delegation, and another type at the apex a set: both sent whole as any other.
    for (const other of [
      { ...set, fqdn: 'sub.example.com' },
      { ...set, type: 'MX' },
    ])
      expect(setEntries(other, 'forward', 'example.com')[0]).toEqual({
        kind: 'delete-rrset',
        name: other.fqdn,
        type: other.type,
      });
    // Created where none was read: only added; deleted (which no plan does): as any set.
    expect(setEntries({ ...set, before: null }, 'forward', 'example.com')).toEqual([
      record('record', 600, 'ns1.example.net.'),
      record('record', 600, 'ns3.example.net.'),
    ]);
    expect(setEntries({ ...set, after: null }, 'forward', 'example.com')).toEqual([
      { kind: 'delete-rrset', name: 'example.com', type: 'NS' },
    ]);
  });
});

describe('RFC 2136 ops in saved plans', () => {
  it('refuses an op whose values are not canonical or whose place is past its chain', () => {
    const op = { kind: 'update', zone: ZONE, message: 2, of: 1, sets: [] };
    expect(() => parseRfc2136Op(op)).toThrow(/sets: .*; message: message must not be after the last/);
    const bad = {
      ...op,
      message: 1,
      sets: [{ fqdn: 'a.example.com', type: 'A', before: null, after: { ttl: 1, values: ['192.000.2.1'] } }],
    };
    expect(() => parseRfc2136Op(bad)).toThrow('sets.0.after.values.0: not a canonical A value');
    expect(() => parseRfc2136Op({ ...bad, sets: [{ ...bad.sets[0], type: 'ALIAS' }] })).toThrow(
      'not a record type the RFC 2136 provider writes',
    );
  });
});
