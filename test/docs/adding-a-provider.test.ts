import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { pluginIn, RECIPE_STEPS, type RecipeStep } from './provider-recipe.js';
import { addStubProvider, copyRepository, STUB_PARTS, type StubPart } from './stub-provider.js';

// Time budget: ten times its slowest test (a copy's modules imported afresh: 2.5 s at load 6 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/**
 * docs/adding-a-provider.md is a recipe a newcomer follows: its `## N. …` steps are the checks of provider-recipe.ts,
 * every provider edgeplan has passes them, and a stub provider added to a copy of the repository by the page passes
 * them too, while the same stub with any one thing the page asks for left out fails the step that asks for it.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const PAGE = 'docs/adding-a-provider.md';

/** The step each part of the stub belongs to (the index into RECIPE_STEPS). */
const STEP_OF: Record<StubPart, number> = {
  folder: 0,
  capabilities: 0,
  'lazy op schema': 1,
  'lazy open': 1,
  'error export': 2,
  'troubleshooting entry': 3,
  'registry line': 4,
  'npm run schema': 5,
  'providers test list': 6,
  'docs page': 7,
  'conformance wiring': 8,
  'unit tests': 9,
  'mutation list': 9,
};

const trees: string[] = [];
afterAll(async () => {
  for (const tree of trees) await rm(tree, { recursive: true, force: true });
});

async function stubTree(): Promise<string> {
  const tree = await copyRepository(ROOT);
  trees.push(tree);
  await addStubProvider(tree);
  return tree;
}

async function problems(tree: string, folder: string, steps: readonly RecipeStep[] = RECIPE_STEPS) {
  const found: Record<string, string> = {};
  for (const step of steps) {
    const problem = await step.check(tree, folder);
    if (problem !== null) found[step.title] = problem;
  }
  return found;
}

describe('docs/adding-a-provider.md', () => {
  it('lists exactly the steps its test checks, in order', async () => {
    const headings = [...(await readFile(join(ROOT, PAGE), 'utf8')).matchAll(/^## (\d+)\. (.+)$/gm)];
    expect(headings.map((match) => Number(match[1]))).toEqual(RECIPE_STEPS.map((_, i) => i + 1));
    expect(headings.map((match) => match[2])).toEqual(RECIPE_STEPS.map((step) => step.title));
  });

  it("every step is every stub part's, and every step has a part that fails it", () => {
    expect(Object.keys(STEP_OF).sort()).toEqual([...STUB_PARTS].sort());
    expect([...new Set(Object.values(STEP_OF))].sort((a, b) => a - b)).toEqual(RECIPE_STEPS.map((_, i) => i));
  });

  it.each(['dyn', 'pdns', 'rfc2136', 'zonefile'])('holds for the %s provider as it is', async (folder) => {
    expect(await problems(ROOT, folder)).toEqual({});
  });

  it('a stub provider added by every step passes every step, and validation takes it', async () => {
    const tree = await stubTree();
    expect(await problems(tree, 'stub')).toEqual({});
    const plugin = await pluginIn(tree, 'stub');
    expect(plugin?.type).toBe('stub');
    const { loadDesiredState } = (await import(
      join(tree, 'src/config/index.ts')
    )) as typeof import('../../src/config/index.js');
    const { PROVIDER_CATALOGUE } = (await import(
      join(tree, 'src/providers/registry.ts')
    )) as typeof import('../../src/providers/registry.js');
    const file = join(tree, 'stub.yaml');
    const yaml = (type: string) =>
      `providers:\n  s: { type: stub, endpoint: x }\nzones:\n  example.com:\n    providers: [s]\n    records:\n      www: { ${type}: [192.0.2.1] }\n`;
    await writeFile(file, yaml('a'));
    expect((await loadDesiredState([file], { catalogue: PROVIDER_CATALOGUE })).ok).toBe(true);
    await writeFile(file, yaml('aaaa'));
    const refused = await loadDesiredState([file], { catalogue: PROVIDER_CATALOGUE });
    expect(refused.ok).toBe(false);
  });

  it.each(STUB_PARTS)('a stub without its %s fails the step that asks for it', async (part) => {
    const tree = await copyRepository(ROOT);
    trees.push(tree);
    const adding = addStubProvider(tree, part);
    // Without its folder, the registry's line names a module that is not there: `npm run schema` fails on it first.
    if (part === 'folder') await expect(adding).rejects.toThrow("Cannot find module './stub/plugin.js'");
    else await adding;
    const step = RECIPE_STEPS[STEP_OF[part]];
    if (!step) throw new Error(`no step for ${part}`);
    expect(await step.check(tree, 'stub')).not.toBeNull();
  });
});
