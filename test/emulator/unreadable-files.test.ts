/**
 * An account file (the state file, a seed) that does not parse is reported by path, line and column, never by its
 * content: it holds the account's passwords and client secrets, and the parsers' own messages quote the text.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator, loadSeedFile } from '../../src/emulator/index.js';
import { readStateFile } from '../../src/emulator/state-file.js';
import { jsonSyntaxProblem, yamlSyntaxProblem } from '../../src/emulator/syntax-error.js';

const SECRET = 'hunter2-s3cret';
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-unreadable-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function messageOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('expected a rejection with an Error');
  return error.message;
}

describe('a state file that is not JSON', () => {
  it('names the file and where, and never echoes a secret-looking first line', async () => {
    const path = join(dir, 'state.json');
    await writeFile(path, `password: ${SECRET}\nclient_secret: ${SECRET}\n`);
    const message = await messageOf(readStateFile(path));
    expect(message).toBe(
      `Cannot parse emulator state ${path}: not valid JSON at line 1, column 1 (invalid symbol)`,
    );
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain('password');
  });

  it('locates an error after a secret on an earlier line, and quotes neither', async () => {
    const path = join(dir, 'state.json');
    const text = `{\n  "dns": { "credentials": { "password": "${SECRET}" } }\n  "waf": {}\n}\n`;
    await writeFile(path, text);
    const message = await messageOf(readStateFile(path));
    expect(message).toBe(
      `Cannot parse emulator state ${path}: not valid JSON at line 3, column 3 (comma expected)`,
    );
  });

  it('stops the emulator from starting on it, with the same message', async () => {
    const path = join(dir, 'state.json');
    await writeFile(path, `${SECRET}`);
    const emulator = createEmulator({ statePath: path });
    const message = await messageOf(emulator.listen(0, '127.0.0.1'));
    expect(message).toMatch(/^Cannot parse emulator state .*state\.json: not valid JSON at line 1, column 1/);
    expect(message).not.toContain(SECRET);
  });
});

describe('a seed file that does not parse', () => {
  it('YAML: names the line and column of the error, not the line itself', async () => {
    const path = join(dir, 'seed.yaml');
    await writeFile(path, `dns:\n  credentials:\n    password: ${SECRET}: x\n`);
    const message = await messageOf(loadSeedFile(path));
    expect(message).toBe(
      `Cannot parse emulator seed ${path}: not valid YAML at line 3, column 15 (block as implicit key)`,
    );
  });

  it('JSON: the same as a state file', async () => {
    const path = join(dir, 'seed.json');
    await writeFile(path, `{"dns": {"credentials": {"password": "${SECRET}",}}}`);
    const message = await messageOf(loadSeedFile(path));
    expect(message).toBe(
      `Cannot parse emulator seed ${path}: not valid JSON at line 1, column 55 (property name expected)`,
    );
  });
});

describe('the problem texts', () => {
  it.each([
    ['', 'not valid JSON at line 1, column 1 (value expected)'],
    ['[1, 2]]', 'not valid JSON at line 1, column 7 (end of file expected)'],
    ['{"a": 1} // note', 'not valid JSON at line 1, column 10 (invalid comment token)'],
    ['\n\n  {"a": "b"', 'not valid JSON at line 3, column 12 (close brace expected)'],
  ])('JSON %j: %s', (text, problem) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonSyntaxProblem(text)).toBe(problem);
  });

  it('says only "not valid JSON" when the locating pass finds nothing to point at', () => {
    expect(jsonSyntaxProblem('{"a": 1}')).toBe('not valid JSON');
  });

  it("names an error that is not the YAML parser's by its kind only", () => {
    expect(yamlSyntaxProblem(new RangeError(`Invalid ${SECRET}`))).toBe('not readable (RangeError)');
  });
});
