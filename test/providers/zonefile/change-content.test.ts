/**
 * A zone's content changed by an op, and the writer's last guard (change-content.ts): a file whose read-back is not
 * the content to write (a hostile or broken text, an SOA, a set or a kept record that differs) is never written,
 * and says which part differs; records kept as written compare by what they mean, not where they stand.
 */
import { describe, expect, it } from 'vitest';
import {
  changedContent,
  newZoneContent,
  nextVersion,
  readBackProblem,
} from '../../../src/providers/zonefile/change-content.js';
import type { ZonefileOp } from '../../../src/providers/zonefile/ops.js';
import type { FileRecord } from '../../../src/providers/zonefile/read-entries.js';
import type { ZoneContent } from '../../../src/providers/zonefile/zone-content.js';

const ORIGIN = 'example.com.';
const kept = (owner: string, type: string, rdata: string[], ttl = 300, origin = ORIGIN): FileRecord => ({
  ...{ line: 3, owner, ttl, type, rdata, origin },
});

function content(): ZoneContent {
  return {
    zone: 'example.com',
    soa: {
      ...{ ttl: 300, mname: 'ns1.example.net.', rname: 'hostmaster.example.com.', serial: 7 },
      ...{ refresh: 3600, retry: 600, expire: 1_209_600, minimum: 300 },
    },
    sets: [
      { fqdn: 'a.example.com', type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] },
      { fqdn: 'www.example.com', type: 'A', records: [{ value: '192.0.2.2', ttl: 300 }] },
    ],
    kept: [
      kept(ORIGIN, 'NS', ['ns1.example.net.']),
      kept('odd.example.com.', 'TYPE65534', ['\\#', '2', 'abcd'], 60),
    ],
    unsupported: ['odd.example.com TYPE65534'],
    notes: [{ line: 4, col: 1, message: 'a note of the read' }],
  };
}

const op = (changes: Partial<Pick<ZonefileOp, 'delete' | 'replace'>>): ZonefileOp => ({
  ...{ kind: 'write-zone', zone: 'example.com', file: 'zones/example.com.zone', digest: null },
  ...{ delete: [], replace: [], ...changes },
});

describe('readBackProblem: the file about to be written, read back, against the content', () => {
  it('is null for the same content, kept records in another order, owners and origins in another case', () => {
    const same = content();
    same.kept = [...same.kept]
      .reverse()
      .map((record) => ({ ...record, owner: record.owner.toUpperCase(), line: 9 }));
    same.kept[0] = { ...(same.kept[0] as FileRecord), origin: 'EXAMPLE.COM.' };
    expect(readBackProblem({ ok: true, content: same }, content())).toBeNull();
  });

  it('tells owners apart beyond ASCII, where DNS names have no case (RFC 4343 §3): ß is not SS', () => {
    const written = content();
    written.kept[1] = kept('ß.example.com.', 'TXT', ['"x"'], 60);
    const again = content();
    again.kept[1] = kept('SS.example.com.', 'TXT', ['"x"'], 60);
    expect(readBackProblem({ ok: true, content: again }, written)).toBe('the records kept as written differ');
    // And the origins a kept record's relative names are read under.
    written.kept[1] = kept('x.example.com.', 'CNAME', ['y'], 60, 'ß.example.com.');
    again.kept[1] = kept('x.example.com.', 'CNAME', ['y'], 60, 'SS.example.com.');
    expect(readBackProblem({ ok: true, content: again }, written)).toBe('the records kept as written differ');
  });

  it('names the read-back problems, each at its line, when the text does not read', () => {
    const read = {
      ok: false as const,
      problems: [
        { line: 5, col: 7, message: 'a quoted string is not closed on its line' },
        { line: 9, col: 1, message: '")" without "("' },
      ],
      total: 2,
    };
    expect(readBackProblem(read, content())).toBe(
      'line 5, column 7: a quoted string is not closed on its line; line 9, column 1: ")" without "("',
    );
  });

  it.each<[string, (c: ZoneContent) => void, string]>([
    ['the serial', (c) => Object.assign(c.soa, { serial: 8 }), 'the SOA differs'],
    ['a timer', (c) => Object.assign(c.soa, { minimum: 60 }), 'the SOA differs'],
    [
      'a value',
      (c) =>
        c.sets.splice(1, 1, {
          ...(c.sets[1] as ZoneContent['sets'][number]),
          records: [{ value: '192.0.2.9', ttl: 300 }],
        }),
      'the record sets differ',
    ],
    [
      'a set more',
      (c) => c.sets.push({ fqdn: 'z.example.com', type: 'A', records: [{ value: '192.0.2.3', ttl: 1 }] }),
      'the record sets differ',
    ],
    [
      'a set named as not managed',
      (c) => c.unsupported.push('x.example.com TYPE65535'),
      'the sets kept as written differ',
    ],
    [
      'a kept record’s TTL',
      (c) => c.kept.splice(1, 1, kept('odd.example.com.', 'TYPE65534', ['\\#', '2', 'abcd'], 61)),
      'the records kept as written differ',
    ],
    [
      'a kept record’s type',
      (c) => c.kept.splice(1, 1, kept('odd.example.com.', 'TYPE65533', ['\\#', '2', 'abcd'], 60)),
      'the records kept as written differ',
    ],
    [
      'a kept record’s RDATA',
      (c) => c.kept.splice(1, 1, kept('odd.example.com.', 'TYPE65534', ['\\#', '2', 'abce'], 60)),
      'the records kept as written differ',
    ],
    [
      'a kept record’s owner',
      (c) => c.kept.splice(1, 1, kept('odd2.example.com.', 'TYPE65534', ['\\#', '2', 'abcd'], 60)),
      'the records kept as written differ',
    ],
    // A relative name in its RDATA would mean another name under another origin.
    [
      'a kept record’s origin',
      (c) =>
        c.kept.splice(
          1,
          1,
          kept('odd.example.com.', 'TYPE65534', ['\\#', '2', 'abcd'], 60, 'sub.example.com.'),
        ),
      'the records kept as written differ',
    ],
    [
      'a kept record more',
      (c) => c.kept.push(kept(ORIGIN, 'NS', ['ns2.example.net.'])),
      'the records kept as written differ',
    ],
    // Fields are told apart, not run together: `1 23` is not `12 3`.
    [
      'split of a kept record’s RDATA',
      (c) => c.kept.splice(1, 1, kept('odd.example.com.', 'TYPE65534', ['\\#', '2a', 'bcd'], 60)),
      'the records kept as written differ',
    ],
  ])('refuses a read-back with another %s', (_, change, problem) => {
    const again = content();
    change(again);
    expect(readBackProblem({ ok: true, content: again }, content())).toBe(problem);
  });
});

describe('changedContent: the content after an op', () => {
  it('deletes and replaces sets whole, keeps the rest, and drops the read’s notes', () => {
    const changed = changedContent(
      content(),
      op({
        delete: [{ fqdn: 'a.example.com', type: 'A' }],
        replace: [{ fqdn: 'b.example.com', type: 'TXT', ttl: 60, values: ['"x"', '"y"'] }],
      }),
    );
    expect(changed.sets).toEqual([
      {
        fqdn: 'b.example.com',
        type: 'TXT',
        records: [
          { value: '"x"', ttl: 60 },
          { value: '"y"', ttl: 60 },
        ],
      },
      { fqdn: 'www.example.com', type: 'A', records: [{ value: '192.0.2.2', ttl: 300 }] },
    ]);
    expect(changed.kept).toEqual(content().kept);
    expect(changed.unsupported).toEqual(['odd.example.com TYPE65534']);
    expect(changed.notes).toEqual([]);
    expect(changed.apexNs).toBeUndefined();
  });

  it('replaces or deletes a set kept as written whole: its records go, and it is no longer named as kept', () => {
    const replaced = changedContent(
      content(),
      op({ replace: [{ fqdn: 'odd.example.com', type: 'TYPE65534', ttl: 60, values: ['\\# 1 ff'] }] }),
    );
    expect(replaced.kept).toEqual([content().kept[0]]);
    expect(replaced.unsupported).toEqual([]);
    const deleted = changedContent(
      content(),
      op({ delete: [{ fqdn: 'odd.example.com', type: 'TYPE65534' }] }),
    );
    expect(deleted.kept.map((r) => r.type)).toEqual(['NS']);
  });

  it('puts a replaced apex NS set among the zone’s own kept records, first, and names it as the apex NS', () => {
    const changed = changedContent(
      content(),
      op({
        replace: [
          { fqdn: 'example.com', type: 'NS', ttl: 900, values: ['ns2.example.net.', 'ns3.example.net.'] },
        ],
      }),
    );
    expect(changed.kept).toEqual([
      { line: 0, owner: ORIGIN, ttl: 900, type: 'NS', rdata: ['ns2.example.net.'], origin: ORIGIN },
      { line: 0, owner: ORIGIN, ttl: 900, type: 'NS', rdata: ['ns3.example.net.'], origin: ORIGIN },
      content().kept[1],
    ]);
    expect(changed.apexNs).toEqual({
      fqdn: 'example.com',
      type: 'NS',
      records: [
        { value: 'ns2.example.net.', ttl: 900 },
        { value: 'ns3.example.net.', ttl: 900 },
      ],
    });
    expect(changed.sets.map((s) => s.fqdn)).toEqual(['a.example.com', 'www.example.com']);
  });
});

describe('changedContent: only the apex NS set is the zone’s own', () => {
  it('keeps a delegation’s NS set and an apex set of another type among the managed sets', () => {
    const changed = changedContent(
      content(),
      op({
        replace: [
          { fqdn: 'sub.example.com', type: 'NS', ttl: 60, values: ['ns1.example.org.'] },
          { fqdn: 'example.com', type: 'TXT', ttl: 60, values: ['"v=1"'] },
        ],
      }),
    );
    expect(changed.apexNs).toBeUndefined();
    expect(changed.kept).toEqual(content().kept);
    expect(changed.sets.map((set) => `${set.fqdn} ${set.type}`).sort()).toEqual([
      'a.example.com A',
      'example.com TXT',
      'sub.example.com NS',
      'www.example.com A',
    ]);
  });
});

describe('a new version and a new zone', () => {
  it('counts the serial up once in its own style', () => {
    expect(nextVersion(content(), Date.UTC(2026, 0, 2)).soa.serial).toBe(8);
    const dated = { ...content(), soa: { ...content().soa, serial: 2026010205 } };
    expect(nextVersion(dated, Date.UTC(2026, 0, 2)).soa.serial).toBe(2026010206);
    expect(nextVersion(dated, Date.UTC(2026, 0, 3)).soa.serial).toBe(2026010301);
  });

  it('names the first name server in its SOA and sets the apex NS set; the zone itself without one', () => {
    const created = newZoneContent(
      'example.org',
      {
        ...{ contact: 'hostmaster@example.org', ttl: 600, serialStyle: 'increment' },
        nameservers: ['ns1.example.net.', 'ns2.example.net.'],
      },
      0,
    );
    expect(created.soa).toEqual({
      ...{ ttl: 600, mname: 'ns1.example.net.', rname: 'hostmaster.example.org.', serial: 1 },
      ...{ refresh: 3600, retry: 600, expire: 1_209_600, minimum: 300 },
    });
    expect(created.kept.map((r) => [r.owner, r.ttl, r.type, r.rdata, r.origin])).toEqual([
      ['example.org.', 600, 'NS', ['ns1.example.net.'], 'example.org.'],
      ['example.org.', 600, 'NS', ['ns2.example.net.'], 'example.org.'],
    ]);
    expect(created).toMatchObject({ sets: [], unsupported: [], notes: [] });
    const bare = newZoneContent(
      'example.org',
      { contact: 'h@example.org', ttl: 60, serialStyle: 'increment', nameservers: [] },
      0,
    );
    expect(bare.soa.mname).toBe('example.org.');
    expect(bare.kept).toEqual([]);
  });
});
