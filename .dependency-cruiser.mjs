// The layers of edgeplan's source, enforced by test/architecture/layers.test.ts (`npm test`) and shown by
// `npm run layers`. Read an arrow as "imports":
//
//   config → model ← plan ← engine ← cli        providers → model    emulator → model    import → model
//   connect → engine, providers, model: opens providers for the CLI and the library (`openProviders`)
//   dns-wire → model (DNS on the wire), under providers, emulator and verify; verify → dns-wire, plan, model
//
// model imports no other layer; the CLI and the library entry (src/index.ts) sit on top and may import any layer
// except that nothing imports the CLI. Inside src/plan, the plan's own types (types.ts, review-types.ts) are below
// its three jobs, and the jobs are stacked: diff ← review ← render (render may import review and diff, review may
// import diff, diff imports neither); only src/plan/index.ts, the plan's entry, sees all three.
// Every import counts, `import type` included: a cycle through types is still a cycle.

/** Forbids `from` importing anything in src/ outside its own layer and `allowed`. */
function onlyImports(name, layer, allowed, comment) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: `^src/${layer}/` },
    to: { path: '^src/', pathNot: `^src/(${[layer, ...allowed].join('|')})/` },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Zero import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    onlyImports('model-imports-no-layer', 'model', [], 'The domain model is the bottom layer.'),
    onlyImports('config-imports-model-only', 'config', ['model'], 'config → model.'),
    onlyImports(
      'plan-imports-model-only',
      'plan',
      ['model'],
      'plan → model: the plan is pure, it never reads the desired state files (no plan → config) nor talks to a provider.',
    ),
    onlyImports(
      'engine-imports-plan-and-model',
      'engine',
      ['plan', 'model'],
      'engine → plan → model: the engine gets its providers passed in, as model ports.',
    ),
    onlyImports(
      'providers-import-model-only',
      'providers',
      ['model', 'dns-wire'],
      'providers → model, dns-wire (no providers → import, → plan, → config).',
    ),
    onlyImports(
      'emulator-imports-model-only',
      'emulator',
      ['model', 'dns-wire'],
      'emulator → model, dns-wire.',
    ),
    onlyImports(
      'dns-wire-imports-model-only',
      'dns-wire',
      ['model'],
      'dns-wire → model: DNS messages and queries, shared by the layers that speak DNS.',
    ),
    onlyImports(
      'verify-imports-dns-wire-plan-and-model',
      'verify',
      ['dns-wire', 'plan', 'model'],
      'verify → dns-wire, plan, model: it asks name servers and judges their answers with the pure plan code.',
    ),
    onlyImports('import-imports-model-only', 'import', ['model'], 'import → model.'),
    onlyImports(
      'connect-imports-engine-providers-and-model',
      'connect',
      ['engine', 'providers', 'model'],
      'connect → engine, providers, model: it opens the providers the engine is given, for the CLI and the library.',
    ),
    {
      name: 'nothing-imports-cli',
      comment: 'The CLI is the top layer; the library entry (src/index.ts) does not reach into it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'plan-types-below-plan-jobs',
      comment: "The plan's own types (types.ts, review-types.ts) import no diff, review or render.",
      severity: 'error',
      from: { path: '^src/plan/[^/]+\\.ts$', pathNot: '^src/plan/index\\.ts$' },
      to: { path: '^src/plan/(diff|review|render)/' },
    },
    {
      name: 'plan-diff-imports-no-review-or-render',
      severity: 'error',
      from: { path: '^src/plan/diff/' },
      to: { path: ['^src/plan/(review|render)/', '^src/plan/index\\.ts$'] },
    },
    {
      name: 'plan-review-imports-no-render',
      severity: 'error',
      from: { path: '^src/plan/review/' },
      to: { path: ['^src/plan/render/', '^src/plan/index\\.ts$'] },
    },
    {
      name: 'plan-render-imports-not-the-plan-entry',
      severity: 'error',
      from: { path: '^src/plan/render/' },
      to: { path: '^src/plan/index\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the cruiser cannot resolve is an edge it cannot check: the graph must be complete.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'not-to-dev-dep',
      comment: 'src/ is what the package ships: it may not import what only development installs.',
      severity: 'error',
      from: { path: '^src/' },
      to: {
        dependencyTypes: ['npm-dev'],
        dependencyTypesNot: ['type-only'],
        pathNot: ['node_modules/@types/'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
