import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { type LoadOptions, loadDesiredState } from '../../src/config/index.js';
import { TOP_LEVEL_KEYS as KEYS } from '../../src/config/schema/schema.js';
import { catalogueWith } from '../support/load-options.js';

export { catalogueWith, providerLike } from '../support/load-options.js';

import { formatDiagnostic } from '../../src/model/diagnostic.js';
import type { DesiredState } from '../../src/model/dns.js';
import { RECORD_TYPES } from '../../src/model/record-types/index.js';

export const GOOD = 'test/fixtures/config/good';

/** The top-level keys an "unknown key" message lists, as the schema declares them. */
export const TOP_LEVEL_KEYS = KEYS.join(', ');

/** The keys of a record set: `ttl`, then every registered type's. */
export const TYPE_KEYS = RECORD_TYPES.map((type) => type.key).join(', ');
export const RECORD_SET_KEYS = `ttl, allow_lints, override, ${TYPE_KEYS}`;

/** What a desired state without secondary zones, geo services or settings holds besides its zones. */
export const NO_SERVICES: Required<Pick<DesiredState, 'secondaryZones' | 'geoServices' | 'manage'>> = {
  secondaryZones: [],
  geoServices: [],
  manage: { secondaryZones: 'listed', geoServices: 'listed' },
};
export const BAD = 'test/fixtures/config/bad';

/** The tail of the message of a record name defined twice. */
export const ONE_PLACE = 'all record types of a name are given in one place';

/** Where the YAML wrote something (`at` of a zone or a record set): checked by the tests about positions. */
export const AT = expect.objectContaining({ line: expect.any(Number) });

/** An A record set as the model holds it; `at` is checked by the tests about positions, anything here. */
export function aSet(fqdn: string, ttl: number, ...values: string[]) {
  return { fqdn, type: 'A', ttl, values, at: AT };
}

/** Capabilities like Dyn's (every registered type, 13 A records per name) for every provider type. */
export const DYN_LIKE: LoadOptions = {
  catalogue: catalogueWith(() => ({
    recordTypes: RECORD_TYPES.map((type) => type.type),
    geoServices: true,
    secondaryZones: true,
    maxRecordsPerName: { A: 13 },
  })),
};

/** The formatted diagnostics of loading `paths`; fails the test when they load. */
export function problems(...paths: string[]): Promise<string[]> {
  return problemsWith({}, ...paths);
}

/** `problems` with load options (capabilities). */
export async function problemsWith(options: LoadOptions, ...paths: string[]): Promise<string[]> {
  const result = await loadDesiredState(paths, options);
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

/** The formatted warnings of loading `paths` (lint warnings never block); fails the test when they do not load. */
export async function warningsOf(options: LoadOptions, ...paths: string[]): Promise<string[]> {
  const result = await loadDesiredState(paths, options);
  if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  return result.warnings.map(formatDiagnostic);
}

/** `problems` and `warningsOf` of a temporary tree, paths shown relative to it (as the YAML's own names read). */
export async function problemsIn(dir: string): Promise<string[]> {
  return (await problems(dir)).map((line) => line.replaceAll(`${dir}/`, ''));
}
export async function warningsIn(dir: string): Promise<string[]> {
  return (await warningsOf({}, dir)).map((line) => line.replaceAll(`${dir}/`, ''));
}
