/**
 * What the zone-file reader refuses, BIND refuses: each of its refusals of a file's text (RFC 1035 §5.1 syntax, a
 * class or TTL given twice, another class) is put to `named-checkzone` on the same text, which must refuse it too,
 * and every order of TTL and class fields is read by both alike: refused by both, or read by both with the same TTL.
 * A stricter reader must not refuse what BIND loads. The refusals that are edgeplan's own choice ($INCLUDE,
 * $GENERATE: an apply could not write their records back) are listed apart, with BIND accepting them.
 * Needs `named-checkzone` (bind9-utils); in CI it never skips.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProblemList } from '../../../src/providers/zonefile/problems.js';
import { readEntrySteps } from '../../../src/providers/zonefile/read-entries.js';
import { runSteps } from '../../../src/providers/zonefile/steps.js';
import { readZoneContent } from '../../../src/providers/zonefile/zone-content.js';
import { checkedRecords, checkZone, checkzoneMissing } from './checkzone.js';

// Budget: about 30 runs of named-checkzone, 0.1 s each on a loaded machine; ten times that.
vi.setConfig({ testTimeout: 60_000 });

const ZONE = 'example.com';
const HEAD = ['@ 300 IN SOA ns1 hostmaster 1 3600 600 1209600 300', '@ 300 NS ns1', 'ns1 300 A 192.0.2.9'];
const SUPPORTED: ReadonlySet<string> = new Set(['A', 'NS', 'TXT', 'MX']);

const missing = checkzoneMissing();
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-refusals-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let files = 0;
/** Writes `lines` after the head into a file of its own; its path. */
async function zoneFile(lines: readonly string[]): Promise<string> {
  const path = join(dir, `z${++files}.zone`);
  await writeFile(path, `${[...HEAD, ...lines].join('\n')}\n`);
  return path;
}

/** The lines named-checkzone names in its errors about `path` (not its warning of a file without `$TTL`). */
function bindLines(output: string, path: string): number[] {
  const errors = output
    .split('\n')
    .filter((line) => !line.endsWith('using RFC1035 TTL semantics'))
    .join('\n');
  const lines = [...errors.matchAll(new RegExp(`${path.replaceAll('.', '\\.')}:(\\d+):`, 'g'))];
  return [...new Set(lines.map((m) => Number(m[1])))].sort((a, b) => a - b);
}

/** Each case: the lines after the head, the problem edgeplan gives (line 4 is the first after the head). */
const REFUSALS: [string, string[], { line: number; col: number; message: string }][] = [
  [
    'a class given twice',
    ['www IN IN A 192.0.2.1'],
    { line: 4, col: 8, message: expect.stringMatching(/^IN is a second class after IN/) },
  ],
  [
    'IN after CLASS1',
    ['www CLASS1 IN A 192.0.2.1'],
    { line: 4, col: 12, message: expect.stringMatching(/^IN is a second class/) },
  ],
  [
    'a class, a TTL, a class',
    ['www IN 60 IN A 192.0.2.1'],
    { line: 4, col: 11, message: expect.stringMatching(/^IN is a second class/) },
  ],
  [
    'a TTL given twice',
    ['www 300 600 A 192.0.2.1'],
    { line: 4, col: 9, message: expect.stringMatching(/^600 is a second TTL/) },
  ],
  [
    'a TTL, a class, a TTL',
    ['www 300 IN 1h A 192.0.2.1'],
    { line: 4, col: 12, message: expect.stringMatching(/^1h is a second TTL/) },
  ],
  ['another class', ['www CH TXT "x"'], { line: 4, col: 5, message: 'class CH is not supported (only IN)' }],
  [
    'CLASS255 (ANY)',
    ['www CLASS255 A 192.0.2.1'],
    { line: 4, col: 5, message: 'class CLASS255 is not supported (only IN)' },
  ],
  [
    'a type that is no word',
    ['www 60 IN 1A 192.0.2.1'],
    { line: 4, col: 11, message: '1A is not a record type' },
  ],
  ['no type', ['www 60 IN'], { line: 4, col: 8, message: 'the record has no type' }],
  [
    'a quoted string left open',
    ['www TXT "open'],
    { line: 4, col: 9, message: 'a quoted string is not closed on its line' },
  ],
  ['a ")" without "("', ['www TXT "a" )'], { line: 4, col: 13, message: '")" without "("' }],
  [
    'a \\DDD over 255',
    ['www TXT \\256'],
    { line: 4, col: 9, message: expect.stringMatching(/is not an escape/) },
  ],
  [
    'a backslash ending the line',
    ['www TXT ab\\', 'x A 192.0.2.1'],
    { line: 4, col: 9, message: expect.stringMatching(/^a backslash ends the line/) },
  ],
  // BIND names the end of the file ("near eof"); edgeplan the parenthesis left open.
  [
    'a "(" never closed',
    ['txt TXT ( "a"', '  "b"', 'x A 192.0.2.1'],
    { line: 4, col: 9, message: '"(" is not closed before the end of the file' },
  ],
];

describe.skipIf(missing !== null)(
  `every refusal of a file's text, BIND refuses too${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    it.each(REFUSALS)('%s', async (_, lines, problem) => {
      const text = `${[...HEAD, ...lines].join('\n')}\n`;
      const read = readZoneContent(text, ZONE, SUPPORTED);
      expect(read.ok ? [] : read.problems).toEqual([problem]);
      const path = await zoneFile(lines);
      const bind = await checkZone(ZONE, path);
      expect(bind.ok).toBe(false);
      // At the same line, but for the parenthesis, which BIND finds open at the end of the file.
      const at = lines[0]?.includes('(') ? HEAD.length + lines.length + 1 : problem.line;
      expect(bindLines(bind.output, path)).toEqual([at]);
    });

    // $INCLUDE and $GENERATE: an apply could not write their records back. A TTL over 2^31 - 1: BIND reads it as 0
    // (RFC 2181 §8), with a warning; edgeplan refuses it rather than plan from a TTL the file does not say.
    it.each([
      ['$INCLUDE', ['$INCLUDE /dev/null']],
      ['$GENERATE', ['$GENERATE 1-2 h$ A 192.0.2.$']],
      ['a TTL over 2^31 - 1', ['www 2147483648 A 192.0.2.1']],
    ])('refuses %s, which BIND reads: a choice of its own', async (_, lines) => {
      const read = readZoneContent(`${[...HEAD, ...lines].join('\n')}\n`, ZONE, SUPPORTED);
      expect(read.ok).toBe(false);
      expect((await checkZone(ZONE, await zoneFile(lines))).ok).toBe(true);
    });
  },
);

/** The words a record may have between its owner and its type. */
const FIELDS = ['300', '1h', 'IN', 'in', 'CLASS1', 'CH', 'CLASS3', '0'] as const;

/** Every sequence of up to three of FIELDS, each as the fields of a record `rN <fields> TXT "x"`. */
function fieldOrders(): string[][] {
  const orders: string[][] = [[]];
  for (let length = 1; length <= 3; length++)
    for (const order of orders.filter((o) => o.length === length - 1))
      for (const field of FIELDS) orders.push([...order, field]);
  return orders;
}

describe.skipIf(missing !== null)(
  `TTL and class in any order, read as BIND reads them (RFC 1035 §5.1)${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const orders = fieldOrders();
    const lines = orders.map((fields, i) => [`r${i}`, ...fields, 'TXT "x"'].join(' '));
    const lineOf = (i: number) => HEAD.length + i + 1;

    it('refuses exactly the records BIND refuses, each at its line', async () => {
      const problems = new ProblemList(orders.length);
      runSteps(readEntrySteps(`${[...HEAD, ...lines].join('\n')}\n`, `${ZONE}.`, problems));
      const refused = [...new Set(problems.list().map((p) => p.line))];
      const path = await zoneFile(lines);
      const bind = await checkZone(ZONE, path);
      expect(refused).toEqual(bindLines(bind.output, path));
      // Both ways: the orders hold records either refuses and records both read.
      expect(refused.length).toBeGreaterThan(100);
      expect(refused.length).toBeLessThan(orders.length - 20);
      expect(refused).toContain(lineOf(orders.findIndex((o) => o.join(' ') === 'IN IN')));
      expect(refused).not.toContain(lineOf(orders.findIndex((o) => o.join(' ') === 'in 300')));
    });

    it('gives every record both read the TTL BIND gives it', async () => {
      const problems = new ProblemList(orders.length);
      const text = `${[...HEAD, ...lines].join('\n')}\n`;
      const records = runSteps(readEntrySteps(text, `${ZONE}.`, problems));
      const refused = new Set(problems.list().map((p) => p.line));
      const kept = lines.filter((_, i) => !refused.has(lineOf(i)));
      const ours = records.filter((r) => r.owner.startsWith('r')).map((r) => `${r.owner} ${r.ttl} ${r.type}`);
      const bind = (await checkedRecords(ZONE, await zoneFile(kept)))
        .filter((r) => r.fqdn.startsWith('r'))
        .map((r) => `${r.fqdn}. ${r.ttl} ${r.type}`);
      expect(ours.sort()).toEqual(bind.sort());
      expect(ours.length).toBe(kept.length);
    });
  },
);
