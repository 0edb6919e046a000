import type { ProviderZoneValue, SecondaryZoneValue } from '../../model/change.js';
import type { RecordSetValue } from '../../model/record-set.js';
import { recordType } from '../../model/record-types/registry.js';
import type { ZoneSettings } from '../../model/zone.js';

/**
 * How values read in every render (text, markdown, drift): record values in their canonical presentation form
 * (model/record-types), sets as comma lists, changes of a set as `+added, −removed` (U+2212).
 */

/** `ttl 300 192.0.2.1, 192.0.2.2`; a live set with mixed TTLs says so. */
export function recordSetText(value: RecordSetValue): string {
  return `${ttlText(value)} ${value.values.join(', ')}`;
}

export function ttlText(value: RecordSetValue): string {
  return value.mixedTtls ? `ttl ${value.ttl} (mixed)` : `ttl ${value.ttl}`;
}

/**
 * An update of a record set, only what differs: the TTL when it changes (or when the live TTLs are mixed, which
 * the update unifies), then the values added and removed; for a type whose values the provider completes (SOA:
 * one value, some fields the provider's), the fields that change instead (`refresh 10800→3600`).
 */
export function recordSetUpdateParts(before: RecordSetValue, after: RecordSetValue, type?: string): string[] {
  const ttl = before.mixedTtls || before.ttl !== after.ttl ? [`${ttlText(before)}→${after.ttl}`] : [];
  const fielded = type === undefined ? undefined : recordType(type);
  const [was] = before.values;
  const will = after.values[0];
  if (fielded?.complete === undefined || was === undefined || will === undefined || after.values.length > 1)
    return [...ttl, ...setChanges(before.values, after.values)];
  const old = fielded.fields(was);
  const now = fielded.fields(will);
  const names = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return [...ttl, ...names.flatMap((name) => textChange(name, text(old[name]), text(now[name])))];
}

function text(field: string | number | undefined): string | undefined {
  return field === undefined ? undefined : String(field);
}

/** The values another tool owns that an update writes back as they are: `kept 192.0.2.7`; empty when none. */
export function keptParts(kept: readonly string[] | undefined): string[] {
  return kept && kept.length > 0 ? [`kept ${kept.join(', ')}`] : [];
}

/** A zone header's additions to its serial: `manage: declared` when not the default. */
export function manageParts(manage: 'declared' | undefined): string[] {
  return manage ? [`manage: ${manage}`] : [];
}

/**
 * A zone the plan creates: `default ttl 3600, contact hostmaster@example.com, serial increment`, or the settings
 * its provider shows instead (`kind Native, nameservers ns1.example.net., soa_edit_api DEFAULT`).
 */
export function zoneValueText(value: ZoneSettings | ProviderZoneValue): string {
  if ('settings' in value) return value.settings.map((s) => `${s.name} ${s.value}`).join(', ');
  return `default ttl ${value.ttl}, contact ${value.rname}, serial ${value.serialStyle}`;
}

export function secondaryText(value: SecondaryZoneValue): string {
  const parts = [`masters ${value.masters.join(', ')}`];
  if (value.contactNickname) parts.push(`contact ${value.contactNickname}`);
  if (value.tsigKeyName) parts.push(`tsig key ${value.tsigKeyName}`);
  return parts.join('; ');
}

export function secondaryUpdateParts(before: SecondaryZoneValue, after: SecondaryZoneValue): string[] {
  return [
    ...labelled('masters', setChanges(before.masters, after.masters)),
    ...textChange('contact', before.contactNickname, after.contactNickname),
    ...textChange('tsig key', before.tsigKeyName, after.tsigKeyName),
  ];
}

/** `+x, −y`: the items added, then the items removed. */
export function setChanges(before: readonly string[], after: readonly string[]): string[] {
  const was = new Set(before);
  const will = new Set(after);
  return [
    ...after.filter((item) => !was.has(item)).map((item) => `+${item}`),
    ...before.filter((item) => !will.has(item)).map((item) => `−${item}`),
  ];
}

export function labelled(label: string, changes: readonly string[]): string[] {
  return changes.length > 0 ? [`${label} ${changes.join(', ')}`] : [];
}

export function textChange(label: string, before: string | undefined, after: string | undefined): string[] {
  return before === after ? [] : [`${label} ${before ?? '(none)'}→${after ?? '(none)'}`];
}
