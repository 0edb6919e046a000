/**
 * Reading a zone file is bounded whatever the file holds: names over 255 octets (or with a label over 63) are refused
 * where they are written (RFC 1035 §2.3.4), so `$ORIGIN` lines cannot grow names, and with them memory and output, as
 * the square of the file; problems and warnings are counted past the first ones, not kept; an entry of more fields
 * than any record has is refused as it is read; and a read in progress stops when its signal fires.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/model/logger.js';
import { lexMasterFile, MAX_ENTRY_TOKENS } from '../../../src/model/zone-file/lexer.js';
import { ZONEFILE_CAPABILITIES } from '../../../src/providers/zonefile/capabilities.js';
import {
  ZonefileConflictError,
  ZonefileReadError,
  ZonefileSetupError,
} from '../../../src/providers/zonefile/errors.js';
import { createZonefileProvider, locationOf } from '../../../src/providers/zonefile/index.js';
import { nameLengthProblem, nameOctets } from '../../../src/providers/zonefile/name-length.js';
import { ProblemList } from '../../../src/providers/zonefile/problems.js';
import { readEntries, readEntrySteps } from '../../../src/providers/zonefile/read-entries.js';
import type { ZoneFileStore } from '../../../src/providers/zonefile/store.js';
import { readZoneContent, readZoneSteps } from '../../../src/providers/zonefile/zone-content.js';

const HEAD = [
  '$ORIGIN example.com.',
  '$TTL 300',
  '@ SOA ns1.example.net. hostmaster 1 1h 10m 2w 5m',
  '  NS ns1.example.net.',
];
const ORIGIN = 'example.com.';
const SUPPORTED: ReadonlySet<string> = new Set(ZONEFILE_CAPABILITIES.recordTypes);

/** A provider reading `text` as the file of example.com, from memory, with the warnings it logs. */
function providerOf(text: string, options: { signal?: AbortSignal } = {}, onDebug = (_line: string) => {}) {
  const warnings: string[] = [];
  const logger: Logger = { debug: onDebug, info() {}, warn: (line) => warnings.push(line) };
  const store: ZoneFileStore = {
    read: async () => Buffer.from(text),
    list: async () => [],
    replace: async () => ({ notKept: [] }),
  };
  // Files in the temporary directory, named from there (not from wherever the tests run).
  const location = locationOf('.', '{zone}.zone', join(tmpdir(), 'desired.yaml'));
  const dns = createZonefileProvider({ name: 'files', location, store, logger, ...options });
  return { dns, warnings };
}

async function readError(text: string): Promise<ZonefileReadError> {
  const error = await providerOf(text)
    .dns.readZones(['example.com'])
    .catch((e: unknown) => e);
  if (!(error instanceof ZonefileReadError)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

describe('names on the wire are at most 255 octets, labels at most 63 (RFC 1035 §2.3.4)', () => {
  const labels = (count: number, length: number) => Array.from({ length: count }, () => 'a'.repeat(length));

  it('counts octets as the wire does: a length octet per label, the root, one octet per escape', () => {
    // 4 labels of 62 octets: 4 × 63 + 1 = 253; one more octet label: 255, the most; one octet more: 256.
    const at253 = `${labels(4, 62).join('.')}.`;
    expect(nameLengthProblem(at253)).toBeNull();
    expect(nameLengthProblem(`b.${at253}`)).toBeNull();
    expect(nameLengthProblem(`bb.${at253}`)).toMatch(
      /is 256 octets long; a domain name has at most 255 \(RFC 1035 §2\.3\.4\)$/,
    );
    // `\\065` and `\\.` are one octet each, inside the label: 2 + 1 + 1 = 4 octets, not a split at the dot.
    expect(nameLengthProblem(`\\065\\.bb.${at253}`)).toMatch(/is 258 octets long/);
    expect(nameLengthProblem(`${'a'.repeat(63)}.example.`)).toBeNull();
    expect(nameLengthProblem(`${'a'.repeat(64)}.example.`)).toMatch(
      /has a label of 64 octets; a label has at most 63 \(RFC 1035 §2\.3\.4\)$/,
    );
    // Characters beyond ASCII count as their UTF-8 octets: 32 × "é" is 64 octets.
    expect(nameLengthProblem(`${'é'.repeat(32)}.example.`)).toMatch(/label of 64 octets/);
    expect(nameLengthProblem(`${'😀'.repeat(15)}.example.`)).toBeNull();
    expect(nameLengthProblem(`${'😀'.repeat(16)}.example.`)).toMatch(/label of 64 octets/);
    expect(nameLengthProblem('.')).toBeNull();
  });

  it('counts each label and escape as the wire does, and UTF-8 as its octets', () => {
    expect(nameOctets('example.com.')).toEqual({ total: 13, longestLabel: 7 });
    expect(nameOctets('.')).toEqual({ total: 1, longestLabel: 0 });
    // `\\065` is one octet; `\\X` is X (`\\1` before letters is the character 1, `\\a` the letter a); `\\.` is in its label.
    expect(nameOctets('\\065b.')).toEqual({ total: 4, longestLabel: 2 });
    expect(nameOctets('\\1ab.')).toEqual({ total: 5, longestLabel: 3 });
    expect(nameOctets('\\abc.')).toEqual({ total: 5, longestLabel: 3 });
    expect(nameOctets('a\\.b.c.')).toEqual({ total: 7, longestLabel: 3 });
    expect(nameOctets('a..b.')).toEqual({ total: 5, longestLabel: 1 });
    // Without escapes, what Node's own UTF-8 encoder counts, at each boundary of the encoding.
    for (const label of [
      '\u007f',
      '\u0080',
      '\u07ff',
      '\u0800',
      '\ud7ff',
      '\ud800\udc00',
      '\udbff\udfff',
      '\ue000',
      'é😀a',
    ]) {
      const octets = Buffer.byteLength(label);
      expect(nameOctets(`${label}.x.`), JSON.stringify(label)).toEqual({
        total: octets + 4,
        longestLabel: octets,
      });
    }
  });

  it('refuses an $ORIGIN or an owner over 255 octets where it is written; the origin stays what it was', () => {
    const long = labels(4, 60).join('.');
    const { records, problems } = readEntries(
      [
        '$TTL 60',
        `$ORIGIN ${long}.example.com.`,
        'www A 192.0.2.1',
        `x.${long} A 192.0.2.2`,
        '  A 192.0.2.3',
      ].join('\n'),
      ORIGIN,
    );
    expect(problems).toEqual([
      { line: 2, col: 9, message: expect.stringMatching(/^\$ORIGIN: aaa.*is 257 octets long/) },
      { line: 4, col: 1, message: expect.stringMatching(/^x\.aaa.*is 259 octets long/) },
      // A record without an owner field has the previous owner, refused again at its own line (its first field).
      { line: 5, col: 3, message: expect.stringMatching(/^x\.aaa.*is 259 octets long/) },
    ]);
    expect(records.map((r) => r.owner)).toEqual(['www.example.com.']);
  });

  it('refuses a 10,000-line file of growing $ORIGIN with a bounded message and warnings', async () => {
    const lines = [...HEAD];
    for (let i = 0; i < 5_000; i++) lines.push('$ORIGIN a', 'www A 192.0.2.1');
    const text = `${lines.join('\n')}\n`;
    const { warnings } = providerOf(text);
    const error = await readError(text);
    // `a.` grows the origin by 2 octets a line from example.com.'s 13: 121 origins fit in 255 (13 + 2 × 121), with
    // the `www.` below each while it fits (119 of them); every line after is refused at its line.
    expect(error.total).toBe(10_000 - 121 - 119);
    expect(error.problems).toHaveLength(20);
    expect(error.problems[0]?.line).toBe(4 + 2 * 119 + 2);
    expect(error.message).toContain(`… and ${error.total - 20} more`);
    expect(error.message.split('\n')).toHaveLength(22);
    expect(error.message.length).toBeLessThan(6_000);
    expect(warnings).toEqual([]);
  });
});

describe('problems and warnings are counted past the first ones', () => {
  it('keeps the first problems by line, then column, whatever order they are found in, and counts all', () => {
    const list = new ProblemList(3);
    for (const line of [9, 8, 7, 6, 5, 4, 3, 2, 1, 10]) list.add(line, 1, `at ${line}`);
    expect(list.total).toBe(10);
    expect(list.list()).toEqual([
      { line: 1, col: 1, message: 'at 1' },
      { line: 2, col: 1, message: 'at 2' },
      { line: 3, col: 1, message: 'at 3' },
    ]);
    // On one line, by column: the lexer finds a problem late in a line before the reader finds one early in it.
    const columns = new ProblemList(2);
    for (const [line, col] of [
      [2, 9],
      [2, 3],
      [1, 40],
      [2, 1],
    ] as const)
      columns.add(line, col, `${line}:${col}`);
    expect(columns.list().map((p) => p.message)).toEqual(['1:40', '2:1']);
    // The list holds at most twice its limit between trims, however many problems come.
    const bounded = new ProblemList(3);
    const held: number[] = [];
    for (let line = 1; line <= 1_000; line++) {
      bounded.add(line, 1, 'x');
      held.push(bounded.held);
    }
    expect(held.slice(0, 6)).toEqual([1, 2, 3, 4, 5, 3]);
    expect(Math.max(...held)).toBe(5);
    expect(bounded.total).toBe(1_000);
    const tied = new ProblemList(2);
    for (const message of ['first', 'second', 'third']) tied.add(4, 2, message);
    expect(tied.list().map((p) => p.message)).toEqual(['first', 'second']);
  });

  it('shows 20 problems of a file of 2,000 bad lines, and how many more', async () => {
    const many = await readError([...HEAD, ...Array.from({ length: 2_000 }, () => 'x 60 CH A 1')].join('\n'));
    expect(many.total).toBe(2_000);
    expect(many.problems.map((p) => p.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
    expect(many.message.split('\n').at(-1)).toBe('  … and 1980 more');
  });

  it('shows 20 problems of any list, and names its error class and code', () => {
    const problems = Array.from({ length: 25 }, (_, i) => ({
      line: i + 1,
      col: i + 2,
      message: `bad ${i + 1}`,
    }));
    const error = new ZonefileReadError('a.zone', problems);
    expect(error.name).toBe('ZonefileReadError');
    expect(error.message.split('\n')).toEqual([
      'a.zone: 25 problems, so the zone cannot be read:',
      ...problems.slice(0, 20).map((p) => `  a.zone:${p.line}:${p.line + 1}: EP2501 ${p.message}`),
      '  … and 5 more',
    ]);
    expect(error.code).toBe('EP2501');
    const conflict = new ZonefileConflictError('a', 'a.zone', 'was edited');
    expect([conflict.name, conflict.code]).toEqual(['ZonefileConflictError', 'EP3004']);
    expect(conflict.message).toBe(
      'zone a changed since the plan (a.zone was edited); nothing was written, plan again',
    );
    const setup = new ZonefileSetupError('x');
    expect([setup.name, setup.code]).toEqual(['ZonefileSetupError', 'EP1930']);
  });

  it('refuses a file that is not UTF-8, at the line and column of its first octet that is not', async () => {
    const store: ZoneFileStore = {
      read: async () => Buffer.concat([Buffer.from('$TTL 300\n@ TXT "ü'), Buffer.from([0xff, 0x22, 0x0a])]),
      list: async () => [],
      replace: async () => ({ notKept: [] }),
    };
    const location = locationOf('.', '{zone}.zone', join(tmpdir(), 'desired.yaml'));
    const dns = createZonefileProvider({ name: 'files', location, store });
    await expect(dns.readZones(['example.com'])).rejects.toThrow(
      'example.com.zone:2:9: EP2501 not UTF-8 text: the octet 0xFF here does not start a UTF-8 character ' +
        '(write other octets as \\DDD)',
    );
  });

  it('quotes at most the start and the end of a long token', async () => {
    const error = await readError([...HEAD, `www 1${'x'.repeat(100_000)} A 192.0.2.1`].join('\n'));
    expect(error.problems).toEqual([
      {
        line: 5,
        col: 5,
        message: expect.stringMatching(/^1x{29} … 99,941 characters left out … x{30} is not a TTL$/),
      },
    ]);
    expect(error.message.length).toBeLessThan(300);
  });

  it('logs 20 sets kept as written, and how many more', async () => {
    const long = `"${'t'.repeat(256)}"`;
    const lines = [...HEAD, ...Array.from({ length: 50 }, (_, i) => `n${i} TXT ${long}`)];
    const { dns, warnings } = providerOf(lines.join('\n'));
    const live = await dns.readZones(['example.com']);
    expect(live.zones['example.com']?.unsupported).toHaveLength(50);
    expect(warnings).toHaveLength(21);
    expect(warnings[0]).toMatch(/^example\.com\.zone:5:1: n0\.example\.com TXT is kept as written: /);
    expect(warnings[20]).toBe('example.com.zone: 30 more sets kept as written for such reasons');
  });

  it('refuses an entry of more fields than any record has, once, without keeping them (RFC 1035 §3.2.1)', () => {
    // More than twice the limit: the entry is refused once, not again each time it could reach the limit anew.
    const fields = Array.from({ length: 2 * MAX_ENTRY_TOKENS + 10 }, () => '"a"').join(' ');
    const { entries, problems } = lexMasterFile(`x TXT (\n${fields}\n)\nok A 192.0.2.1\n`);
    // At the first field past the limit, the entry's 65,546th: line 2's 65,544th, after 65,543 `"a" ` of 4 columns.
    expect(problems).toEqual([
      {
        line: 2,
        col: 4 * (MAX_ENTRY_TOKENS - 2) + 1,
        message: expect.stringContaining('no record has so many'),
      },
    ]);
    expect(entries.map((e) => e.tokens[0]?.raw)).toEqual(['ok']);
  });

  it("passes the lexer's problems on, each at its line, among the others", () => {
    const { records, problems } = readEntries(
      '$TTL 60\nx TXT "not closed\n$TTL 60 70\ny A 192.0.2.1\n',
      ORIGIN,
    );
    expect(problems).toEqual([
      { line: 2, col: 7, message: 'a quoted string is not closed on its line' },
      { line: 3, col: 9, message: '$TTL takes exactly one value' },
    ]);
    expect(records.map((r) => r.owner)).toEqual(['y.example.com.']);
  });

  it('tells directives from records: only an unquoted $ word that starts its line', () => {
    const { records, problems } = readEntries(
      ['$TTL 60', 'www A 192.0.2.1', ' $TTL A 192.0.2.2', '"$x" A 192.0.2.3'].join('\n'),
      ORIGIN,
    );
    // An indented `$TTL` is the type of a record of the previous owner; a quoted "$x" is an owner.
    expect(problems).toEqual([{ line: 3, col: 2, message: '$TTL is not a record type' }]);
    expect(records.map((r) => `${r.owner} ${r.type}`)).toEqual(['www.example.com. A', '"$x".example.com. A']);
  });

  it('reads in steps: one pause per 500 entries and per 200 sets, and the same result at once', () => {
    const lines = [...HEAD, ...Array.from({ length: 1_250 }, (_, i) => `h${i} A 192.0.2.1`)];
    const text = lines.join('\n');
    const pauses = (steps: Generator<void, unknown>) => {
      let n = 0;
      while (!steps.next().done) n++;
      return n;
    };
    expect(pauses(readEntrySteps(text, ORIGIN, new ProblemList()))).toBe(2);
    // 1,254 entries (2 pauses), then 1,250 sets and the apex NS (6 pauses).
    expect(pauses(readZoneSteps(text, 'example.com', SUPPORTED))).toBe(8);
    expect(readEntries(text, ORIGIN).records).toHaveLength(1_252);
    const read = readZoneContent(text, 'example.com', SUPPORTED);
    expect(read.ok && read.content.sets).toHaveLength(1_250);
  });
});

describe('a read stops when its signal fires', () => {
  const big = `${[...HEAD, ...Array.from({ length: 5_000 }, (_, i) => `h${i} A 192.0.2.1`)].join('\n')}\n`;

  it('stops between steps of a large file, with the signal reason, and reads nothing more', async () => {
    const stop = new AbortController();
    // Once the file's bytes are in and its text is about to be read, the signal fires at the next turn of the event
    // loop: after the first step of 500 records, long before 5,000 are read.
    const { dns } = providerOf(big, { signal: stop.signal }, (line) => {
      if (line.startsWith('reading ')) setImmediate(() => stop.abort('SIGTERM'));
    });
    await expect(dns.readZones(['example.com'])).rejects.toBe('SIGTERM');
  });

  it('reads the same file to its end when nothing stops it', async () => {
    const stop = new AbortController();
    const { dns } = providerOf(big, { signal: stop.signal });
    const live = await dns.readZones(['example.com']);
    expect(live.zones['example.com']?.records).toHaveLength(5_000);
  });

  it('reads nothing once the signal has fired', async () => {
    const { dns } = providerOf(big, { signal: AbortSignal.abort('SIGINT') });
    await expect(dns.readZones(['example.com'])).rejects.toBe('SIGINT');
  });
});
