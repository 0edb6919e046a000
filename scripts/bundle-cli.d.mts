// Types of bundle-cli.mjs, for the tests that build the package as it ships (TypeScript).

/** Bundles the CLI into `outdir` (emptied first); resolves to the packages bundled, by name → directory. */
export function bundleCli(outdir: string): Promise<Map<string, string>>;

/** esbuild's options for the CLI's bundle in `outdir`. */
export function bundleOptions(outdir: string): import('esbuild').BuildOptions & { metafile: true };
