import { type RecordType, recordTypeOfKey } from '../../model/record-types/index.js';
import type * as z from '../../model/zod.js';
import { entryOf, isMap, type PEntry, type PMap, type PNode, toPlain } from '../read/positioned.js';
import { withZoneName } from '../reuse/zone-text.js';
import { ZoneSchema } from './schema.js';
import { Ttl } from './schema-records.js';

/**
 * The schema check of record names without a plain copy of every record. A zone's `records` map holds nearly all
 * of a large document, and zod's parse of it (a union of a strict object of every type key and a list of them, per
 * name) was the largest step of a load. So the document is parsed with each zone's `records` map left empty, and
 * each name is checked on its own: a name whose value is a record-set map of known keys, every value accepted by
 * its type's `yaml` schema and the `ttl` by its schema, is one zod would accept; every other name is parsed by the
 * zone's own `records` schema, so its issues (messages and paths) are exactly those of the whole-document parse.
 */

/** A zone's `records` map left out of the document's parse: its path from the document's top (`zones.<zone>.records`). */
export interface DeferredRecords {
  path: readonly PropertyKey[];
  records: PMap;
}

/** The plain value the document's schema validates, each zone's `records` map (when it is one) left empty. */
export function plainDeferringRecords(root: PNode): { plain: unknown; deferred: DeferredRecords[] } {
  const deferred: DeferredRecords[] = [];
  const zones = isMap(root) ? entryOf(root, 'zones')?.value : undefined;
  if (!isMap(root)) return { plain: toPlain(root), deferred };
  const plainZones = isMap(zones)
    ? Object.fromEntries(zones.entries.map((zone) => [zone.key, plainZone(zone.value, zone.key, deferred)]))
    : undefined;
  const plain = Object.fromEntries(
    root.entries.map((entry) => [entry.key, plainTop(entry, zones, plainZones)]),
  );
  return { plain, deferred };
}

/**
 * A top-level entry as the schema checks it: `zones` with their records deferred, and `templates` with `{zone}` in
 * values read as a name (`mail.{zone}.` is a name a template may write; the values are parsed again, with the real
 * zone's name, once expanded).
 */
function plainTop(entry: PEntry, zones: PNode | undefined, plainZones: unknown): unknown {
  if (entry.value === zones && plainZones !== undefined) return plainZones;
  if (entry.key === 'templates') return toPlain(withZoneName(entry.value, 'zone.example', undefined, false));
  return toPlain(entry.value);
}

function plainZone(zone: PNode, key: string, deferred: DeferredRecords[]): unknown {
  const records = isMap(zone) ? entryOf(zone, 'records')?.value : undefined;
  if (!isMap(zone) || !isMap(records)) return toPlain(zone);
  deferred.push({ path: ['zones', key, 'records'], records });
  return Object.fromEntries(
    zone.entries.map((entry) => [entry.key, entry.value === records ? {} : toPlain(entry.value)]),
  );
}

/** The records schema of a zone (schema.ts), without its `z.optional()`. */
const RECORDS_SCHEMA = ZoneSchema.shape.records.def.innerType;

/**
 * The issues of the names of a deferred `records` map, paths from the document's top: none for a name the quick
 * check accepts, zod's for the others (parsed together, in one object, as the document's parse would).
 */
export function deferredIssues(
  { path, records }: DeferredRecords,
  error: z.core.$ZodErrorMap,
): z.core.$ZodIssue[] {
  const refused = records.entries.filter((entry) => !acceptedRecordName(entry.value));
  if (refused.length === 0) return [];
  const plain = Object.fromEntries(refused.map((entry) => [entry.key, toPlain(entry.value)]));
  const issues = RECORDS_SCHEMA.safeParse(plain, { error }).error?.issues ?? [];
  return issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }));
}

/**
 * Whether zod surely accepts `value` as a record name's value (schema-records.ts `RecordNameSchema`): a map of at
 * least one type key and an optional `ttl`, each type's values as its `valuesSchema` takes them (one value for a
 * `single` type, else a non-empty list), each value accepted by its type's `yaml` schema. False says nothing: zod
 * then decides.
 */
export function acceptedRecordName(value: PNode): boolean {
  if (!isMap(value)) return false;
  let typed = false;
  for (const entry of value.entries) {
    if (entry.key === 'ttl') {
      if (!Ttl.safeParse(toPlain(entry.value)).success) return false;
      continue;
    }
    const type = recordTypeOfKey(entry.key);
    if (!type) return false;
    if (type.single ? !accepted(type, entry.value) : !acceptedList(type, entry.value)) return false;
    typed = true;
  }
  return typed;
}

function acceptedList(type: RecordType, node: PNode): boolean {
  return node.kind === 'seq' && node.items.length > 0 && node.items.every((item) => accepted(type, item));
}

function accepted(type: RecordType, node: PNode): boolean {
  return type.yaml.safeParse(toPlain(node)).success;
}
