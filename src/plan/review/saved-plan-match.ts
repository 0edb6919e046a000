import { compareStrings } from '../../model/compare.js';
import type { PlanFingerprints } from '../review-types.js';
import type { Plan, PlanStep } from '../types.js';
import { digestOf } from './digest.js';
import type { SavedPlan } from './plan-file.js';

/**
 * Does a saved plan say exactly what edgeplan computes today from the same desired state and live state? (pure)
 * Everything must be equal: the steps op by op, the approvals, the scope, the fingerprints and the sections for
 * people. Except what two reads of a live state the plan still holds for may differ in, which nothing decides:
 * - zone serials (`zones[].serial`, `fingerprints.targets[].serial`): a publish that left the planned records
 *   alone (someone changed a record edgeplan does not manage) bumps the serial;
 * - the live digest of a target the plan does not change: it may move freely;
 * - `waf.rateLimit`, a snapshot of the WAF request window;
 * - `leftAlone`, the live records of types edgeplan does not manage: never touched, so another tool's change to
 *   them decides nothing.
 * - `changedSince`, what `plan --changed-since` left out: for people; the `scope` it made is compared.
 * - `implicitProvider`, never written: a saved plan of a desired state without `providers:` that changes no zone
 *   cannot say it (shown-plan.ts); its steps, fingerprints and the desired digest do.
 * `source` (the paths) and `accounts` are not compared here: the caller loaded the desired state from the file's
 * paths, and checked its accounts before reading anything (engine/saved-plan.ts).
 * Call it once movedTargets (staleness.ts) found nothing: a target that moved explains its differences better.
 * A plan converted from a version 1 file (`convertedFrom: 1`) is compared by its steps and scope only: its other
 * sections were written in the old model's shapes and digests.
 * Returns one line per difference, none when the plans match: the first differing steps, then every other section.
 */
export function savedPlanDifferences(saved: SavedPlan, computed: Plan): string[] {
  const { convertedFrom, ...plan } = saved;
  const file: Record<string, unknown> = comparable(plan);
  const now: Record<string, unknown> = comparable(computed);
  const sections = [...new Set([...Object.keys(now), ...Object.keys(file)])]
    .filter((key) => key !== 'steps' && (convertedFrom === undefined || key === 'scope'))
    .sort(compareStrings);
  return [
    ...stepDifferences(saved.steps, computed.steps),
    ...sections.flatMap((key) => {
      const a = file[key];
      const b = now[key];
      if (same(a, b)) return [];
      if (a === undefined) return [`${key}: missing from the file`];
      if (b === undefined) return [`${key}: in the file, not in the computed plan`];
      const counts =
        Array.isArray(a) && Array.isArray(b) && a.length !== b.length
          ? ` (${a.length} in the file, ${b.length} computed)`
          : '';
      return [`${key}: not as computed${counts}`];
    }),
  ];
}

const MAX_STEP_LINES = 3;

function stepDifferences(saved: readonly PlanStep[], computed: readonly PlanStep[]): string[] {
  const lines: string[] = [];
  // Stryker disable next-line EqualityOperator: equivalent, `<=` adds one index past both ends, the same nothing on both sides
  for (let i = 0; i < Math.max(saved.length, computed.length); i++) {
    const line = stepDifference(i, saved[i], computed[i]);
    if (line !== null) lines.push(line);
  }
  if (lines.length <= MAX_STEP_LINES) return lines;
  return [...lines.slice(0, MAX_STEP_LINES), `… and ${lines.length - MAX_STEP_LINES} more differing steps`];
}

function stepDifference(i: number, file: PlanStep | undefined, now: PlanStep | undefined): string | null {
  if (same(file, now)) return null;
  // Stryker disable next-line OptionalChaining: equivalent, both absent was `same` above
  if (!now) return `steps[${i}] ${file?.id}: in the file, not in the computed plan`;
  if (!file) return `steps[${i}] ${now.id}: in the computed plan, not in the file`;
  if (file.id !== now.id) return `steps[${i}]: ${file.id} in the file, ${now.id} computed`;
  const field = (['kind', 'provider', 'target', 'after'] as const).find((f) => !same(file[f], now[f]));
  if (field)
    return `steps[${i}] ${now.id}: ${field} ${show(file[field])} in the file, ${show(now[field])} computed`;
  let j = 0;
  // A step has no fields but those above and its ops (PlanStep; the file's steps are read strictly), so here the
  // ops differ before the end of the longer list, at the latest just past the shorter one: the bound never stops
  // the loop, it only guards against a hang should PlanStep gain a field the list above forgets.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression: equivalent, as said above (`true`, `<=`, `Math.min`)
  while (j < Math.max(file.ops.length, now.ops.length) && same(file.ops[j], now.ops[j])) j++;
  return `steps[${i}] ${now.id}: ops[${j}] ${show(file.ops[j])} in the file, ${show(now.ops[j])} computed`;
}

/** Canonical equality (digest.ts: key order does not matter); `undefined` equals only itself. */
function same(a: unknown, b: unknown): boolean {
  return a === undefined || b === undefined ? a === b : digestOf(a) === digestOf(b);
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** The plan as compared: a copy without what differs between two reads that both support it (see above). */
function comparable(plan: Plan): Record<string, unknown> {
  const {
    source: _paths,
    accounts: _checkedFirst,
    leftAlone: _untouched,
    changedSince: _howScoped,
    implicitProvider: _notWritten,
    ...doc
  }: Record<string, unknown> = { ...plan };
  const { waf, zones } = doc;
  if (isRecord(waf)) {
    const { rateLimit: _snapshot, ...rest } = waf;
    doc.waf = rest;
  }
  if (Array.isArray(zones)) {
    doc.zones = zones.map((zone: unknown) => {
      if (!isRecord(zone)) return zone;
      const { serial: _serial, ...rest } = zone;
      return rest;
    });
  }
  if (plan.fingerprints) doc.fingerprints = comparableFingerprints(plan.fingerprints);
  return doc;
}

function comparableFingerprints(fingerprints: PlanFingerprints): unknown {
  return {
    desired: fingerprints.desired,
    targets: fingerprints.targets.map(({ serial: _serial, live, ...rest }) =>
      rest.changed ? { ...rest, live } : rest,
    ),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
