/**
 * Every command `edgeplan --help` lists, and every flag each command's `--help` lists, is typed somewhere in the
 * built-CLI tests of this folder (which run the built CLI in a process of its own): a command or flag added
 * without such a test fails here. Short forms (`-y`) stand for their long form; the fault flags of the emulator
 * are written out one by one there, so each is found as typed.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';

const HERE = import.meta.dirname;

async function helpOf(argv: string[]): Promise<string> {
  const run = await cli([...argv, '--help']);
  expect(run.code).toBe(0);
  return run.stdout;
}

/** The commands of the top-level help: the first word of each line under "Commands:", except `help`. */
function commandsOf(help: string): string[] {
  const section = help.slice(help.indexOf('Commands:'));
  return [...section.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1] ?? '').filter((c) => c !== 'help');
}

/** The long flags of a help text: `--name` at the start of each option line (after an optional `-x, `). */
function flagsOf(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z0-9-]+)/gm)].map((m) => m[1] ?? '');
}

async function builtCliTests(): Promise<string> {
  const files = (await readdir(HERE)).filter((f) => f.endsWith('.test.ts') && f !== 'coverage.test.ts');
  const texts = await Promise.all(files.map((f) => readFile(join(HERE, f), 'utf8')));
  return texts.join('\n');
}

describe('the built-CLI tests', () => {
  it('run every command and every flag a user can type', async () => {
    const tests = await builtCliTests();
    const top = await helpOf([]);
    const commands = commandsOf(top);
    expect(commands).toEqual(
      expect.arrayContaining(['validate', 'plan', 'apply', 'drift', 'import', 'purge', 'emulator']),
    );
    const untested: string[] = [];
    for (const flag of flagsOf(top)) if (!tests.includes(`'${flag}'`)) untested.push(flag);
    for (const command of commands) {
      // A command is run as the first word of an argument list (the emulator's helper puts it there itself).
      const runs =
        tests.includes(`['${command}'`) ||
        (command === 'emulator' && tests.includes('startEmulatorProcess('));
      if (!runs) untested.push(command);
      for (const flag of flagsOf(await helpOf([command])))
        if (!tests.includes(`'${flag}'`)) untested.push(`${command} ${flag}`);
    }
    expect(untested).toEqual([]);
  });
});
