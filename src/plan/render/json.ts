import { compareStrings } from '../../model/compare.js';
import { printableJson } from '../../model/text.js';
import { withUnicodeNames } from '../review/unicode-names.js';
import { shownPlan } from '../shown-plan.js';
import type { Plan } from '../types.js';

/**
 * Key order of the JSON plan, fixed here rather than left to how the objects happened to be built. Keys listed
 * come first in this order (identity before values, nested collections last); any other key follows, sorted. One
 * order serves every object: a step reads `id, kind, provider, target, after, ops`, a change
 * `address, action, before, after`, a record-set address `kind, zone, fqdn, type`, an op `kind, zone, fqdn, type,
 * ref, value, ttl`.
 */
const KEY_ORDER = [
  'formatVersion',
  'source',
  'root',
  'paths',
  'accounts',
  'url',
  'summary',
  'id',
  'kind',
  'provider',
  'target',
  'address',
  'action',
  'zone',
  'zoneUnicode',
  'webappId',
  'webapp',
  'name',
  'fqdn',
  'fqdnUnicode',
  'type',
  'ref',
  'rname',
  'value',
  'ttl',
  'values',
  'mixedTtls',
  'serialStyle',
  'masters',
  'contactNickname',
  'tsigKeyName',
  'countries',
  'records',
  'groups',
  'nodes',
  'enabled',
  'mode',
  'enable',
  'disable',
  'before',
  'after',
  'create',
  'update',
  'delete',
  'zones',
  'changes',
  'leftAlone',
  'notCopied',
  'dyn',
  'waf',
  'applyRequests',
  'rereadRequests',
  'requestsPerCall',
  'rateLimit',
  'limit',
  'remaining',
  'resetSeconds',
  'scope',
  'changedSince',
  'needsApproval',
  'rule',
  'message',
  'answerNotes',
  'pointedAtBy',
  'steps',
  'ops',
  'fingerprints',
  'changed',
  'desired',
  'serial',
  'live',
  'targets',
] as const;

const RANK = new Map<string, number>(KEY_ORDER.map((key, i) => [key, i]));

function compareKeys(a: string, b: string): number {
  const rankA = RANK.get(a) ?? KEY_ORDER.length;
  const rankB = RANK.get(b) ?? KEY_ORDER.length;
  if (rankA !== rankB) return rankA - rankB;
  return compareStrings(a, b);
}

function canonical(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value).sort(([a], [b]) => compareKeys(a, b));
  return Object.fromEntries(entries);
}

/**
 * The plan as a file (`--out plan.json`, `--format json`): canonical key order, 2-space indent, trailing newline,
 * the Unicode form beside each name with A-labels (review/unicode-names.ts). A plan holds no secrets by construction
 * (names, addresses, TTLs, serials and provider record ids only). The implicit provider is not named (shown-plan.ts).
 */
export function renderPlanJson(plan: Plan): string {
  return `${printableJson(JSON.stringify(withUnicodeNames(shownPlan(plan)), canonical, 2))}\n`;
}
