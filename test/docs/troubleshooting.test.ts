import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codesOfRow, sourceRows, TROUBLESHOOTING_PATH } from '../../scripts/error-codes.js';
import { errorCodeTable, isErrorCode } from '../../src/model/error-codes.js';

/**
 * docs/troubleshooting.md is keyed by what users see: the code. Every code a user can meet (all but the internal
 * EP9xxx and the retired) has a row in a per-source table, with what to do; a row that names an error class shows
 * that class's code in front of it, as "`EP2106` `DynJobLostError`".
 */

/** Every error class of src/ that declares its code (the emulator, a server of its own, left out). */
function classCodes(): Map<string, string> {
  const found = new Map<string, string>();
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.startsWith('emulator/'),
  );
  for (const file of files) {
    const text = readFileSync(join('src', file), 'utf8');
    for (const [, name, body] of text.matchAll(
      /^export (?:abstract )?class (\w+) extends \w+[^{]*\{([\s\S]*?)^\}/gm,
    )) {
      const code = /readonly code(?:: ErrorCode)? = '(EP\d{4})'/.exec(body ?? '')?.[1];
      if (name !== undefined && code !== undefined) found.set(name, code);
    }
  }
  return found;
}

const CLASSES = classCodes();

/** What is wrong with `page`: codes without a row that says what to do, classes shown without their code. */
function troubleshootingProblems(page: string): string[] {
  const rows = sourceRows(page);
  const problems: string[] = [];
  for (const row of rows) {
    const where = `line ${row.line} (${row.heading})`;
    const first = row.cells[0] ?? '';
    for (const code of codesOfRow(row)) if (!isErrorCode(code)) problems.push(`${where}: ${code} is no code`);
    for (const match of first.matchAll(/`(\w+Error)`/g)) {
      const name = match[1] ?? '';
      const code = CLASSES.get(name);
      if (code === undefined) continue;
      if (!first.slice(0, match.index).endsWith(`\`${code}\` `))
        problems.push(`${where}: ${name} without its code, \`${code}\` \`${name}\``);
    }
  }
  const answered = new Set(
    rows.filter((row) => (row.cells.at(-1) ?? '') !== '' && row.cells.length >= 3).flatMap(codesOfRow),
  );
  for (const { code, kind, retired } of errorCodeTable())
    if (kind !== 'internal' && !retired && !answered.has(code))
      problems.push(`${code}: no row of a per-source table shows it with what to do`);
  return problems;
}

describe('docs/troubleshooting.md', () => {
  const page = readFileSync(TROUBLESHOOTING_PATH, 'utf8');

  it('finds the error classes of src with their codes', () => {
    expect(CLASSES.size).toBeGreaterThan(50);
    expect(CLASSES.get('DynJobLostError')).toBe('EP2106');
  });

  it('has a row, with what to do, for every code a user can meet, and shows each class with its code', () => {
    expect(troubleshootingProblems(page)).toEqual([]);
  });

  it('the check finds a code without a row, a row without a "do", and a class without its code', () => {
    const row = page.split('\n').find((line) => line.startsWith('| `EP2106` `DynJobLostError`'));
    expect(row).toBeDefined();
    const without = page.replace(`${row}\n`, '');
    expect(troubleshootingProblems(without)).toEqual([
      'EP2106: no row of a per-source table shows it with what to do',
    ]);
    const noDo = page.replace(`${row}`, `${row?.replace(/\| [^|]+ \|$/, '|  |')}`);
    expect(troubleshootingProblems(noDo)).toEqual([
      'EP2106: no row of a per-source table shows it with what to do',
    ]);
    const uncoded = page.replace('| `EP2106` `DynJobLostError`', '| `DynJobLostError`');
    expect(troubleshootingProblems(uncoded)).toEqual([
      expect.stringMatching(/DynJobLostError without its code, `EP2106` `DynJobLostError`$/),
      'EP2106: no row of a per-source table shows it with what to do',
    ]);
  });
});
