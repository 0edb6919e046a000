import { fastParseYaml } from './fast-yaml.js';
import type { ParsedFile } from './parse-yaml.js';

/**
 * parseYamlFile (parse-yaml.ts) for the commands: the same result, but the full reader, and with it the `yaml`
 * package, is loaded only for a file the fast reader declines. Most runs never compile that package, about 40 ms
 * of a small `validate` (docs/benchmarks.md). Keep this module and its imports free of `yaml`.
 */
export async function readYamlFile(file: string, text: string): Promise<ParsedFile> {
  const fast = fastParseYaml(file, text);
  // Stryker disable next-line ConditionalExpression: `false` (the full reader for every file) gives the same result, only slower; `true` is killed by read-yaml.test.ts
  if (fast) return { file, ...fast };
  const { fullParseYamlFile } = await import('./parse-yaml.js');
  return fullParseYamlFile(file, text);
}
