import {
  DEFAULT_GEO_LABEL,
  DEFAULT_GEO_WEIGHT,
  type GeoGroup,
  type GeoRecords,
  type GeoService,
} from '../../model/geo.js';

/**
 * The desired service with what it does not manage taken from `live`: the service's TTL and active state, and per
 * group (matched by name) and type the serve count, the TTL, and each value's weight and label (a value not live
 * gets the service's default). Absent in YAML means "as it is live", so an unmanaged option never shows as a
 * change, and a write that replaces the groups (the service's PUT of `groups`) sends the live values instead of
 * resetting them. A group or type that is not live keeps only what the YAML gives; a live serve count larger than
 * the desired number of values is not kept.
 *
 * An option neither side has may be left as a key holding `undefined`: the diff brings the result to its canonical
 * form (`sortGeoService`), which drops those keys, before anything compares or shows it.
 */
export function withLiveOptions(desired: GeoService, live: GeoService): GeoService {
  const liveGroups = new Map(live.groups.map((group) => [group.name, group]));
  return {
    ...desired,
    ttl: desired.ttl ?? live.ttl,
    active: desired.active ?? live.active,
    groups: desired.groups.map((group) => groupWithLive(group, liveGroups.get(group.name))),
  };
}

function groupWithLive(group: GeoGroup, live: GeoGroup | undefined): GeoGroup {
  if (live === undefined) return group;
  const liveTypes = new Map(live.records.map((records) => [records.type, records]));
  return { ...group, records: group.records.map((r) => recordsWithLive(r, liveTypes.get(r.type))) };
}

function recordsWithLive(records: GeoRecords, live: GeoRecords | undefined): GeoRecords {
  if (live === undefined) return records;
  const perValue = <T>(list: readonly T[] | undefined, fallback: T) => {
    if (list === undefined) return undefined;
    const of = new Map(live.values.map((value, i) => [value, list[i] ?? fallback]));
    return records.values.map((value) => of.get(value) ?? fallback);
  };
  const weights = records.weights ?? perValue(live.weights, DEFAULT_GEO_WEIGHT);
  const labels = records.labels ?? perValue(live.labels, DEFAULT_GEO_LABEL);
  // A live serve count over the desired number of values cannot be kept: the service refuses it, so it is dropped
  // (unset: every value served). No live serve count: nothing to keep.
  const liveServe = (live.serveCount ?? 0) <= records.values.length ? live.serveCount : undefined;
  return {
    type: records.type,
    values: records.values,
    weights,
    labels,
    serveCount: records.serveCount ?? liveServe,
    ttl: records.ttl ?? live.ttl,
  };
}
