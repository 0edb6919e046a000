import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleOptions } from '../../scripts/bundle-cli.mjs';

// Time budget: one esbuild bundle of the CLI in memory, about 2 s on a quiet machine; ten times that.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

/**
 * What each command of the bundled CLI compiles before it runs: the chunks its entry reaches by static `import`
 * (a dynamic `import()` loads only when the code runs). Start-up is mostly compiling code (docs/benchmarks.md),
 * so code a command does not use must stay out of what it loads.
 */
let meta: Metafile;
const OUT = '/edgeplan-bundle';

beforeAll(async () => {
  const result = await build({ ...bundleOptions(OUT), write: false });
  meta = result.metafile;
});

/** Every chunk reached by static imports from the chunk holding `source`, that one included. */
function chunksWith(source: string): string[] {
  const start = Object.entries(meta.outputs).find(
    ([path, output]) => path.endsWith('.js') && source in output.inputs,
  );
  if (!start) throw new Error(`no chunk holds ${source}`);
  const seen = new Set([start[0]]);
  const queue = [start[0]];
  for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
    for (const next of meta.outputs[path]?.imports ?? []) {
      if (next.kind !== 'import-statement' || next.external || seen.has(next.path)) continue;
      seen.add(next.path);
      queue.push(next.path);
    }
  }
  return [...seen];
}

/** The source files compiled with `source`. */
const loadedWith = (source: string): string[] =>
  chunksWith(source).flatMap((path) => Object.keys(meta.outputs[path]?.inputs ?? {}));

/** Node's built-in modules loaded with `source`. */
const builtinsWith = (source: string): string[] =>
  chunksWith(source).flatMap((path) =>
    (meta.outputs[path]?.imports ?? []).flatMap((next) => (next.external ? [next.path] : [])),
  );

const ENTRY = 'src/cli/main.ts';
const RUN = 'src/cli/run.ts';
const COMMAND = (name: string) => join('src/cli/commands', `${name}.ts`);
/** What a run of `name` loads: the entry, the runner, its command's definition and the command's code. */
const loadedByRun = (name: string): string[] => [
  ...new Set([ENTRY, RUN, 'src/cli/definitions/state.ts', COMMAND(name)].flatMap(loadedWith)),
];
/** The inputs of `inputs` under any of `prefixes`. */
const under = (inputs: string[], prefixes: string[]) =>
  inputs.filter((input) => prefixes.some((prefix) => input.startsWith(prefix)));

describe('the CLI bundle', () => {
  it('loads nothing but the program for --version', () => {
    const inputs = loadedWith(ENTRY);
    expect(inputs).toContain(ENTRY);
    expect(inputs.filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
    expect(inputs.filter((input) => input.includes('node_modules/yaml/'))).toEqual([]);
  });

  it('--version loads no command definition, no emulator and no full program', () => {
    const inputs = [...new Set([ENTRY, RUN].flatMap(loadedWith))];
    expect(inputs).toContain('src/cli/definitions/root.ts');
    expect(
      under(inputs, ['src/cli/definitions/state.ts', 'src/cli/definitions/tools.ts', 'src/cli/program.ts']),
    ).toEqual([]);
    expect(under(inputs, ['src/emulator/', 'src/config/', 'node_modules/zod/'])).toEqual([]);
  });

  it.each(['validate', 'plan'])(
    'a %s run defines its command alone: no other definitions, emulator, fault flags or apply engine',
    (command) => {
      const inputs = loadedByRun(command);
      expect(inputs).toContain('src/cli/definitions/state.ts');
      expect(inputs).toContain('src/cli/options/shared-options.ts');
      expect(
        under(inputs, [
          'src/cli/program.ts',
          'src/cli/definitions/tools.ts',
          'src/cli/sandbox/emulator-flags.ts',
          'src/cli/sandbox/emulator-faults.ts',
          'src/emulator/',
          'src/engine/apply-plan.ts',
          'src/engine/saved-plan.ts',
        ]),
      ).toEqual([]);
    },
  );

  it('a text plan loads no markdown or JSON renderer, no drift or served report and no saved-plan reader', () => {
    const unused = [
      'src/plan/render/markdown.ts',
      'src/plan/render/json.ts',
      'src/plan/render/drift.ts',
      'src/plan/render/served.ts',
      'src/plan/review/plan-file.ts',
      'src/plan/index.ts',
    ];
    expect(under(loadedByRun('plan'), unused)).toEqual([]);
    // The same modules where a run does load them, so that the check cannot pass on a graph that lost them.
    expect(under(loadedWith('src/cli/output/plan-formats.ts'), unused)).toEqual([]);
    expect(under(loadedWith('src/plan/render/markdown.ts'), unused)).toEqual(['src/plan/render/markdown.ts']);
    expect(under(loadedByRun('drift'), unused)).toEqual(expect.arrayContaining(['src/plan/render/drift.ts']));
    expect(under(loadedByRun('apply'), unused)).toEqual(
      expect.arrayContaining(['src/plan/review/plan-file.ts']),
    );
  });

  it('validate loads no p-limit and no sandbox runner', () => {
    const inputs = loadedByRun('validate');
    expect(
      under(inputs, [
        'node_modules/p-limit/',
        'src/cli/sandbox/sandbox.ts',
        'src/cli/options/write-place.ts',
      ]),
    ).toEqual([]);
    // The same check on a run that does load them, so that it cannot pass on a graph that lost them.
    expect(under(loadedByRun('plan'), ['node_modules/p-limit/', 'src/cli/sandbox/sandbox.ts'])).toHaveLength(
      2,
    );
  });

  it('leaves picomatch out: it is required from the installed package when a glob is first compiled', () => {
    const inputs = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs).toContain('src/model/glob.ts');
    expect(inputs.filter((input) => input.includes('node_modules/picomatch/'))).toEqual([]);
  });

  it('the whole program, for --help and completion, holds every definition', () => {
    expect(loadedWith('src/cli/program.ts')).toEqual(
      expect.arrayContaining([
        'src/cli/definitions/state.ts',
        'src/cli/definitions/tools.ts',
        'src/cli/sandbox/emulator-flags.ts',
      ]),
    );
  });

  it.each(['validate', 'plan'])('%s loads neither the full YAML reader nor the emulator', (command) => {
    const inputs = loadedWith(COMMAND(command));
    expect(inputs).toContain('src/config/read/fast-yaml.ts');
    expect(inputs.filter((input) => input.includes('node_modules/yaml/'))).toEqual([]);
    expect(inputs.filter((input) => input.startsWith('src/emulator/'))).toEqual([]);
  });

  it('validate loads no cryptography', () => {
    expect(builtinsWith(COMMAND('validate'))).toContain('node:fs/promises');
    expect(builtinsWith(COMMAND('validate'))).not.toContain('node:crypto');
  });

  it('holds zod without its translations: English only', () => {
    const inputs = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs).toContain('node_modules/zod/v4/locales/en.js');
    expect(inputs.filter((input) => /node_modules\/zod\/v4\/locales\/(?!en\.js)/.test(input))).toEqual([]);
  });

  it('loads the full YAML reader where a command reads its files with it', () => {
    // The check above would pass for a chunk graph that never loads `yaml`: the import command writes with it.
    expect(
      loadedWith('src/cli/commands/import.ts').some((input) => input.includes('node_modules/yaml/')),
    ).toBe(true);
  });
});
