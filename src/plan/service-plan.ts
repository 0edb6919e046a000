import type { DesiredState } from '../model/dns.js';
import type { LiveState } from '../model/live.js';
import { diffGeoServices } from './geo-diff.js';
import { geoSteps } from './geo-steps.js';
import { diffSecondaryZones } from './secondary-diff.js';
import type { GeoServicePlan, SecondaryZonePlan } from './service-types.js';
import { orderSteps } from './step-order.js';
import type { PlanStep, ZonePlan } from './types.js';

/**
 * Adds secondary zones and geo services to a plan of zones: their sections (absent when empty, so a plan of zones
 * only keeps its shape) and every step, zone steps included, with the cross-service dependencies of geo-steps.ts,
 * in the deterministic order of step-order.ts.
 */
export function planServices(
  desired: DesiredState,
  live: LiveState,
  zones: readonly ZonePlan[],
  zoneSteps: readonly PlanStep[],
): { sections: { secondaryZones?: SecondaryZonePlan[]; geoServices?: GeoServicePlan[] }; steps: PlanStep[] } {
  const secondaries = diffSecondaryZones(desired, live);
  const geoDiffs = diffGeoServices(desired, live);
  const geo = geoSteps(geoDiffs, zones);
  const waiting = zoneSteps.map((step) => {
    const after = geo.zoneAfter.get(step.id);
    return after ? { ...step, after } : step;
  });
  return {
    sections: {
      ...(secondaries.plans.length > 0 ? { secondaryZones: secondaries.plans } : {}),
      ...(geoDiffs.length > 0 ? { geoServices: geoDiffs.map((diff) => diff.plan) } : {}),
    },
    steps: orderSteps([...waiting, ...secondaries.steps, ...geo.steps]),
  };
}
