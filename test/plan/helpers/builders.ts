import type { DesiredZone, LiveZone } from '../../../src/model/dns.js';
import { DEFAULT_TTL } from '../../../src/model/dns.js';
import type { LiveRecordSet, RecordSet } from '../../../src/model/record-set.js';
import { sortValues } from '../../../src/model/record-types/registry.js';
import type { UnmanagedEntry } from '../../../src/model/unmanaged.js';
import { DYN } from '../../support/one-provider.js';

/** `www.example.com` (an A set) or `www.example.com MX`: a record set's name and type. */
function nameAndType(key: string): { fqdn: string; type: string } {
  const [fqdn = '', type = 'A'] = key.split(' ');
  return { fqdn, type };
}

/**
 * A desired zone from `fqdn → [values, ttl?]` (A sets) or `'fqdn TYPE' → [values, ttl?]`; TTLs default to the
 * zone's default TTL, values are put in canonical order; on the implicit provider (one-provider.ts).
 */
export function desiredZone(
  zone: string,
  records: Record<string, [string[], number?]>,
  options: { defaultTtl?: number; unmanaged?: (string | UnmanagedEntry)[] } = {},
): DesiredZone {
  const defaultTtl = options.defaultTtl ?? DEFAULT_TTL;
  const sets: RecordSet[] = Object.entries(records).map(([key, [values, ttl]]) => {
    const { fqdn, type } = nameAndType(key);
    return { fqdn, type, ttl: ttl ?? defaultTtl, values: sortValues(type, values) };
  });
  return {
    zone,
    defaultTtl,
    providers: [DYN],
    records: sets,
    unmanaged: (options.unmanaged ?? []).map((entry) =>
      typeof entry === 'string' ? { name: entry } : entry,
    ),
  };
}

/** A live zone from `fqdn` or `'fqdn TYPE'` → `[[ref, value, ttl], ...]`, and its unsupported records. */
export function liveZone(
  zone: string,
  serial: number,
  sets: Record<string, [number | string, string, number][]>,
  unsupported: string[] = [],
): LiveZone {
  return {
    zone,
    serial,
    serialStyle: 'increment',
    records: Object.entries(sets).map(
      ([key, records]): LiveRecordSet => ({
        ...nameAndType(key),
        records: records.map(([ref, value, ttl]) => ({ value, ttl, ref: String(ref) })),
      }),
    ),
    unsupported,
  };
}
