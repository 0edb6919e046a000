import type { DesiredState } from '../model/dns.js';
import type { LiveState } from '../model/live.js';
import { computePlan } from '../plan/index.js';
import type { Plan } from '../plan/types.js';
import type { Providers } from './providers.js';
import { readLive } from './read-live.js';

/** Reads live state of what the desired state names, then computes the plan (pure); see `planWithLive`. */
export async function planLive(desired: DesiredState, providers: Providers): Promise<Plan> {
  return (await planWithLive(desired, providers)).plan;
}

/**
 * The plan and the live state it was computed from. `adjust` narrows what was read (a `--target` scope) before
 * planning.
 *
 * A plan that writes records is checked against the geo services' links (plan/diff/live-checks.ts: the service
 * refuses records at a node a geo service answers for, so a green plan would fail at apply). The geo-service list
 * is one request, read only when the plan writes records into a zone that exists (a service links nodes of
 * existing zones only) and the desired state did not read it anyway, so a plan with nothing to do, or one that
 * only creates zones, stays at its minimum of requests.
 */
export async function planWithLive(
  desired: DesiredState,
  providers: Providers,
  adjust: (live: LiveState) => LiveState = (live) => live,
): Promise<{ plan: Plan; live: LiveState }> {
  let live = adjust(await readLive(desired, providers));
  let plan = computePlan(desired, live, providers);
  const dns = providers.dns;
  if (live.geoServices === undefined && dns?.capabilities.geoServices && writesRecords(plan, live)) {
    live = { ...live, geoServices: await dns.readGeoServices() };
    plan = computePlan(desired, live, providers);
  }
  return { plan, live };
}

function writesRecords(plan: Plan, live: LiveState): boolean {
  return plan.changes.some(
    (change) =>
      change.address.kind === 'record-set' &&
      change.after !== null &&
      (live.zones[change.address.zone] ?? null) !== null,
  );
}
