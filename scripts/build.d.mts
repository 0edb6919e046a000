// Types of build.mjs, for its tests (TypeScript).

/** What dist/ is built from: files, and directories taken whole. */
export const BUILD_INPUTS: readonly string[];
/** Where the digest of the last build's inputs is kept, relative to the root. */
export const BUILD_RECORD: string;
export function inputsDigest(root: string): Promise<string>;
/** Why dist/ must be built, or null when it was built from the inputs as they are. */
export function staleness(root: string): Promise<string | null>;
/** Builds with `steps` (default: empty dist/, tsc, bundle), then records the inputs unless they changed meanwhile. */
export function build(root: string, steps?: (root: string) => Promise<void>): Promise<string>;
/** Builds only when `staleness` gives a reason; says what it did. */
export function buildIfStale(root: string, steps?: (root: string) => Promise<void>): Promise<string>;
