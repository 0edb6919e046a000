import { join } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** The repository root: the rules (.dependency-cruiser.mjs) and tsconfig.json live there. */
export const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Cruises `src` under `baseDir` with the project's rules, as `npm run layers` does, and returns the graph and every
 * violation, each as one line a person can act on.
 */
export async function cruiseLayers(baseDir = ROOT): Promise<{ result: ICruiseResult; violations: string[] }> {
  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.mjs'));
  const tsConfig = extractTSConfig(join(ROOT, 'tsconfig.json'));
  const reported = await cruise(['src'], { ...options, baseDir, validate: true }, undefined, { tsConfig });
  if (typeof reported.output === 'string') throw new Error('dependency-cruiser returned text, not a result');
  const result = reported.output;
  return { result, violations: (result.summary.violations ?? []).map(describeViolation).sort() };
}

/** `rule: from → to`, a cycle as its whole path, and `(type-only)` when no runtime import is involved. */
export function describeViolation(violation: IViolation): string {
  const path = violation.cycle
    ? [violation.from, ...violation.cycle.map((step) => step.name)].join(' → ')
    : `${violation.from} → ${violation.to}`;
  const typeOnly = violation.dependencyTypes?.includes('type-only') ? ' (type-only)' : '';
  return `${violation.rule.name}: ${path}${typeOnly}`;
}
