import { sortDiagnostics } from '../../model/diagnostic.js';
import { type DnsPart, providerLive } from '../../model/dns-providers.js';
import type { LiveState } from '../../model/live.js';
import { geoLinkProblems } from './live-checks.js';
import { PlanProblemsError } from './plan-problems.js';

/**
 * What a plan made without some providers' geo services lacks once they are read: only the refusal of desired sets
 * at nodes a live geo service links (live-checks.ts). `parts` name no geo service and do not manage them all, so
 * their plan has no geo change and nothing else of it reads the geo services: planning them again with the services
 * read gives the same plan or these problems. Throws them as computePlan would (one PlanProblemsError, sorted).
 */
export function assertGeoLinksFree(parts: readonly DnsPart[], live: LiveState): void {
  const problems = parts.flatMap((part) =>
    geoLinkProblems(part.desired.zones, providerLive(live, part.name), []),
  );
  if (problems.length > 0) throw new PlanProblemsError(sortDiagnostics(problems));
}
