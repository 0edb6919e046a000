// `node scripts/bundle-cli.mjs [OUTDIR]`: the CLI the package ships (`bin`), bundled by esbuild from src/cli/main.ts
// into OUTDIR (default dist/bin): `edgeplan.js`, and one chunk per part a command loads when it runs (src/cli/
// definitions/ import each command with `import()`), so that `--version` reads a few kilobytes and a `plan` what it uses, not
// hundreds of module files. Why a bundle, measured: docs/benchmarks.md.
//
// Two passes. esbuild bundles and splits code into chunks only as ES modules (`bundleOptions`); Rolldown then writes
// each chunk again, file for file, as a CommonJS module (`asCommonJs`; OUTDIR's package.json says so). Node's ES
// module loader costs memory and time of its own for every file it loads: as CommonJS, a 1,000-record plan takes
// 1-1.5 MB less peak RSS and 15-20 % less CPU, `--version` 2 MB less (docs/benchmarks.md, "The CLI's chunks as
// CommonJS modules"). The second pass chains the first's source maps, so each map still leads to the TypeScript line.
//
// Each file has a source map holding edgeplan's own sources (sourcesContent): a stack trace maps to the TypeScript
// line with nothing else installed; a frame in a bundled package maps to that package's file and line, its text
// left out (the package is a dependency, installed beside). The CLI turns source maps on only for --verbose
// (main.ts), which prints stack traces; reading them costs about 0.1 s per run. The bundled packages' licences are
// written beside the bundle.
//
// The code is written without its comments and indentation (esbuild's `minifyWhitespace`, then Rolldown's
// `removeWhitespace`), names kept: V8 holds every loaded chunk's source text for as long as the process runs (it
// compiles functions lazily, from that text), and the parser reads it all: a 1,000-record plan's peak RSS is about
// 0.6 MB lower this way (docs/benchmarks.md, "Memory"). Whitespace alone: renaming would make a stack trace without
// source maps unreadable, and `minifySyntax` saved nothing measurable besides it.
// Both passes write the code in ASCII (esbuild's `charset`, Rolldown's `asciiOnly`), every other character escaped,
// and comments are gone: so V8 holds each chunk's source as one byte a character, not two.
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { rolldown } from 'rolldown';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * esbuild's options for the CLI's chunks as ES modules in `outdir`, the first pass (test/library/cli-bundle.test.ts
 * reads its chunk graph; the second pass keeps it file for file).
 */
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
  };
}

/**
 * The second pass: the first pass's chunks (`files`, in `esm`) written again into `outdir` as CommonJS modules by
 * Rolldown, one file for one (each is an entry), each `import()` a `require` in a promise (Node loads a CommonJS
 * module's dependencies when it runs, so a chunk still loads only when its command needs it), `import.meta.url`
 * the chunk's own URL (from `__filename`). Rolldown writes exports as plain properties (`exports.runCli = runCli`),
 * where esbuild's CommonJS output makes each a getter that every call goes through (4 % more CPU in a
 * 100,000-record apply). Each chunk's source map is read with it, so the new map leads to the TypeScript line.
 */
async function asCommonJs(esm, files, outdir) {
  const input = Object.fromEntries(files.map((name) => [name.slice(0, -'.js'.length), join(esm, name)]));
  const bundle = await rolldown({
    input,
    platform: 'node',
    preserveEntrySignatures: 'strict',
    // Node's built-ins; every other package is in the first pass's chunks.
    external: (id) => id.startsWith('node:'),
    plugins: [withSourceMaps(esm)],
    logLevel: 'warn',
  });
  try {
    await bundle.write({
      dir: outdir,
      format: 'cjs',
      // Node's built-ins loaded on demand by `require`, not `import()`, which would start Node's ES module loader.
      dynamicImportInCjs: false,
      entryFileNames: '[name].js',
      sourcemap: true,
      comments: false,
      minify: { compress: false, mangle: false, codegen: { removeWhitespace: true, asciiOnly: true } },
    });
  } finally {
    await bundle.close();
  }
}

/** A Rolldown plugin that loads each of `dir`'s chunks with its source map, which Rolldown chains into its own. */
function withSourceMaps(dir) {
  return {
    name: 'edgeplan-input-source-maps',
    async load(id) {
      if (!id.startsWith(dir)) return null;
      const [code, map] = await Promise.all([readFile(id, 'utf8'), readFile(`${id}.map`, 'utf8')]);
      return { code, map: JSON.parse(map) };
    },
  };
}

/** Bundles the CLI into `outdir` (emptied first); resolves to the packages bundled, by name. */
export async function bundleCli(outdir) {
  await rm(outdir, { recursive: true, force: true });
  const esm = await mkdtemp(join(tmpdir(), 'edgeplan-esm-chunks-'));
  try {
    const result = await build(bundleOptions(esm));
    await asCommonJs(
      esm,
      (await readdir(esm)).filter((name) => name.endsWith('.js')),
      outdir,
    );
    // The entry starts with `#!` and is the package's `bin`: executable, as esbuild writes such a file.
    await chmod(join(outdir, 'edgeplan.js'), 0o755);
    await ownSourcesOnly(outdir);
    // The package is `"type": "module"`; the chunks are CommonJS.
    await writeFile(join(outdir, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
    const packages = bundledPackages(result.metafile);
    await writeFile(join(outdir, 'THIRD-PARTY-LICENSES.txt'), await licences(packages));
    return packages;
  } finally {
    await rm(esm, { recursive: true, force: true });
  }
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
