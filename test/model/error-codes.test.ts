import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BEGIN_MARKER,
  END_MARKER,
  errorCodesMarkdown,
  TROUBLESHOOTING_PATH,
  withErrorCodes,
} from '../../scripts/error-codes.js';
import { EdgeplanError } from '../../src/model/edgeplan-error.js';
import { ERROR_CODES, errorCodeTable, isErrorCode, kindOfCode } from '../../src/model/error-codes.js';

const SRC = new URL('../../src/', import.meta.url).pathname;
const REGISTRY = 'model/error-codes.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Each source file's code lines (comments left out: a comment that names a code is not a use of it). */
const SOURCES = sourceFiles(SRC)
  .map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }))
  .filter(({ path }) => path !== REGISTRY)
  .map(({ path, text }) => ({
    path,
    code: text
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .join('\n'),
  }));

const QUOTED_CODE = /'(EP\d{4})'/g;
const CLASS_CODE = /readonly code(?:: ErrorCode)? = '(EP\d{4})'/g;

function uses(pattern: RegExp): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { path, code } of SOURCES)
    for (const [, id] of code.matchAll(pattern)) found.set(`${id}`, [...(found.get(`${id}`) ?? []), path]);
  return found;
}

describe('the error-code registry', () => {
  it('has well-formed codes, each in a range that has a kind, none written twice', () => {
    const written = [...readFileSync(join(SRC, REGISTRY), 'utf8').matchAll(/^\s+(EP\d+):/gm)].map(
      ([, code]) => code,
    );
    expect(written.length).toBe(Object.keys(ERROR_CODES).length);
    expect(new Set(written).size).toBe(written.length);
    for (const code of written) {
      expect(code).toMatch(/^EP\d{4}$/);
      expect(isErrorCode(`${code}`)).toBe(true);
    }
    for (const { code } of errorCodeTable()) expect(() => kindOfCode(code)).not.toThrow();
  });

  it('knows every code used in src, and every code it lists is used (or marked retired)', () => {
    const used = uses(QUOTED_CODE);
    expect([...used.keys()].filter((code) => !isErrorCode(code))).toEqual([]);
    const table = errorCodeTable();
    expect(table.filter((entry) => !entry.retired && !used.has(entry.code)).map(({ code }) => code)).toEqual(
      [],
    );
    expect(table.filter((entry) => entry.retired && used.has(entry.code)).map(({ code }) => code)).toEqual(
      [],
    );
  });

  it('gives each error class a code of its own, in a range of its own apart from the problems', () => {
    const declared = uses(CLASS_CODE);
    expect([...declared].filter(([, paths]) => paths.length > 1)).toEqual([]);
    const isProblem = (code: string) => code.startsWith('EP1') && !code.startsWith('EP19');
    expect([...declared.keys()].filter(isProblem)).toEqual([]);
  });

  it('leaves no error class in src outside the family (the emulator models the services, and is left out)', () => {
    const outside = SOURCES.filter(
      ({ path, code }) =>
        !path.startsWith('emulator/') && /class \w+ extends (Error|TypeError|RangeError)\b/.test(code),
    ).map(({ path }) => path);
    expect(outside).toEqual(['model/edgeplan-error.ts']);
  });

  it('derives the kind from the range, and an error its kind from its code', () => {
    expect(kindOfCode('EP1901')).toBe('config');
    expect(kindOfCode('EP2104')).toBe('provider');
    expect(kindOfCode('EP3001')).toBe('conflict');
    expect(kindOfCode('EP4001')).toBe('outcome-unknown');
    expect(kindOfCode('EP5001')).toBe('refused');
    expect(kindOfCode('EP6001')).toBe('usage');
    expect(kindOfCode('EP7001')).toBe('interrupted');
    expect(kindOfCode('EP9001')).toBe('internal');
    class Sample extends EdgeplanError {
      readonly code = 'EP2104';
    }
    const cause = new Error('below');
    const error = new Sample('above', { cause });
    expect([error.code, error.kind, error.cause, error instanceof Error]).toEqual([
      'EP2104',
      'provider',
      cause,
      true,
    ]);
  });

  it('is listed, every code, in the Error codes section of docs/troubleshooting.md (npm run error-codes -- --write)', () => {
    const page = readFileSync(TROUBLESHOOTING_PATH, 'utf8');
    expect(withErrorCodes(page)).toBe(page);
    const section = page.slice(page.indexOf(BEGIN_MARKER), page.indexOf(END_MARKER));
    const listed = [...section.matchAll(/^\| `(EP\d{4})` \|/gm)].map(([, code]) => code);
    expect(listed).toEqual(errorCodeTable().map(({ code }) => code));
    expect(errorCodesMarkdown(page).split('\n')).toHaveLength(Object.keys(ERROR_CODES).length + 2);
  });
});
