import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../../src/providers/zonefile/read-entries.js';
import { zoneFileText } from '../../../src/providers/zonefile/write-text.js';
import type { ZoneContent } from '../../../src/providers/zonefile/zone-content.js';

/**
 * The text of a written zone file, line by line (the round trip through the reader and `named-checkzone`:
 * round-trip.property.test.ts): the order of names and types, and the `$ORIGIN` lines kept records need.
 */
const SOA = {
  ttl: 3600,
  mname: 'ns1.example.com.',
  rname: 'hostmaster.example.com.',
  serial: 7,
  refresh: 3600,
  retry: 600,
  expire: 1_209_600,
  minimum: 300,
};

const kept = (owner: string, type: string, rdata: string, origin = 'example.com.'): FileRecord => ({
  line: 1,
  owner,
  ttl: 300,
  type,
  rdata: [rdata],
  origin,
});

function text(sets: ZoneContent['sets'], keptRecords: FileRecord[]): string[] {
  const content: ZoneContent = {
    zone: 'example.com',
    soa: SOA,
    sets,
    kept: keptRecords,
    unsupported: [],
    notes: [],
  };
  // The two comment lines, `$ORIGIN` and the SOA come first, always the same.
  return zoneFileText(content).split('\n').slice(4, -1);
}

describe('the zone file edgeplan writes', () => {
  it('puts the apex NS set first among the apex types; NS elsewhere sorts by type (RFC 4034 §6.1 names)', () => {
    const sets = [
      { fqdn: 'example.com', type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] },
      { fqdn: 'sub.example.com', type: 'A', records: [{ value: '192.0.2.2', ttl: 300 }] },
    ];
    const keptRecords = [
      kept('sub.example.com.', 'NS', 'ns.elsewhere.net.'),
      kept('example.com.', 'NS', 'ns1.example.com.'),
    ];
    expect(text(sets, keptRecords)).toEqual([
      '@\t300\tIN\tNS\tns1.example.com.',
      '@\t300\tIN\tA\t192.0.2.1',
      'sub\t300\tIN\tA\t192.0.2.2',
      'sub\t300\tIN\tNS\tns.elsewhere.net.',
    ]);
  });

  it('orders names as DNS does (RFC 4034 §6.1): label by label from the root, each name before those below it', () => {
    const at = (fqdn: string) => ({ fqdn, type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] });
    const names = [
      'z.example.com',
      'a.b.example.com',
      'b.example.com',
      'example.com',
      'x.a.b.example.com',
      'c.example.com',
    ];
    expect(text(names.map(at), []).map((line) => line.split('\t')[0])).toEqual([
      '@',
      'b',
      'a.b',
      'x.a.b',
      'c',
      'z',
    ]);
  });

  it('takes the apex in any case as the apex', () => {
    const keptRecords = [kept('EXAMPLE.com.', 'NS', 'ns1.example.com.')];
    const sets = [{ fqdn: 'example.com', type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] }];
    expect(text(sets, keptRecords)).toEqual(['@\t300\tIN\tNS\tns1.example.com.', '@\t300\tIN\tA\t192.0.2.1']);
  });

  it('writes a kept record under its own $ORIGIN, then returns to the zone', () => {
    const keptRecords = [kept('www.lab.example.com.', 'CNAME', 'host', 'lab.example.com.')];
    const sets = [{ fqdn: 'a.example.com', type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] }];
    expect(text(sets, keptRecords)).toEqual([
      'a\t300\tIN\tA\t192.0.2.1',
      '$ORIGIN lab.example.com.',
      'www.lab.example.com.\t300\tIN\tCNAME\thost',
      '$ORIGIN example.com.',
    ]);
  });

  it('is the whole file: a word on how it is kept, $ORIGIN and the SOA, then one line per record', () => {
    const content: ZoneContent = {
      zone: 'example.com',
      soa: SOA,
      sets: [{ fqdn: 'www.example.com', type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] }],
      // A kept record's RDATA as its fields were read; an owner in any case, one outside the zone (absolute).
      kept: [
        { ...kept('Mail.Example.COM.', 'MX', ''), rdata: ['10', 'mx1'] },
        kept('notexample.com.', 'TXT', '"x"'),
      ],
      unsupported: [],
      notes: [],
    };
    expect(zoneFileText(content)).toBe(
      [
        '; Zone example.com, written by edgeplan. It reads this file before each plan; an apply changes only the',
        '; lines of the records it changes, and the SOA serial: other lines and comments are kept as written.',
        '$ORIGIN example.com.',
        '@\t3600\tIN\tSOA\tns1.example.com. hostmaster.example.com. 7 3600 600 1209600 300',
        'Mail\t300\tIN\tMX\t10 mx1',
        'www\t300\tIN\tA\t192.0.2.1',
        'notexample.com.\t300\tIN\tTXT\t"x"',
        '',
      ].join('\n'),
    );
  });
});
