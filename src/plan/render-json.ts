import type { Plan } from './types.js';

/**
 * Key order of the JSON plan, fixed here rather than left to how the objects happened to be built. Keys listed
 * come first in this order (identity before values, nested collections last); any other key follows, sorted.
 */
const KEY_ORDER = [
  'formatVersion',
  'summary',
  'id',
  'kind',
  'target',
  'after',
  'action',
  'key',
  'zone',
  'name',
  'destructive',
  'createZone',
  'serial',
  'fqdn',
  'type',
  'recordId',
  'address',
  'rname',
  'ttl',
  'addresses',
  'mixedTtls',
  'serialStyle',
  'before',
  'after',
  'create',
  'update',
  'delete',
  'masters',
  'contactNickname',
  'tsigKeyName',
  'webapp',
  'webappId',
  'mode',
  'countries',
  'groups',
  'nodes',
  'linked',
  'unlinked',
  'enable',
  'disable',
  'zones',
  'secondaryZones',
  'geoServices',
  'webapps',
  'waf',
  'applyRequests',
  'rereadRequests',
  'rateLimit',
  'limit',
  'remaining',
  'resetSeconds',
  'changes',
  'scope',
  'needsApproval',
  'rule',
  'message',
  'steps',
  'ops',
  'fingerprints',
  'changed',
  'desired',
  'live',
  'targets',
] as const;

const RANK = new Map<string, number>(KEY_ORDER.map((key, i) => [key, i]));

function compareKeys(a: string, b: string): number {
  const rankA = RANK.get(a) ?? KEY_ORDER.length;
  const rankB = RANK.get(b) ?? KEY_ORDER.length;
  if (rankA !== rankB) return rankA - rankB;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function canonical(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value).sort(([a], [b]) => compareKeys(a, b));
  return Object.fromEntries(entries);
}

/**
 * The plan as a file (`--out plan.json`, `--format json`): canonical key order, 2-space indent, trailing newline.
 * A plan holds no secrets by construction (names, addresses, TTLs, serials and provider record ids only).
 */
export function renderPlanJson(plan: Plan): string {
  return `${JSON.stringify(plan, canonical, 2)}\n`;
}
