/**
 * The zone-file reader end to end (read.ts): a file on disk, read by the provider through its real store, whose
 * problems come out as one ZonefileReadError (EP2501) naming each at `file:line:col`. The lexer's problems (RFC
 * 1035 §5.1: quoted strings, `\DDD` escapes, parentheses) must reach it beside the reader's own, each at the line
 * and column of its field, and the lines after a problem must still be read.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZonefileReadError } from '../../../src/providers/zonefile/errors.js';
import { createZonefileProvider, locationOf } from '../../../src/providers/zonefile/index.js';

const HEAD = ['$TTL 300', '@ SOA ns1.example.net. hostmaster 1 1h 10m 2w 5m', '  NS ns1.example.net.'];

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-read-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Writes `lines` as zones/example.com.zone and reads the zone through the provider: what it refuses with. */
async function refusal(lines: readonly string[]): Promise<ZonefileReadError> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(dir, 'zones'));
  await writeFile(join(dir, 'zones', 'example.com.zone'), `${lines.join('\n')}\n`);
  const location = locationOf('zones', '{zone}.zone', join(dir, 'desired.yaml'));
  const dns = createZonefileProvider({ name: 'files', location });
  const error = await dns.readZones(['example.com']).catch((e: unknown) => e);
  if (!(error instanceof ZonefileReadError)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

describe("the lexer's problems reach the reader's refusal", () => {
  it('names each at file:line:col with code EP2501, among the reader’s own, and reads on', async () => {
    const error = await refusal([
      ...HEAD, // lines 1-3
      'a TXT "not closed', // 4: a quoted string ends on its line
      'b TXT \\256', // 5: \DDD is at most 255
      'c TXT \\12x', // 6: \DDD is three digits
      'd TXT )', // 7: a ")" with no "("
      'e 60 CH TXT "x"', // 8: the reader's own problem
      'f TXT ab\\', // 9: a backslash ending the line outside quotes (BIND: a syntax error)
      'ok A 192.0.2.1',
      'g TXT ( "open"', // 11: never closed, said where it opens
      'h A 192.0.2.2', // swallowed by the open entry, dropped with it
    ]);
    expect(error.code).toBe('EP2501');
    expect(error.file).toBe('zones/example.com.zone');
    expect(error.problems).toEqual([
      { line: 4, col: 7, message: 'a quoted string is not closed on its line' },
      { line: 5, col: 7, message: '"\\256" is not an escape: \\DDD is three digits from 000 to 255' },
      { line: 6, col: 7, message: '"\\12" is not an escape: \\DDD is three digits from 000 to 255' },
      { line: 7, col: 7, message: '")" without "("' },
      { line: 8, col: 6, message: 'class CH is not supported (only IN)' },
      {
        line: 9,
        col: 7,
        message: 'a backslash ends the line outside quotes: write a line break as \\010, or quote it',
      },
      { line: 11, col: 7, message: '"(" is not closed before the end of the file' },
    ]);
    expect(error.total).toBe(7);
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('zones/example.com.zone: 7 problems, so the zone cannot be read:');
    expect(lines.slice(1)).toEqual(
      error.problems.map((p) => `  zones/example.com.zone:${p.line}:${p.col}: EP2501 ${p.message}`),
    );
    expect(lines[1]).toBe('  zones/example.com.zone:4:7: EP2501 a quoted string is not closed on its line');
  });

  it('counts the lines and columns a quoted string spans with an escaped line break (BIND reads it as \\010)', async () => {
    const error = await refusal([...HEAD, 'a TXT "one\\', 'two" "three\\', 'four" \\256', 'b 60 CH TXT "x"']);
    expect(error.problems).toEqual([
      { line: 6, col: 7, message: '"\\256" is not an escape: \\DDD is three digits from 000 to 255' },
      { line: 7, col: 6, message: 'class CH is not supported (only IN)' },
    ]);
  });

  it('a lexer problem alone still refuses the file: nothing of it is taken as read', async () => {
    const error = await refusal([...HEAD, 'www A 192.0.2.1', 'txt TXT "half']);
    expect(error.problems).toEqual([
      { line: 5, col: 9, message: 'a quoted string is not closed on its line' },
    ]);
    expect(error.message).toContain(
      'zones/example.com.zone:5:9: EP2501 a quoted string is not closed on its line',
    );
  });
});
