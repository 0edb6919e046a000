import type { RecordSetWork } from '../../../src/model/provider.js';
import type { RecordSetValue } from '../../../src/model/record-set.js';

/** `[ref, value, ttl]` of one live record. */
export type LiveTuple = [string, string, number];

/**
 * One changed record set of zone `a.test` as plan hands it to a compiler: `after` null deletes it; `live` are its
 * live records (the change's `before` is derived from them: most common TTL, values sorted and unique). Its address
 * names provider `dyn`: no compiler reads it.
 */
export function setWork(
  fqdn: string,
  type: string,
  after: [string[], number] | null,
  live: LiveTuple[] = [],
  zone = 'a.test',
): RecordSetWork {
  const before: RecordSetValue | null =
    live.length === 0
      ? null
      : { ttl: live[0]?.[2] ?? 0, values: [...new Set(live.map(([, value]) => value))].sort() };
  return {
    change: {
      address: { kind: 'record-set', zone, fqdn, type, provider: 'dyn' },
      action: after === null ? 'delete' : before === null ? 'create' : 'update',
      before,
      after: after === null ? null : { ttl: after[1], values: after[0] },
    },
    live: live.map(([ref, value, ttl]) => ({ value, ttl, ref })),
  };
}
