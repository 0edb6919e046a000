import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { cli, quietIo } from '../support/cli.js';
import { commands, type DocCommand, docPages, pageOf } from './markdown.js';

/**
 * The commands the docs show work: every `edgeplan` command of a shell block parses against the CLI's own commander
 * definitions (command, flags, values, choices, arguments), every `npm run` script exists, and the safe commands
 * (`validate`, `completion`, `--help`, and anything run with `--sandbox`) run, page by page in order, in a directory
 * holding a copy of `examples/`, each with the exit code its `# exit N` comment gives (0 without one).
 */

const pages = await docPages();
const all = pages.flatMap(commands);
const edgeplan = all.filter((c) => c.program === 'edgeplan');

/** Why `argv` does not parse as an edgeplan command line, or null when it does. Nothing runs. */
function parseProblem(argv: readonly string[]): string | null {
  let printed = '';
  const io = quietIo({
    stderr: (text) => {
      printed += text;
    },
  });
  const program = buildProgram(io, () => {});
  const [name = '', ...rest] = argv;
  if (['--help', '-h', '--version', '-V'].includes(name) && rest.length === 0) return null;
  if (name === 'help')
    return rest.every((word) => program.commands.some((c) => c.name() === word)) ? null : `help ${rest}`;
  const command = program.commands.find((c) => c.name() === name);
  if (!command) return `unknown command ${name}`;
  try {
    const { operands, unknown } = command.parseOptions([...rest]);
    if (unknown.length > 0) return `unknown option ${unknown[0]}`;
    const expected = command.registeredArguments;
    if (operands.length < expected.filter((a) => a.required).length) return 'missing argument';
    if (!expected.some((a) => a.variadic) && operands.length > expected.length) return 'too many arguments';
    for (const [i, argument] of expected.entries()) {
      const operand = operands[i];
      if (operand !== undefined && argument.argChoices && !argument.argChoices.includes(operand))
        return `${argument.name()} ${operand} is not one of ${argument.argChoices}`;
    }
    return null;
  } catch (error) {
    return printed.trim() || String(error);
  }
}

const isSafe = (c: DocCommand) =>
  ['validate', 'completion', 'help', '--help', '--version'].includes(c.args[0] ?? '') ||
  c.args.includes('--sandbox');

describe('commands in the docs', () => {
  it('there are many, from many pages', () => {
    expect(edgeplan.length).toBeGreaterThan(25);
    expect(new Set(edgeplan.map((c) => c.page)).size).toBeGreaterThanOrEqual(8);
    expect(edgeplan.filter(isSafe).length).toBeGreaterThan(15);
  });

  it('every edgeplan command parses against the CLI definition', () => {
    const problems = edgeplan.flatMap((c) => {
      const problem = parseProblem(c.args);
      return problem ? [`${c.page}: ${c.line}\n  ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('the parse check refuses what the CLI refuses', () => {
    expect(parseProblem(['plan', '--bogus'])).toBe('unknown option --bogus');
    expect(parseProblem(['plan', '--format', 'yaml'])).toContain("argument 'yaml' is invalid");
    expect(parseProblem(['purge'])).toBe('missing argument');
    expect(parseProblem(['completion', 'tcsh'])).toContain('is not one of');
    expect(parseProblem(['plna'])).toBe('unknown command plna');
    expect(parseProblem(['plan', 'dns', '--target', 'zone:x', '--sandbox'])).toBeNull();
  });

  it('every npm script named exists', async () => {
    const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const builtIn = new Set(['ci', 'test', 'install', 'link', 'pack', 'exec', 'version']);
    const missing = all
      .filter((c) => c.program === 'npm')
      .flatMap((c) => {
        const [verb = '', name = ''] = c.args;
        if (verb === 'run') return Object.hasOwn(scripts, name) ? [] : [`${c.page}: npm run ${name}`];
        return builtIn.has(verb) ? [] : [`${c.page}: npm ${verb}`];
      });
    expect(missing).toEqual([]);
  });

  it("CI runs every npm command of the README's quick start (.ci/run)", async () => {
    const readme = pages.find((page) => page.path === 'README.md')?.text ?? '';
    const quickStart = /\n## Quick start\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const wanted = commands(pageOf('README.md', quickStart))
      .filter((c) => c.program === 'npm')
      .map((c) => `npm ${c.args.join(' ')}`);
    expect(wanted).toContain('npm run demo');
    const ci = (await readFile('.ci/run', 'utf8'))
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'));
    const runs = (command: string) => ci.some((line) => new RegExp(`(^|\\s)${command}(\\s|$)`).test(line));
    expect(wanted.filter((command) => !runs(command))).toEqual([]);
    expect(runs('npm run no-such-script')).toBe(false);
  });

  it('the README tour and getting started run edgeplan with npx: after the quick start or the install, it is not on PATH', () => {
    const tour = (path: string, text: string) =>
      commands(pageOf(path, text)).filter((c) => c.program === 'edgeplan');
    const readme = pages.find((page) => page.path === 'README.md')?.text ?? '';
    const fromReadme = tour('README.md', /\n## A five-minute tour\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '');
    const gettingStarted = edgeplan.filter((c) => c.page === 'docs/getting-started.md');
    expect(fromReadme.length).toBeGreaterThan(5);
    expect(gettingStarted.length).toBeGreaterThan(5);
    expect(
      [...fromReadme, ...gettingStarted].filter((c) => !c.npx).map((c) => `${c.page}: ${c.line}`),
    ).toEqual([]);
    // Prose too: a command in inline code is copied as often as one in a block.
    const inline = [readme, pages.find((p) => p.path === 'docs/getting-started.md')?.text ?? '']
      .flatMap((text) => [
        ...text.matchAll(/`(edgeplan (?:validate|plan|apply|drift|import|emulator|verify)[^`]*)`/g),
      ])
      .map((m) => m[1]);
    expect(inline).toEqual([]);
  });

  it('reads commands as the shell splits them', () => {
    const probe = pageOf(
      'docs/probe.md',
      [
        '```sh',
        "$ npx --no-install edgeplan plan 'a dir' --out x.json   # exit 2",
        'npm ci && npm run demo',
        `edgeplan completion zsh > "\${fpath[1]}/_edgeplan"`,
        'source <(edgeplan completion bash)',
        'EDGEPLAN_NOTE=x edgeplan apply dns \\',
        '  --yes',
        '```',
        '```yaml',
        'edgeplan: not a command',
        '```',
      ].join('\n'),
    );
    expect(commands(probe).map(({ program, args, exit }) => ({ program, args, exit }))).toEqual([
      { program: 'edgeplan', args: ['plan', 'a dir', '--out', 'x.json'], exit: 2 },
      { program: 'npm', args: ['ci'], exit: undefined },
      { program: 'npm', args: ['run', 'demo'], exit: undefined },
      { program: 'edgeplan', args: ['completion', 'zsh'], exit: undefined },
      { program: 'edgeplan', args: ['completion', 'bash'], exit: undefined },
      { program: 'edgeplan', args: ['apply', 'dns', '--yes'], exit: undefined },
    ]);
    expect(commands(probe).map((c) => c.npx)).toEqual([true, false, false, false, false, false]);
  });

  const runnable = pages
    .map((page) => [page.path, edgeplan.filter((c) => c.page === page.path && isSafe(c))] as const)
    .filter(([, list]) => list.length > 0);
  it.each(runnable)(
    '%s: the safe commands run against the sandbox, in order',
    async (_, list) => {
      const dir = await mkdtemp(join(tmpdir(), 'edgeplan-docs-'));
      try {
        await cp('examples', join(dir, 'examples'), { recursive: true });
        for (const c of list) {
          const run = await cli(c.args, {}, { cwd: dir });
          expect(run.code, `${c.line}\n${run.stderr}`).toBe(c.exit ?? 0);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
