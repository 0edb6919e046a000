import { Argument, Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { bashScript } from '../../../src/cli/completion/bash.js';
import { fishScript } from '../../../src/cli/completion/fish.js';
import { completionSpec } from '../../../src/cli/completion/spec.js';
import { zshScript } from '../../../src/cli/completion/zsh.js';
import { buildProgram } from '../../../src/cli/program.js';
import { quietIo } from '../../support/cli.js';

/**
 * Completion is read from the commander program, so a command or flag added to the CLI is completed without touching
 * the scripts: a small program shows how each kind of value is read, the real one that nothing is left out.
 */

function tool(): Command {
  const program = new Command('tool').version('1.0.0');
  program
    .command('sync')
    .description("copy: what's [new]")
    .argument('[paths...]', 'files')
    .option('-n, --dry-run', 'send nothing')
    .option('--out <file>', 'write here')
    .option('--cache <dir>', 'keep files here')
    .option('--name <name>', 'repeatable', (v: string, p: string[]) => [...p, v], []);
  program.command('pick').addArgument(new Argument('<shell>').choices(['a', 'b']));
  return program;
}

describe('completionSpec', () => {
  it('reads commands, flags and what each value completes to from the program', () => {
    const spec = completionSpec(tool());
    expect(spec.program).toBe('tool');
    expect(spec.options.map((o) => o.long)).toEqual(['--version', '--help']);
    expect(spec.commands.map((c) => c.name)).toEqual(['sync', 'pick', 'help']);
    const [sync, pick, help] = spec.commands;
    expect(sync?.args).toEqual({ kind: 'files' });
    expect(sync?.options).toEqual([
      { long: '--dry-run', short: '-n', description: 'send nothing', value: null, repeatable: false },
      { long: '--out', description: 'write here', value: { kind: 'files' }, repeatable: false },
      { long: '--cache', description: 'keep files here', value: { kind: 'dirs' }, repeatable: false },
      { long: '--name', description: 'repeatable', value: { kind: 'free', name: 'name' }, repeatable: true },
      { long: '--help', short: '-h', description: 'display help', value: null, repeatable: false },
    ]);
    expect(pick?.args).toEqual({ kind: 'choices', words: ['a', 'b'] });
    expect(help?.args).toEqual({ kind: 'choices', words: ['sync', 'pick'] });
  });

  it('every shell names every command and flag of the real CLI', () => {
    const program = buildProgram(quietIo(), () => {});
    const spec = completionSpec(program);
    expect(spec.commands.map((c) => c.name)).toEqual([...program.commands.map((c) => c.name()), 'help']);
    for (const script of [bashScript(spec), zshScript(spec), fishScript(spec)]) {
      for (const command of program.commands) {
        expect(script).toContain(command.name());
        for (const option of command.options)
          expect(script, `${command.name()} ${option.long}`).toContain(`${option.long?.replace(/^--/, '')}`);
      }
    }
  });

  it('quotes descriptions for each shell', () => {
    const spec = completionSpec(tool());
    expect(zshScript(spec)).toContain(`'sync:copy: what'\\''s [new]'`);
    expect(fishScript(spec)).toContain(`-a 'sync' -d 'copy: what\\'s [new]'`);
    expect(zshScript(spec)).toContain(`'--out=[write here]:file:_files'`);
    expect(zshScript(spec)).toContain(`'*--name=[repeatable]:name: '`);
    expect(zshScript(spec)).toContain(`'(-n --dry-run)'{-n,--dry-run}'[send nothing]'`);
  });
});
