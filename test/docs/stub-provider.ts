import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A provider added to a copy of the repository by following docs/adding-a-provider.md: a `stub` DNS provider
 * (folder `src/providers/stub/`) that serves A and TXT records and opens nothing. Each part below is one thing the
 * page asks for; `leaveOut` skips one, to show that the recipe's checks (provider-recipe.ts) notice it.
 */
export const STUB_PARTS = [
  'folder',
  'capabilities',
  'lazy op schema',
  'lazy open',
  'error code',
  'troubleshooting entry',
  'registry line',
  'npm run schema',
  'providers test list',
  'docs page',
  'conformance wiring',
  'unit tests',
  'mutation list',
] as const;
export type StubPart = (typeof STUB_PARTS)[number];

/** What the copy holds of the repository: everything the recipe's checks read. */
const COPIED = [
  'src',
  'scripts',
  'docs',
  'schemas',
  'README.md',
  'package.json',
  'stryker.config.mjs',
  'test/conformance',
];

const OP_SCHEMA = (lazy: boolean) => `import * as z from '../../model/zod.js';

/** One op of the stub provider: the record set it replaces. */
export const STUB_OP_SCHEMA = ${lazy ? 'z.lazy(() => ' : ''}z.strictObject({
  kind: z.literal('replace-set'),
  fqdn: z.string(),
  type: z.string(),
  values: z.array(z.string()),
})${lazy ? ')' : ''};
`;

const PLUGIN = (parts: {
  capabilities: boolean;
  lazyOpen: boolean;
}) => `import * as z from '../../model/zod.js';
import type { DnsProviderPlugin } from '../plugin.js';
${parts.lazyOpen ? '' : "import { openStub } from './open.js';\n"}import { STUB_OP_SCHEMA } from './op-schema.js';

/** \`type: stub\`: the provider the recipe's test adds. */
export const STUB: DnsProviderPlugin = {
  type: 'stub',
  description: 'a provider that serves nothing, added by the test of docs/adding-a-provider.md.',
  options: { endpoint: z.string().check(z.describe('where the stub would send its requests.')) },
  required: ['endpoint'],
  variables: {},
${parts.capabilities ? "  capabilities: () => ({ recordTypes: ['A', 'TXT'], geoServices: false, secondaryZones: false, maxRecordsPerName: {} }),\n" : ''}  open: ${parts.lazyOpen ? "async (spec, context) => (await import('./open.js')).openStub(spec, context)" : 'async (spec, context) => openStub(spec, context)'},
  opSchema: STUB_OP_SCHEMA,
  labelOp: (op) => \`replace \${String(Reflect.get(op, 'fqdn'))}\`,
};
`;

/** The stub's error: of the family, with a code of the registry (`coded`), or a bare `Error`. */
const ERRORS = (
  coded: boolean,
) => `${coded ? "import { EdgeplanError } from '../../model/edgeplan-error.js';\n\n" : ''}/** The stub has no server: opening it is refused. */
export class StubUnreachableError extends ${coded ? 'EdgeplanError' : 'Error'} {
${coded ? "  readonly code = 'EP2701';\n" : ''}  override readonly name = 'StubUnreachableError';
}
`;

const FILES: Record<string, string> = {
  'src/providers/stub/open.ts': `import type { DnsProvider } from '../../model/dns.js';
import type { DnsProviderSpec } from '../../model/dns-provider-spec.js';
import type { ProviderContext } from '../plugin.js';
import { StubUnreachableError } from './errors.js';

export async function openStub(spec: DnsProviderSpec, _context: ProviderContext): Promise<DnsProvider> {
  throw new StubUnreachableError(\`provider \${spec.name}: the stub has no server\`);
}
`,
  'src/providers/stub/compile.ts': `/** The stub's compiler: one op per changed record set. */
export function opCount(changes: readonly unknown[]): number {
  return changes.length;
}
`,
};

async function edit(tree: string, path: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(join(tree, path), 'utf8');
  const changed = change(text);
  if (changed === text) throw new Error(`the stub's edit of ${path} changed nothing: the file moved on`);
  await writeFile(join(tree, path), changed);
}

async function write(tree: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(tree, path)), { recursive: true });
  await writeFile(join(tree, path), text);
}

/** A copy of the repository at `repo` (what the checks read, node_modules linked), in a new temp directory. */
export async function copyRepository(repo: string): Promise<string> {
  const tree = await mkdtemp(join(tmpdir(), 'edgeplan-recipe-'));
  for (const path of COPIED) await cp(join(repo, path), join(tree, path), { recursive: true });
  await cp(
    join(repo, 'test/config/rules/provider-rules.test.ts'),
    join(tree, 'test/config/rules/provider-rules.test.ts'),
  );
  await symlink(join(repo, 'node_modules'), join(tree, 'node_modules'), 'dir');
  return tree;
}

/** Adds the stub provider to `tree` by the page's steps, all of them but `leaveOut`. */
export async function addStubProvider(tree: string, leaveOut?: StubPart): Promise<void> {
  const doing = (part: StubPart) => part !== leaveOut;
  if (doing('folder')) {
    for (const [path, text] of Object.entries(FILES)) await write(tree, path, text);
    await write(tree, 'src/providers/stub/op-schema.ts', OP_SCHEMA(doing('lazy op schema')));
    await write(
      tree,
      'src/providers/stub/plugin.ts',
      PLUGIN({ capabilities: doing('capabilities'), lazyOpen: doing('lazy open') }),
    );
  }
  if (doing('folder')) await write(tree, 'src/providers/stub/errors.ts', ERRORS(doing('error code')));
  if (doing('error code'))
    await edit(tree, 'src/model/error-codes.ts', (text) =>
      text.replace(
        '  // EP3xxx: conflict',
        "  // EP27xx: the stub\n  EP2701: ['stub unreachable', 'the stub has no server'],\n  // EP3xxx: conflict",
      ),
    );
  if (doing('troubleshooting entry'))
    await edit(tree, 'docs/troubleshooting.md', (text) =>
      text.replace(
        '\n## Still stuck',
        '\n## The stub\n\n| `EP2701` `StubUnreachableError` | the stub has no server | use another provider |\n\n## Still stuck',
      ),
    );
  if (doing('registry line'))
    await edit(tree, 'src/providers/registry.ts', (text) =>
      `import { STUB } from './stub/plugin.js';\n${text}`.replace(
        /(DNS_PROVIDERS: readonly DnsProviderPlugin\[\] = \[[^\]]*)\]/,
        '$1, STUB]',
      ),
    );
  if (doing('providers test list'))
    await edit(tree, 'test/config/rules/provider-rules.test.ts', (text) =>
      text.replace(/type must be one of ([\w, ]+),/, 'type must be one of $1, stub,'),
    );
  if (doing('docs page')) {
    await write(
      tree,
      'docs/providers/stub.md',
      '# The stub provider\n\n```yaml\nproviders:\n  s:\n    type: stub\n    endpoint: x\n```\n',
    );
    await edit(tree, 'README.md', (text) =>
      text.replace(
        '| [WAF provider]',
        '| [Stub provider](docs/providers/stub.md) | serves nothing |\n| [WAF provider]',
      ),
    );
  }
  if (doing('conformance wiring'))
    await write(
      tree,
      'test/conformance/stub-nothing.test.ts',
      "import { STUB } from '../../src/providers/stub/plugin.js';\nimport { describeConformance } from './run-conformance.js';\n\ndescribeConformance({ plugin: STUB });\n",
    );
  if (doing('unit tests'))
    await write(
      tree,
      'test/providers/stub/compile.test.ts',
      "import { it } from 'vitest';\n\nit('counts ops', () => {});\n",
    );
  if (doing('mutation list'))
    await edit(tree, 'stryker.config.mjs', (text) =>
      text.replace('  mutate: [\n', "  mutate: [\n    'src/providers/stub/compile.ts',\n"),
    );
  if (doing('npm run schema')) await runSchema(tree);
}

/** What `npm run schema` does, in the copy: the JSON Schema and the configuration reference written again. */
async function runSchema(tree: string): Promise<void> {
  const { desiredStateJsonSchema, JSON_SCHEMA_PATH } = (await import(
    join(tree, 'src/config/schema/json-schema.ts')
  )) as typeof import('../../src/config/schema/json-schema.js');
  const { CONFIG_REFERENCE_PATH, configReference } = (await import(
    join(tree, 'scripts/config-reference.ts')
  )) as typeof import('../../scripts/config-reference.js');
  const { PROVIDER_CATALOGUE } = (await import(
    join(tree, 'src/providers/registry.ts')
  )) as typeof import('../../src/providers/registry.js');
  const schema = desiredStateJsonSchema(PROVIDER_CATALOGUE);
  await writeFile(join(tree, JSON_SCHEMA_PATH), schema);
  await writeFile(join(tree, CONFIG_REFERENCE_PATH), configReference(JSON.parse(schema)));
}
