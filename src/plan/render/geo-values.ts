import type { GeoServiceValue } from '../../model/change.js';
import { compareStrings } from '../../model/compare.js';
import type { GeoGroup, GeoRecords } from '../../model/geo.js';
import { labelled, setChanges, textChange } from './values.js';

/**
 * How geo services read in every render: a group as its countries and each type's values, a value with its weight
 * and label when it has them (`192.0.2.1 (weight 3, label "eu-1")`), a type's serve count and TTL after its
 * values; the service's own rename, TTL and active state apart (`geoServiceParts`).
 */

/** `countries DE, FR; A 192.0.2.50 (weight 2); A serve_count 1; AAAA 2001:db8::1`. */
export function groupText(group: GeoGroup): string {
  return [`countries ${group.countries.join(', ')}`, ...group.records.flatMap(recordsText)].join('; ');
}

function recordsText(r: GeoRecords): string[] {
  const values = r.values.map((value, i) => valueText(value, r.weights?.[i], r.labels?.[i]));
  return [
    `${r.type} ${values.join(', ')}`,
    ...(r.serveCount === undefined ? [] : [`${r.type} serve_count ${r.serveCount}`]),
    ...(r.ttl === undefined ? [] : [`${r.type} ttl ${r.ttl}`]),
  ];
}

function valueText(value: string, weight: number | undefined, label: string | undefined): string {
  const options = [
    ...(weight === undefined ? [] : [`weight ${weight}`]),
    ...(label ? [`label ${JSON.stringify(label)}`] : []),
  ];
  return options.length > 0 ? `${value} (${options.join(', ')})` : value;
}

/** A group's update: countries and each type's values added and removed, then each option that changes. */
export function groupUpdateParts(before: GeoGroup, after: GeoGroup): string[] {
  const types = [...new Set([...before.records, ...after.records].map((r) => r.type))].sort(compareStrings);
  const recordsOf = (group: GeoGroup, type: string) => group.records.find((r) => r.type === type);
  return [
    ...labelled('countries', setChanges(before.countries, after.countries)),
    ...types.flatMap((type) => {
      const was = recordsOf(before, type);
      const will = recordsOf(after, type);
      return [
        ...labelled(type, setChanges(was?.values ?? [], will?.values ?? [])),
        ...optionParts(type, was, will),
      ];
    }),
  ];
}

/** Per value both sides serve: its weight and label; then the type's serve count and TTL. */
function optionParts(type: string, was: GeoRecords | undefined, will: GeoRecords | undefined): string[] {
  if (!was || !will) return [];
  const perValue = (field: 'weights' | 'labels', name: string, show: (v: number | string) => string) =>
    will.values.flatMap((value, i) => {
      const j = was.values.indexOf(value);
      const before = j < 0 ? undefined : was[field]?.[j];
      const after = will[field]?.[i];
      if (j < 0 || before === after) return [];
      return textChange(`${type} ${value} ${name}`, show0(before, show), show0(after, show));
    });
  return [
    ...perValue('weights', 'weight', String),
    ...perValue('labels', 'label', (v) => JSON.stringify(v)),
    ...textChange(`${type} serve_count`, str(was.serveCount), str(will.serveCount)),
    ...textChange(`${type} ttl`, str(was.ttl), str(will.ttl)),
  ];
}

const str = (n: number | undefined) => (n === undefined ? undefined : String(n));
const show0 = <T extends number | string>(v: T | undefined, show: (v: T) => string) =>
  v === undefined ? undefined : show(v);

/** The service's own changes: `renamed from "Old"`, `ttl 30→60`, `active yes→no` (a create: what it sets). */
export function geoServiceParts(before: GeoServiceValue | null, after: GeoServiceValue | null): string[] {
  if (after === null) return [];
  const yesNo = (active: boolean | undefined) => (active === undefined ? undefined : active ? 'yes' : 'no');
  if (before === null) {
    return [
      ...(after.ttl === undefined ? [] : [`ttl ${after.ttl}`]),
      ...(after.active === undefined ? [] : [`active ${yesNo(after.active)}`]),
    ];
  }
  return [
    ...(before.name === undefined ? [] : [`renamed from ${JSON.stringify(before.name)}`]),
    ...textChange('ttl', str(before.ttl), str(after.ttl)),
    ...textChange('active', yesNo(before.active), yesNo(after.active)),
  ];
}
