import type { Diagnostic } from '../../model/diagnostic.js';
import type { ReadGeoGroup } from '../desired/read-records.js';
import type { MergedDocument } from '../read/merge.js';
import {
  diagnosticAt,
  entryOf,
  isMap,
  nodeAt,
  type PEntry,
  type Position,
  toPlain,
  where,
} from '../read/positioned.js';

/**
 * Rules of a geo service's options that no one value's shape says (ranges are the schema's):
 * - a group's `serve_count` and `ttl` name types the group serves, and a serve count is at most the number of its
 *   type's values (inferred: a service cannot carry more values in one answer than it has);
 * - `renamed_from` names another service than its own, is not a service the desired state also lists, and no two
 *   services are renamed from the same one. Each problem is reported where it was written, naming the other place.
 */
export function geoOptionDiagnostics(merged: MergedDocument, groups: readonly ReadGeoGroup[]): Diagnostic[] {
  return [...groups.flatMap(groupOptionDiagnostics), ...renameDiagnostics(merged.services.geoServices)];
}

function groupOptionDiagnostics(group: ReadGeoGroup): Diagnostic[] {
  const counts = new Map(group.sets.map((set) => [set.type.key, set.values.length]));
  const diagnostics: Diagnostic[] = [];
  for (const field of ['serve_count', 'ttl'] as const) {
    const options = nodeAt(group.service.value, ['groups', group.index, field]);
    if (!isMap(options)) continue;
    for (const entry of options.entries) {
      const count = counts.get(entry.key);
      if (count === undefined) {
        const message = `${group.label} ${field}: ${entry.key} is not a type the group serves`;
        diagnostics.push(diagnosticAt(entry.keyPos, message));
        continue;
      }
      const value = toPlain(entry.value);
      if (field === 'serve_count' && typeof value === 'number' && value > count) {
        const message = `${group.label} serve_count: ${entry.key} is ${value}, but the group serves ${count} ${entry.key} value${count === 1 ? '' : 's'}`;
        diagnostics.push(diagnosticAt(entry.value.pos, message));
      }
    }
  }
  return diagnostics;
}

function renameDiagnostics(services: readonly PEntry[]): Diagnostic[] {
  const names = new Map(services.map((service) => [service.key, service.keyPos]));
  const sources = new Map<string, { service: string; pos: Position }>();
  const diagnostics: Diagnostic[] = [];
  for (const service of services) {
    const from = isMap(service.value) ? entryOf(service.value, 'renamed_from')?.value : undefined;
    if (from?.kind !== 'scalar' || typeof from.value !== 'string' || from.value === '') continue;
    const old = from.value;
    const listed = names.get(old);
    if (old === service.key) {
      diagnostics.push(diagnosticAt(from.pos, `geo service "${old}" is renamed from its own name`));
    } else if (listed) {
      const message = `geo service "${service.key}" is renamed from "${old}", which is also listed at ${where(listed)}; a renamed service is listed under its new name only`;
      diagnostics.push(diagnosticAt(from.pos, message));
    }
    const first = sources.get(old);
    if (first) {
      const message = `geo services "${first.service}" and "${service.key}" are both renamed from "${old}": also at ${where(first.pos)}`;
      diagnostics.push(diagnosticAt(from.pos, message));
    } else sources.set(old, { service: service.key, pos: from.pos });
  }
  return diagnostics;
}
