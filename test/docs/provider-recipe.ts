import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from '../../src/model/zod.js';
import type { DnsProviderPlugin } from '../../src/providers/plugin.js';

/**
 * The steps of docs/adding-a-provider.md, each as a check of one provider folder (`src/providers/<folder>/`) in a
 * tree (the repository, or a copy of it): a check says what the step left undone, or null when it is done. The
 * titles are the page's `## N. …` headings, in order. Modules are imported from the tree itself, so a copy with a
 * provider added is checked with its own registry and schema.
 */
export interface RecipeStep {
  readonly title: string;
  check(tree: string, folder: string): Promise<string | null>;
}

const read = (tree: string, path: string) => readFile(join(tree, path), 'utf8');
const load = <T>(tree: string, path: string): Promise<T> => import(join(tree, path)) as Promise<T>;
const exists = (tree: string, path: string) =>
  read(tree, path).then(
    () => true,
    () => false,
  );

/** The plug-in value `src/providers/<folder>/plugin.ts` exports: the export with a string `type` and an `opSchema`. */
export async function pluginIn(tree: string, folder: string): Promise<DnsProviderPlugin | undefined> {
  const path = `src/providers/${folder}/plugin.ts`;
  if (!(await exists(tree, path))) return undefined;
  const module = await load<Record<string, unknown>>(tree, path);
  return Object.values(module).find(
    (value): value is DnsProviderPlugin =>
      typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string',
  );
}

/** Whether a zod schema is `z.lazy(…)` and not built yet (zod keeps the built schema on its `def`). */
function lazyUnbuilt(schema: z.ZodMiniType): boolean {
  return schema._zod.def.type === 'lazy' && !Object.hasOwn(schema._zod.def, '_cachedInner');
}

/** The `export class …Error` names of the files under `src/providers/<folder>/`. */
async function errorClasses(tree: string, folder: string): Promise<string[]> {
  const dir = `src/providers/${folder}`;
  const files = (await readdir(join(tree, dir), { recursive: true, encoding: 'utf8' })).filter((f) =>
    f.endsWith('.ts'),
  );
  const names: string[] = [];
  for (const file of files)
    for (const match of (await read(tree, join(dir, file))).matchAll(/^export class (\w+Error)\b/gm))
      names.push(match[1] ?? '');
  return names.sort();
}

/** Each `class …Error` of the folder (exported or not) and the code its body states first, if any. */
async function errorDeclarations(tree: string, folder: string): Promise<{ name: string; code?: string }[]> {
  const dir = `src/providers/${folder}`;
  const files = (await readdir(join(tree, dir), { recursive: true, encoding: 'utf8' })).filter((f) =>
    f.endsWith('.ts'),
  );
  const found: { name: string; code?: string }[] = [];
  for (const file of files) {
    const text = await read(tree, join(dir, file));
    for (const match of text.matchAll(/^(?:export )?class (\w+Error) extends \w+ \{\n((?:.*\n){0,3})/gm)) {
      const code = /readonly code(?:: ErrorCode)? = '(EP\d{4})'/.exec(match[2] ?? '')?.[1];
      found.push({ name: match[1] ?? '', ...(code === undefined ? {} : { code }) });
    }
  }
  return found;
}

type Registry = typeof import('../../src/providers/registry.js');
const registry = (tree: string) => load<Registry>(tree, 'src/providers/registry.ts');

export const RECIPE_STEPS: readonly RecipeStep[] = [
  {
    title: 'The folder: `src/providers/<name>/`',
    async check(tree, folder) {
      const plugin = await pluginIn(tree, folder);
      if (!plugin) return `src/providers/${folder}/plugin.ts exports no plug-in value`;
      const { RECORD_TYPES } = await load<typeof import('../../src/model/record-types/registry.js')>(
        tree,
        'src/model/record-types/registry.ts',
      );
      if (!plugin.description) return 'no description';
      const undescribed = Object.entries(plugin.options).filter(
        ([, schema]) => !z.globalRegistry.get(schema)?.description,
      );
      if (undescribed.length > 0)
        return `options without a description (z.describe): ${undescribed.map(([key]) => key)}`;
      if (typeof plugin.variables !== 'object') return 'no variables';
      if (typeof plugin.capabilities !== 'function') return 'no capabilities';
      const known = new Set(RECORD_TYPES.map((type) => type.type));
      const types = plugin.capabilities({}).recordTypes;
      if (types.length === 0 || types.some((type) => !known.has(type)))
        return `capabilities name types ${types}`;
      if (typeof plugin.open !== 'function') return 'no open';
      if (typeof plugin.labelOp !== 'function') return 'no labelOp';
      return null;
    },
  },
  {
    title: 'The op schema and the client, loaded on first use',
    async check(tree, folder) {
      const plugin = await pluginIn(tree, folder);
      if (!plugin) return 'no plug-in';
      if (!lazyUnbuilt(plugin.opSchema)) return 'the op schema is built at import, not z.lazy';
      const source = await read(tree, `src/providers/${folder}/plugin.ts`);
      if (!source.includes("import('./open.js')") || /from '\.\/open\.js'/.test(source))
        return 'plugin.ts imports open.js at import, not in open()';
      return null;
    },
  },
  {
    title: 'Typed errors, each with its code',
    async check(tree, folder) {
      if ((await errorClasses(tree, folder)).length === 0) return 'no `export class …Error`';
      const { isErrorCode } = await load<typeof import('../../src/model/error-codes.js')>(
        tree,
        'src/model/error-codes.ts',
      );
      const uncoded = (await errorDeclarations(tree, folder))
        .filter(({ code }) => code === undefined || !isErrorCode(code))
        .map(({ name }) => name);
      return uncoded.length > 0 ? `no code of src/model/error-codes.ts on ${uncoded}` : null;
    },
  },
  {
    title: 'Each error in the troubleshooting page',
    async check(tree, folder) {
      const page = await read(tree, 'docs/troubleshooting.md');
      const codes = new Map((await errorDeclarations(tree, folder)).map(({ name, code }) => [name, code]));
      const shown = (name: string) => {
        const code = codes.get(name);
        return page.includes(code === undefined ? `\`${name}\`` : `\`${code}\` \`${name}\``);
      };
      const missing = (await errorClasses(tree, folder)).filter((name) => !shown(name));
      return missing.length > 0
        ? `docs/troubleshooting.md does not explain ${missing} (with its code)`
        : null;
    },
  },
  {
    title: 'The registry line: `src/providers/registry.ts`',
    async check(tree, folder) {
      const plugin = await pluginIn(tree, folder);
      const { DNS_PROVIDERS, PROVIDER_CATALOGUE, pluginOf } = await registry(tree);
      if (!plugin || !DNS_PROVIDERS.includes(plugin)) return 'DNS_PROVIDERS does not list it';
      return pluginOf(plugin.type) === plugin && PROVIDER_CATALOGUE.types.includes(plugin)
        ? null
        : `pluginOf('${plugin.type}') does not give it`;
    },
  },
  {
    title: 'The JSON Schema and the configuration reference: `npm run schema`',
    async check(tree) {
      const { desiredStateJsonSchema, JSON_SCHEMA_PATH } = await load<
        typeof import('../../src/config/schema/json-schema.js')
      >(tree, 'src/config/schema/json-schema.ts');
      const { CONFIG_REFERENCE_PATH, configReference } = await load<
        typeof import('../../scripts/config-reference.js')
      >(tree, 'scripts/config-reference.ts');
      const schema = desiredStateJsonSchema((await registry(tree)).PROVIDER_CATALOGUE);
      if (schema !== (await read(tree, JSON_SCHEMA_PATH))) return `${JSON_SCHEMA_PATH} is stale`;
      return configReference(JSON.parse(schema)) === (await read(tree, CONFIG_REFERENCE_PATH))
        ? null
        : `${CONFIG_REFERENCE_PATH} is stale`;
    },
  },
  {
    title: 'The list of types in the providers test',
    async check(tree) {
      const types = (await registry(tree)).DNS_PROVIDERS.map((plugin) => plugin.type).join(', ');
      const test = await read(tree, 'test/config/rules/provider-rules.test.ts');
      return test.includes(`type must be one of ${types},`)
        ? null
        : `provider-rules.test.ts does not list ${types}`;
    },
  },
  {
    title: 'The docs page',
    async check(tree, folder) {
      const type = (await pluginIn(tree, folder))?.type ?? folder;
      const readme = await read(tree, 'README.md');
      for (const page of [`docs/providers/${type}.md`, `docs/${type}.md`])
        if (
          readme.includes(`](${page})`) &&
          (await exists(tree, page)) &&
          (await read(tree, page)).includes(`type: ${type}`)
        )
          return null;
      return `no docs/providers/${type}.md with an example \`type: ${type}\` entry, linked from README.md`;
    },
  },
  {
    title: 'The conformance wiring: `test/conformance/<name>-<server>.test.ts`',
    async check(tree, folder) {
      const files = (await readdir(join(tree, 'test/conformance'))).filter((file) => file.endsWith('.ts'));
      for (const file of files) {
        const text = await read(tree, `test/conformance/${file}`);
        if (
          text.includes(`from '../../src/providers/${folder}/plugin.js'`) &&
          text.includes('describeConformance({')
        )
          return null;
      }
      return 'no describeConformance({ plugin }) under test/conformance';
    },
  },
  {
    title: 'Unit tests, and the core in mutation testing',
    async check(tree, folder) {
      const dir = join(tree, 'test/providers', folder);
      const tests = await readdir(dir, { recursive: true, encoding: 'utf8' }).catch(() => []);
      if (!tests.some((file) => file.endsWith('.test.ts'))) return `no test/providers/${folder}/*.test.ts`;
      const stryker = await read(tree, 'stryker.config.mjs');
      const mutated = [...stryker.matchAll(new RegExp(`'(src/providers/${folder}/[\\w/.-]+\\.ts)'`, 'g'))];
      for (const [, path] of mutated) if (path && (await exists(tree, path))) return null;
      return `stryker.config.mjs mutates no file of src/providers/${folder}/`;
    },
  },
];
