import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../../support/cli.js';
import { missingPrograms } from '../../support/programs.js';

// Time budget: ten times its slowest test (0.6 s quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

/**
 * `edgeplan completion SHELL` loaded into the real shell, asked to complete command lines in a directory of known
 * files: commands, flags, the choices of a flag, files where a path is taken, directories for --cache, nothing for
 * a free value. Each shell is tested when installed (in CI it must be: `.ci/run` installs bash, zsh and fish).
 */

const run = promisify(execFile);
const INSTALL = 'apt-get install -y bash zsh fish shellcheck';

let dir: string;
const script = (shell: string) => join(dir, `completion.${shell}`);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-completion-'));
  await mkdir(join(dir, 'work/dns'), { recursive: true });
  await writeFile(join(dir, 'work/zones.yaml'), 'zones: {}\n');
  await writeFile(join(dir, 'work/notes.txt'), '\n');
  for (const shell of ['bash', 'zsh', 'fish']) {
    const printed = await cli(['completion', shell]);
    expect(printed.code, printed.stderr).toBe(0);
    await writeFile(script(shell), printed.stdout);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Command lines to complete (the last word is the one completed) and the candidates expected, sorted. */
const CASES: [string, string[]][] = [
  ['edgeplan pl', ['plan']],
  ['edgeplan completion ', ['bash', 'fish', 'zsh']],
  ['edgeplan plan --form', ['--format']],
  ['edgeplan plan --format ', ['json', 'markdown', 'text']],
  ['edgeplan validate --format j', ['json']],
  ['edgeplan plan z', ['zones.yaml']],
  ['edgeplan apply --plan n', ['notes.txt']],
  ['edgeplan drift --cache ', ['dns/']],
  ['edgeplan purge blog --path ', []],
  ['edgeplan help pu', ['purge']],
];

const noBash = missingPrograms(['bash', 'shellcheck'], INSTALL);
describe.skipIf(noBash !== null)(`bash${noBash ? `: skipped, ${noBash}` : ''}`, () => {
  it('passes shellcheck, and `complete -p` shows the function registered for edgeplan', async () => {
    const checked = await run('shellcheck', ['--shell=bash', script('bash')]).catch((e) => e);
    expect(checked.stdout ?? '', checked.stderr).toBe('');
    const { stdout } = await run('bash', ['-c', `source ${script('bash')} && complete -p edgeplan`]);
    expect(stdout).toBe('complete -F _edgeplan edgeplan\n');
  });

  it('completes each case as expected', async () => {
    const lines = CASES.map(([line]) => {
      const words = line.split(' ').map((w) => `'${w}'`);
      return `t ${words.join(' ')}`;
    });
    const program = [
      `source ${script('bash')}`,
      `t() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _edgeplan; printf "%s\\n" "\${COMPREPLY[@]}" | sort | paste -sd " "; }`,
      ...lines,
    ].join('\n');
    const { stdout } = await run('bash', ['-c', program], { cwd: join(dir, 'work') });
    // bash completes a directory without its slash (readline adds it when the name is inserted).
    const expected = CASES.map(([, words]) => words.map((w) => w.replace(/\/$/, '')).join(' '));
    expect(stdout.split('\n').slice(0, -1)).toEqual(expected);
  });
});

const noZsh = missingPrograms(['zsh'], INSTALL);
describe.skipIf(noZsh !== null)(`zsh${noZsh ? `: skipped, ${noZsh}` : ''}`, () => {
  it('parses (zsh -n), and compinit takes it as the completion of edgeplan', async () => {
    await run('zsh', ['-n', script('zsh')]);
    const { stdout } = await run('zsh', [
      '-f',
      '-c',
      `autoload -U compinit && compinit -u -D && source ${script('zsh')} && print -r -- $_comps[edgeplan]`,
    ]);
    expect(stdout).toBe('_edgeplan\n');
  });

  it('completes a unique candidate on the command line, typed in an interactive zsh (zpty)', async () => {
    const unique = CASES.filter(([, words]) => words.length === 1);
    // Each line is typed with a TAB, then turned into `print -r -- "<<"<line>">>"` (Ctrl-A, Ctrl-E of the emacs
    // keymap, which zsh would not choose itself when $EDITOR names vi) and run: the line as completed.
    const driver = [
      'zmodload zsh/zpty',
      "zpty z 'zsh -f -i'",
      `zpty -w z 'PS1="> "; bindkey -e; autoload -U compinit; compinit -u -D; source ${script('zsh')}; cd ${join(dir, 'work')}; print READY'`,
      "zpty -r z out $'*\\nREADY*'",
      `for line in ${unique.map(([line]) => `'${line}'`).join(' ')}; do`,
      '  zpty -w -n z "$line"$\'\\t\'',
      '  zpty -w -n z $\'\\x01print -r -- "<<"\\x05">>"\\n\'',
      "  zpty -r z out $'*\\n<<*>>*'",
      `  print -r -- "\${\${out##*$'\\n'<<}%%>>*}"`,
      'done',
      'zpty -d z',
    ].join('\n');
    // A driver stuck on output that never comes is killed, not left behind: the test then fails on what it got.
    const { stdout } = await run('zsh', ['-f', '-c', driver], { timeout: 25_000 });
    // A directory's slash is removed again when the next key is not part of a path.
    const completed = unique.map(
      ([line, [word]]) => `${line.slice(0, line.lastIndexOf(' ') + 1)}${word?.replace(/\/$/, '')}`,
    );
    expect(
      stdout
        .split('\n')
        .slice(0, -1)
        .map((l) => l.trimEnd()),
    ).toEqual(completed);
  });
});

const noFish = missingPrograms(['fish'], INSTALL);
describe.skipIf(noFish !== null)(`fish${noFish ? `: skipped, ${noFish}` : ''}`, () => {
  it('parses (fish -n) and completes each case as expected (complete -C)', async () => {
    await run('fish', ['-n', script('fish')]);
    const program = [
      `source ${script('fish')}`,
      ...CASES.map(
        ([line]) => `echo (complete -C '${line}' | string replace -r '\\t.*' '' | sort | string join ' ')`,
      ),
    ].join('\n');
    const { stdout } = await run('fish', ['-c', program], { cwd: join(dir, 'work') });
    expect(stdout.split('\n').slice(0, -1)).toEqual(CASES.map(([, words]) => words.join(' ')));
  });
});
