/**
 * The per-type options of a geo group, beside its `rdata`: `weight` (`<t>_weight`, one per rdata item),
 * `serve_count` (`<t>_serve_count`, a string, `""` when unset), `ttl` (`<t>_ttl`, `0` = the service's TTL) and
 * `label` (`<t>_label`, one per rdata item). Where they stand and how they are keyed is public: the vendor SDK
 * builds them so (dyninc/dyn-python `dyn/tm/services/geo.py`, `Geo._post`: weight for A, AAAA and CNAME,
 * serve_count for A and AAAA, label and ttl for every type), and a recorded `GET /Geo/` shows them filled in the
 * same shapes (Netflix/denominator `dynect/src/test/resources/geoservice.json`). Inferred, since no public source
 * states them: weights are integers 1..15 (the range the vendor's Traffic Director gives record weights), a label is
 * at most 64 characters, a list has one item per rdata item (or none), a serve count is at most the number of
 * values. What a write leaves out is unset, shown as the recorded sample shows it (`[]` beside a served CNAME,
 * `""`, `0`): a PUT of `groups` replaces them.
 */
import type { ErrCode, MsgSource } from './envelope.js';
import type { GroupRecords } from './geo-rdata.js';
import { parseTtl } from './rdata.js';

export type KeptType = keyof GroupRecords;
const KEPT_TYPES: readonly KeptType[] = ['a', 'aaaa', 'cname'];
const SERVE_COUNT_TYPES: readonly ('a' | 'aaaa')[] = ['a', 'aaaa'];

export const MAX_GEO_WEIGHT = 15;
export const MAX_GEO_LABEL = 64;

export interface GroupOptions {
  /** `[]`: unset. */
  weight: Record<KeptType, number[]>;
  /** `[]`: unset. */
  label: Record<KeptType, string[]>;
  /** `""`: serve every value. */
  serveCount: { a: string; aaaa: string };
  /** `0`: the service's TTL. */
  ttl: Record<KeptType, number>;
}

export interface GroupOptionsProblem {
  code: ErrCode;
  source: MsgSource;
  text: string;
}

type Read<T> = { ok: true; value: T } | { ok: false; problem: GroupOptionsProblem };
const refuse = (text: string): { ok: false; problem: GroupOptionsProblem } => ({
  ok: false,
  problem: { code: 'INVALID_DATA', source: 'DYN', text },
});

/** The options of a group that sends none. */
export function defaultOptions(): GroupOptions {
  return {
    weight: { a: [], aaaa: [], cname: [] },
    label: { a: [], aaaa: [], cname: [] },
    serveCount: { a: '', aaaa: '' },
    ttl: { a: 0, aaaa: 0, cname: 0 },
  };
}

const asMap = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A wire map's entry for a kept type, or undefined when absent (keys of other types are not kept). */
function entry(map: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The options of a posted group whose rdata read as `records`; every problem refuses the write. */
export function readGroupOptions(group: Record<string, unknown>, records: GroupRecords): Read<GroupOptions> {
  const options = defaultOptions();
  for (const [field, raw] of [
    ['weight', group.weight],
    ['serve_count', group.serve_count],
    ['ttl', group.ttl],
    ['label', group.label],
  ] as const) {
    if (raw === undefined || raw === null) continue;
    if (asMap(raw) === undefined) return refuse(`${field}: Must be an object keyed by record type`);
  }
  const weights = asMap(group.weight) ?? {};
  const labels = asMap(group.label) ?? {};
  const serve = asMap(group.serve_count) ?? {};
  const ttls = asMap(group.ttl) ?? {};
  for (const t of KEPT_TYPES) {
    const count = records[t].length;
    const weight = perValue(entry(weights, `${t}_weight`), `${t}_weight`, count, readWeight);
    if (!weight.ok) return weight;
    if (weight.value) options.weight[t] = weight.value;
    const label = perValue(entry(labels, `${t}_label`), `${t}_label`, count, readLabel);
    if (!label.ok) return label;
    if (label.value) options.label[t] = label.value;
    const ttl = entry(ttls, `${t}_ttl`);
    if (ttl !== undefined && ttl !== null && ttl !== '') {
      const parsed = parseTtl(ttl);
      if (parsed === undefined) return refuse(`${t}_ttl: Must be a TTL in seconds`);
      options.ttl[t] = parsed;
    }
  }
  for (const t of SERVE_COUNT_TYPES) {
    const raw = entry(serve, `${t}_serve_count`);
    if (raw === undefined || raw === null || raw === '') continue;
    const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > records[t].length) {
      return refuse(`${t}_serve_count: Must be between 1 and the number of ${t}_rdata values`);
    }
    options.serveCount[t] = String(n);
  }
  return { ok: true, value: options };
}

function perValue<T>(
  raw: unknown,
  key: string,
  count: number,
  read: (item: unknown) => T | undefined,
): Read<T[] | undefined> {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (Array.isArray(raw) && raw.length === 0) return { ok: true, value: undefined };
  if (!Array.isArray(raw) || raw.length !== count)
    return refuse(`${key}: Must list one item per ${key.replace(/_\w+$/, '')}_rdata value`);
  const items: T[] = [];
  for (const item of raw) {
    const value = read(item);
    if (value === undefined) return refuse(`${key}: ${JSON.stringify(item)} is not valid`);
    items.push(value);
  }
  return { ok: true, value: items };
}

function readWeight(item: unknown): number | undefined {
  const n = typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_GEO_WEIGHT ? n : undefined;
}

function readLabel(item: unknown): string | undefined {
  return typeof item === 'string' && item.length <= MAX_GEO_LABEL ? item : undefined;
}

/** The group's option maps as the service returns them: every kept type's key present. */
export function groupOptionsObject(o: GroupOptions): Record<string, Record<string, unknown>> {
  return {
    weight: Object.fromEntries(KEPT_TYPES.map((t) => [`${t}_weight`, [...o.weight[t]]])),
    serve_count: Object.fromEntries(SERVE_COUNT_TYPES.map((t) => [`${t}_serve_count`, o.serveCount[t]])),
    ttl: Object.fromEntries(KEPT_TYPES.map((t) => [`${t}_ttl`, o.ttl[t]])),
    label: Object.fromEntries(KEPT_TYPES.map((t) => [`${t}_label`, [...o.label[t]]])),
  };
}

/** The options a seed or state file keeps: only what is set, in the wire maps' form (`{}` when nothing is). */
export function setOptionsObject(o: GroupOptions): Record<string, Record<string, unknown>> {
  const maps = Object.entries(groupOptionsObject(o)).map(([field, map]) => {
    const set = Object.entries(map).filter(([, v]) =>
      Array.isArray(v) ? v.length > 0 : v !== '' && v !== 0,
    );
    return [field, Object.fromEntries(set)] as const;
  });
  return Object.fromEntries(maps.filter(([, map]) => Object.keys(map).length > 0));
}
