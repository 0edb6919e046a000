import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cruiseLayers, ROOT } from './cruise.js';

// Time budget: ten times its slowest test (12.2 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

/**
 * The layers of .dependency-cruiser.mjs hold for src/: config → model ← plan ← engine ← cli,
 * providers → model, emulator → model, import → model, dns-wire → model (under providers, emulator and verify),
 * verify → dns-wire, plan, model, connect → engine, providers, model (cli → connect), plan's diff ← review ←
 * render, and zero import cycles with
 * type-only imports counted. A failure lists every violation as `rule: from → to` (a cycle as its whole path).
 */
describe('architecture', () => {
  it('src/ keeps its layers and has no import cycle', async () => {
    const { result, violations } = await cruiseLayers();
    expect(violations).toEqual([]);
    // The rules saw the whole source: every file is in the graph, and the graph has the layers' edges.
    const cruised = result.modules.map((m) => m.source).filter((source) => source.startsWith('src/'));
    expect(cruised.sort()).toEqual(await sourceFiles());
    const imports = new Set(
      result.modules.flatMap((m) =>
        m.dependencies
          .filter((d) => d.resolved.startsWith('src/'))
          .map((d) => `${layer(m.source)} → ${layer(d.resolved)}`),
      ),
    );
    for (const edge of [
      'config → model',
      'plan → model',
      'engine → plan',
      'cli → engine',
      'providers → model',
      'cli → connect',
      'connect → providers',
    ])
      expect(imports).toContain(edge);
  });

  it('reports a break of each rule, named by the rule (fixture/src breaks each once)', async () => {
    const { violations } = await cruiseLayers(join(import.meta.dirname, 'fixture'));
    // A package is named from `node_modules/` on, wherever the checkout's node_modules really lives.
    const named = violations.map((v) =>
      v.replace(/ → (?:\.\.\/|[^ ]*\/)*node_modules\//, ' → node_modules/'),
    );
    expect(named).toEqual([
      'config-imports-model-only: src/config/load.ts → src/cli/command.ts',
      'connect-imports-engine-providers-and-model: src/connect/open.ts → src/config/load.ts',
      'dns-wire-imports-model-only: src/dns-wire/query.ts → src/plan/diff/diff.ts',
      'emulator-imports-model-only: src/emulator/server.ts → src/providers/dyn.ts',
      'engine-imports-plan-and-model: src/engine/engine.ts → src/cli/command.ts',
      'import-imports-model-only: src/import/document.ts → src/config/load.ts',
      'model-imports-no-layer: src/model/record.ts → src/plan/diff/diff.ts (type-only)',
      'no-cycles: src/model/record.ts → src/model/zone.ts → src/model/record.ts (type-only)',
      'not-to-dev-dep: src/config/load.ts → node_modules/fast-check/lib/fast-check.d.ts',
      'not-to-unresolvable: src/cli/command.ts → ./missing.js',
      'nothing-imports-cli: src/config/load.ts → src/cli/command.ts',
      'nothing-imports-cli: src/engine/engine.ts → src/cli/command.ts',
      'plan-diff-imports-no-review-or-render: src/plan/diff/diff.ts → src/plan/review/review.ts',
      'plan-imports-model-only: src/plan/review/review.ts → src/config/load.ts',
      'plan-render-imports-not-the-plan-entry: src/plan/render/render.ts → src/plan/index.ts',
      'plan-review-imports-no-render: src/plan/review/summary.ts → src/plan/render/render.ts',
      'plan-types-below-plan-jobs: src/plan/types.ts → src/plan/diff/diff.ts (type-only)',
      'providers-import-model-only: src/providers/dyn.ts → src/import/document.ts',
      'verify-imports-dns-wire-plan-and-model: src/verify/ask.ts → src/providers/dyn.ts',
    ]);
  });
});

/** Every TypeScript file under src/, relative to the repository root. */
async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(join(ROOT, 'src'), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

/** `src/plan/diff/x.ts` → `plan`; `src/index.ts` → `index.ts`. */
function layer(source: string): string {
  return source.split('/')[1] ?? source;
}
