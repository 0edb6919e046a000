// `node scripts/bundle-cli.mjs [OUTDIR]`: the CLI the package ships (`bin`), bundled by esbuild from src/cli/main.ts
// into OUTDIR (default dist/bin): `edgeplan.js`, and one chunk per part a command loads when it runs (src/cli/
// definitions/ import each command with `import()`), so that `--version` reads a few kilobytes and a `plan` what it uses, not
// hundreds of module files. Why a bundle, measured: docs/benchmarks.md.
//
// Each file has a source map holding edgeplan's own sources (sourcesContent): a stack trace maps to the TypeScript
// line with nothing else installed; a frame in a bundled package maps to that package's file and line, its text
// left out (the package is a dependency, installed beside). The CLI turns source maps on only for --verbose
// (main.ts), which prints stack traces; reading them costs about 0.1 s per run. The bundled packages' licences are
// written beside the bundle.
//
// The code is written without its comments and indentation (esbuild's `minifyWhitespace`), names kept: V8 holds
// every loaded chunk's source text for as long as the process runs (it compiles functions lazily, from that text),
// and the parser reads it all: a 1,000-record plan's peak RSS is about 0.6 MB lower this way (docs/benchmarks.md,
// "Memory"). Whitespace alone: renaming would make a stack trace without source maps unreadable, and `minifySyntax`
// saved nothing measurable besides it.
// esbuild writes the code in ASCII (its `charset`), every other character escaped, and comments, which it kept as
// written, are gone: so V8 holds each chunk's source as one byte a character, not two.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** esbuild's options for the CLI's bundle in `outdir` (test/library/cli-bundle.test.ts reads its chunk graph). */
export function bundleOptions(outdir) {
  return {
    entryPoints: { edgeplan: join(ROOT, 'src/cli/main.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    sourcesContent: true,
    legalComments: 'none',
    minifyWhitespace: true,
    metafile: true,
    logLevel: 'warning',
    // jsonc-parser's `main` is a UMD build whose modules `require` each other at run time, which a bundle cannot
    // follow: its ES module build (its `module` field) is bundled instead.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    // A CommonJS package inside an ES module bundle calls `require` for Node's built-ins.
    banner: {
      js: "import { createRequire as edgeplanCreateRequire } from 'node:module'; const require = edgeplanCreateRequire(import.meta.url);",
    },
  };
}

/** Bundles the CLI into `outdir` (emptied first); resolves to the packages bundled, by name. */
export async function bundleCli(outdir) {
  await rm(outdir, { recursive: true, force: true });
  const result = await build(bundleOptions(outdir));
  await ownSourcesOnly(outdir);
  const packages = bundledPackages(result.metafile);
  await writeFile(join(outdir, 'THIRD-PARTY-LICENSES.txt'), await licences(packages));
  return packages;
}

/** Drops the text of bundled packages' sources from every map (their paths and lines stay). */
async function ownSourcesOnly(outdir) {
  for (const name of await readdir(outdir)) {
    if (!name.endsWith('.map')) continue;
    const path = join(outdir, name);
    const map = JSON.parse(await readFile(path, 'utf8'));
    map.sourcesContent = map.sources.map((source, i) =>
      source.includes('node_modules/') ? null : (map.sourcesContent?.[i] ?? null),
    );
    await writeFile(path, JSON.stringify(map));
  }
}

/** `node_modules/<name>/…` (or `node_modules/@scope/name/…`) inputs, as package directories by name. */
function bundledPackages(metafile) {
  const dirs = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match?.[1]) dirs.set(match[1], join(ROOT, 'node_modules', match[1]));
  }
  return new Map([...dirs].sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function licences(packages) {
  const parts = [];
  for (const [name, dir] of packages) {
    const { version, license } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    const text = await licenceText(dir);
    parts.push(`${name} ${version} (${license})\n\n${text.trim()}\n`);
  }
  return `The edgeplan CLI (edgeplan.js and its chunks) bundles these packages:\n\n${parts.join('\n---\n\n')}`;
}

async function licenceText(dir) {
  for (const name of ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE']) {
    try {
      return await readFile(join(dir, name), 'utf8');
    } catch {
      // Try the next spelling.
    }
  }
  throw new Error(`bundle-cli: no licence file in ${dir}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const packages = await bundleCli(resolve(process.argv[2] ?? join(ROOT, 'dist/bin')));
  console.log(`bundled the CLI with ${[...packages.keys()].join(', ')}`);
}
