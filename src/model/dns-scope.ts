import type { DesiredState } from './dns.js';

/**
 * What of the DNS service a desired state needs read. A section is read when it lists something or when the
 * desired state owns the whole section (`manage: all`, where an empty list means "delete every one").
 */
export function readsSecondaryZones(desired: DesiredState): boolean {
  return (desired.secondaryZones?.length ?? 0) > 0 || desired.manage?.secondaryZones === 'all';
}

export function readsGeoServices(desired: DesiredState): boolean {
  return (desired.geoServices?.length ?? 0) > 0 || desired.manage?.geoServices === 'all';
}

/** True when the desired state needs the DNS service at all (and so its credentials). */
export function usesDns(desired: DesiredState): boolean {
  return desired.zones.length > 0 || readsSecondaryZones(desired) || readsGeoServices(desired);
}
