import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { DesiredStateSchema } from '../../src/config/schema.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import type { DesiredState } from '../../src/model/dns.js';

export const GOOD = 'test/fixtures/config/good';

/** The top-level keys an "unknown key" message lists, as the schema declares them. */
export const TOP_LEVEL_KEYS = Object.keys(DesiredStateSchema.shape).join(', ');

/** What a desired state without secondary zones, geo services or settings holds besides its zones. */
export const NO_SERVICES = {
  secondaryZones: [],
  geoServices: [],
  manage: { secondaryZones: 'listed', geoServices: 'listed' },
} as const;
export const BAD = 'test/fixtures/config/bad';

/** The formatted diagnostics of loading `paths`; fails the test when they load. */
export async function problems(...paths: string[]): Promise<string[]> {
  const result = await loadDesiredState(paths);
  if (result.ok) throw new Error(`expected problems, but ${paths.join(' ')} loaded`);
  return result.diagnostics.map(formatDiagnostic);
}

/** The desired state of `paths`; fails the test with the diagnostics when they do not load. */
export async function desired(...paths: string[]): Promise<DesiredState> {
  const result = await loadDesiredState(paths);
  if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  return result.desired;
}

const created: string[] = [];
afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Writes `files` (relative path → content) into a fresh temporary directory, removed after the test. */
export async function tempTree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'edgeplan-config-'));
  created.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}
