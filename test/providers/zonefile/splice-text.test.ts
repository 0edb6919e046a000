/**
 * Changes made in place in a hand-kept zone file: only the lines of the changed records change (and the SOA's
 * serial), so a two-record change is a two-line diff that BIND loads as the changed zone; every other line,
 * comments and layout included, stays byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZONEFILE_CAPABILITIES } from '../../../src/providers/zonefile/capabilities.js';
import {
  changedContent,
  nextVersion,
  readBackProblem,
} from '../../../src/providers/zonefile/change-content.js';
import type { ZonefileOp } from '../../../src/providers/zonefile/ops.js';
import { readEntries } from '../../../src/providers/zonefile/read-entries.js';
import { splicedZoneText } from '../../../src/providers/zonefile/splice-text.js';
import { readZoneContent } from '../../../src/providers/zonefile/zone-content.js';
import { checkedRecords, checkzoneMissing } from './checkzone.js';

const ZONE = 'example.org';
const SUPPORTED: ReadonlySet<string> = new Set(ZONEFILE_CAPABILITIES.recordTypes);
/** 2026-03-04T05:06:00Z: the clock of SOA serials. */
const NOW = Date.UTC(2026, 2, 4, 5, 6);
const FIXTURE = new URL('../../fixtures/zonefile/hand-kept.zone', import.meta.url);

let handKept = '';
let dir = '';
beforeAll(async () => {
  handKept = await readFile(FIXTURE, 'utf8');
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-splice-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function op(changes: Partial<Pick<ZonefileOp, 'delete' | 'replace'>>): ZonefileOp {
  return { kind: 'write-zone', zone: ZONE, file: 'x', digest: null, delete: [], replace: [], ...changes };
}

/** The file with `changes` made in place, checked to read back as the changed zone (the writer's own check). */
function edited(text: string, changes: ZonefileOp): string {
  const read = readZoneContent(text, changes.zone, SUPPORTED);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  const content = nextVersion(changedContent(read.content, changes), NOW);
  const spliced = splicedZoneText(text, readEntries(text, `${changes.zone}.`).records, changes, content.soa);
  expect(readBackProblem(readZoneContent(spliced, content.zone, SUPPORTED), content)).toBeNull();
  return spliced;
}

/** The lines `diff` reports as removed (`<`) and added (`>`). */
async function diffLines(before: string, after: string): Promise<string[]> {
  await writeFile(join(dir, 'before'), before);
  await writeFile(join(dir, 'after'), after);
  const diff = spawnSync('diff', [join(dir, 'before'), join(dir, 'after')], { encoding: 'utf8' });
  return diff.stdout.split('\n').filter((line) => /^[<>]/.test(line));
}

describe('a change made in place', () => {
  it('changes one address and deletes one record of a 60-record hand-kept file: two lines and the serial', async () => {
    const after = edited(
      handKept,
      op({
        replace: [{ fqdn: 'mx2.example.org', type: 'A', ttl: 300, values: ['192.0.2.27'] }],
        delete: [{ fqdn: 'old.example.org', type: 'A' }],
      }),
    );
    expect((await diffLines(handKept, after)).sort()).toEqual(
      [
        '<                           2026011501 ; serial: YYYYMMDDnn',
        '< mx2      300    IN  A     192.0.2.26',
        '< old             IN  A     192.0.2.200',
        '>                           2026030401 ; serial: YYYYMMDDnn',
        '> mx2\t300\tIN\tA\t192.0.2.27',
      ].sort(),
    );
  });

  it.skipIf(checkzoneMissing())('gives a file BIND loads as the changed zone (named-checkzone)', async () => {
    const after = edited(
      handKept,
      op({
        replace: [{ fqdn: 'mx2.example.org', type: 'A', ttl: 300, values: ['192.0.2.27'] }],
        delete: [{ fqdn: 'old.example.org', type: 'A' }],
      }),
    );
    const file = join(dir, 'example.org.zone');
    await writeFile(file, handKept);
    const before = await checkedRecords(ZONE, file);
    await writeFile(file, after);
    const changed = await checkedRecords(ZONE, file);
    const line = (r: { fqdn: string; type: string; ttl: number; value: string }) =>
      `${r.fqdn} ${r.ttl} ${r.type} ${r.value}`;
    const expected = before
      .filter((r) => r.fqdn !== 'old.example.org' && !(r.fqdn === 'mx2.example.org' && r.type === 'A'))
      .map(line)
      .concat('mx2.example.org 300 A 192.0.2.27');
    expect(changed.map(line).sort()).toEqual(expected.sort());
    expect(before).toHaveLength(60);
  });

  it('replaces an A written by its number (TYPE1, RFC 3597 §5) with the set, in its place', async () => {
    const text = `${handKept}num TYPE1 \\# 4 c0000201\nnum A 192.0.2.2\n`;
    const after = edited(
      text,
      op({ replace: [{ fqdn: 'num.example.org', type: 'A', ttl: 300, values: ['192.0.2.9'] }] }),
    );
    expect((await diffLines(text, after)).filter((line) => !line.includes('serial'))).toEqual([
      '< num TYPE1 \\# 4 c0000201',
      '< num A 192.0.2.2',
      '> num\t300\tIN\tA\t192.0.2.9',
    ]);
  });

  it('writes the owner on a record that named none when the record before it goes (RFC 1035 §5.1)', async () => {
    const after = edited(handKept, op({ delete: [{ fqdn: 'api.example.org', type: 'A' }] }));
    const lines = after.split('\n');
    expect(lines).toContain('api                IN  AAAA  2001:db8::40');
    expect(after).not.toMatch(/192\.0\.2\.4[01]\s/);
  });

  it('puts a replaced set where its first record was, though its records were apart', () => {
    const spf = '"v=spf1 mx include:_spf.mail.example.net -all"';
    const after = edited(
      handKept,
      op({ replace: [{ fqdn: 'example.org', type: 'TXT', ttl: 3600, values: [spf] }] }),
    );
    const lines = after.split('\n');
    const at = lines.indexOf(`@\t3600\tIN\tTXT\t${spf}`);
    // The CAA after it names no owner: the new row's owner is the apex, as the removed record's was.
    expect(lines[at + 1]).toBe('                IN  CAA   0 issue "letsencrypt.org"');
    expect(after).not.toContain('google-site-verification');
  });

  it('adds a set after the last record of its name, under the zone origin where another is in effect', () => {
    const after = edited(
      handKept,
      op({ replace: [{ fqdn: 'printer.office.example.org', type: 'TXT', ttl: 300, values: ['"floor=2"'] }] }),
    );
    const lines = after.split('\n');
    const at = lines.indexOf('printer         IN  A     192.0.2.91');
    expect(lines.slice(at + 1, at + 5)).toEqual([
      '$ORIGIN example.org.',
      'printer.office\t300\tIN\tTXT\t"floor=2"',
      '$ORIGIN office.example.org.',
      'scanner         IN  A     192.0.2.92',
    ]);
  });

  it('adds a set of a new name at the end of the file', () => {
    const after = edited(
      handKept,
      op({
        replace: [
          { fqdn: 'new.example.org', type: 'A', ttl: 300, values: ['192.0.2.1'] },
          { fqdn: 'z.example.org', type: 'AAAA', ttl: 300, values: ['2001:db8::1'] },
        ],
      }),
    );
    expect(
      after.endsWith(
        'old             IN  A     192.0.2.200\nnew\t300\tIN\tA\t192.0.2.1\nz\t300\tIN\tAAAA\t2001:db8::1\n',
      ),
    ).toBe(true);
  });

  it("changes only the SOA's serial, the third field after its type, though a timer has the same digits", () => {
    const text = [
      '$ORIGIN example.org.',
      '@ 3600 IN SOA ns1.example.org. h.example.org. 3600 3600 3600 3600 3600',
      '@ 3600 IN NS ns1.example.org.',
      'www 3600 IN A 192.0.2.1',
      '',
    ].join('\n');
    const after = edited(text, op({ delete: [{ fqdn: 'www.example.org', type: 'A' }] }));
    expect(after).toBe(
      [
        '$ORIGIN example.org.',
        '@ 3600 IN SOA ns1.example.org. h.example.org. 3601 3600 3600 3600 3600',
        '@ 3600 IN NS ns1.example.org.',
        '',
      ].join('\n'),
    );
  });

  it('replaces a set in place: a record after it that names no owner keeps its line, whatever else is added', async () => {
    const after = edited(
      handKept,
      op({
        replace: [
          { fqdn: 'api.example.org', type: 'A', ttl: 3600, values: ['192.0.2.42'] },
          // Added earlier in the file than api's set: the order rows are added in is not the order of the file.
          { fqdn: 'ns1.example.org', type: 'TXT', ttl: 3600, values: ['"rack=3"'] },
        ],
      }),
    );
    expect((await diffLines(handKept, after)).sort()).toEqual(
      [
        '<                           2026011501 ; serial: YYYYMMDDnn',
        '>                           2026030401 ; serial: YYYYMMDDnn',
        '< api             IN  A     192.0.2.40',
        '<                 IN  A     192.0.2.41',
        '> api\t3600\tIN\tA\t192.0.2.42',
        '> ns1\t3600\tIN\tTXT\t"rack=3"',
      ].sort(),
    );
  });

  const SMALL = [
    '$ORIGIN example.org.',
    '$TTL 300',
    '@ SOA ns1.example.org. h.example.org. 7 1h 10m 2w 5m',
    '@ NS ns1.example.org.',
    'note TXT SOA is not 1 record',
    '$ORIGIN office.example.org.',
    'printer A 192.0.2.91',
  ];
  const NEW_WWW = { fqdn: 'www.example.org', type: 'A', ttl: 300, values: ['192.0.2.1'] };

  it("ends a file that had no last newline with one, and changes no word SOA but the SOA record's", () => {
    const after = edited(SMALL.join('\n'), op({ replace: [NEW_WWW] }));
    expect(after).toBe(
      [
        ...SMALL.slice(0, 2),
        '@ SOA ns1.example.org. h.example.org. 8 1h 10m 2w 5m',
        ...SMALL.slice(3),
        '$ORIGIN example.org.',
        'www\t300\tIN\tA\t192.0.2.1',
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['$ORIGIN example.org.', ['www\t300\tIN\tA\t192.0.2.1']],
    // Relative to the origin before it (RFC 1035 §5.1): lab.office.example.org.
    ['$ORIGIN lab', ['$ORIGIN example.org.', 'www\t300\tIN\tA\t192.0.2.1']],
  ])('adds at the end under the origin a last "%s" leaves in effect', (directive, rows) => {
    const text = `${SMALL.join('\n')}\n${directive}\n`;
    const after = edited(text, op({ replace: [NEW_WWW] }));
    expect(after).toBe(`${text.replace(' 7 ', ' 8 ')}${rows.join('\n')}\n`);
  });

  it('finds the serial after an empty comment, on the next line of the SOA', () => {
    const text = [
      '$ORIGIN example.org.',
      '@ 300 IN SOA ns1.example.org. h.example.org. ( ;',
      '  7 1h 10m 2w 5m )',
      '@ 300 IN NS ns1.example.org.',
      '',
    ].join('\n');
    const after = edited(text, op({ replace: [NEW_WWW] }));
    expect(after.split('\n').slice(1, 3)).toEqual([
      '@ 300 IN SOA ns1.example.org. h.example.org. ( ;',
      '  8 1h 10m 2w 5m )',
    ]);
  });
});
