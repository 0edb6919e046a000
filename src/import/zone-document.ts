import type { ZoneInventory } from '../model/inventory.js';
import { relativeName } from '../model/names.js';

/** A zone of the desired state as import writes it: plain data in the shape of the YAML (`ZoneSchema`). */
export interface ZoneDocument {
  default_ttl: number;
  records: Record<string, { a: string[]; ttl?: number }>;
  unmanaged?: string[];
}

/**
 * One live zone as desired state that plans empty against it. Each A node becomes a record set under its name
 * relative to the zone (`@` the apex). The zone's `default_ttl` is its most common TTL (the smallest on a tie), so
 * most sets need no `ttl`. What the model cannot express is listed in `notes`, never dropped silently:
 * - a node whose records differ in TTL, or have TTL 0 (the model gives a set one TTL of at least 1): written under
 *   `unmanaged` as a literal name, so edgeplan leaves it exactly as it is;
 * - records of other types: edgeplan manages A records only and never touches them.
 */
export function zoneDocument(inventory: ZoneInventory): { document: ZoneDocument; notes: string[] } {
  const { zone } = inventory;
  const notes: string[] = [];
  const unmanaged: string[] = [];
  const sets: { name: string; ttl: number; addresses: string[] }[] = [];
  for (const node of inventory.nodes) {
    const name = relativeName(node.fqdn, zone);
    const ttls = [...new Set(node.records.map((r) => r.ttl))].sort((a, b) => a - b);
    const [ttl] = ttls;
    if (ttl === undefined) continue;
    if (ttls.length > 1 || ttl < 1) {
      unmanaged.push(literalGlob(name));
      const why = ttls.length > 1 ? `records with different TTLs (${ttls.join(', ')})` : 'TTL 0';
      notes.push(`zone:${zone}: ${node.fqdn} A has ${why}; written under unmanaged, left as it is`);
      continue;
    }
    sets.push({ name, ttl, addresses: node.records.map((r) => r.address) });
  }
  const defaultTtl = mostCommon(sets.map((s) => s.ttl)) ?? 3600;
  // Object.fromEntries, not `records[name] =`: a node named `__proto__` must become an own key.
  const records: ZoneDocument['records'] = Object.fromEntries(
    sets.map((set) => [set.name, { a: set.addresses, ...(set.ttl !== defaultTtl ? { ttl: set.ttl } : {}) }]),
  );
  if (inventory.otherRecords.length > 0) {
    const shown = inventory.otherRecords.slice(0, 5).join(', ');
    const more = inventory.otherRecords.length > 5 ? `, … ${inventory.otherRecords.length - 5} more` : '';
    notes.push(
      `zone:${zone}: ${inventory.otherRecords.length} records of other types, left as they are (edgeplan manages A records only): ${shown}${more}`,
    );
  }
  return {
    document: { default_ttl: defaultTtl, records, ...(unmanaged.length > 0 ? { unmanaged } : {}) },
    notes,
  };
}

/** A glob (picomatch) that matches exactly `name`: every special character escaped. */
export function literalGlob(name: string): string {
  return name.replace(/[\\*?[\]{}()!+@|,^$]/g, (c) => `\\${c}`);
}

function mostCommon(values: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | undefined;
  for (const [value, count] of counts) {
    const bestCount = best === undefined ? 0 : (counts.get(best) ?? 0);
    if (count > bestCount || (count === bestCount && best !== undefined && value < best)) best = value;
  }
  return best;
}
