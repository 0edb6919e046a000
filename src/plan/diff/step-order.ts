import { compareStrings } from '../../model/compare.js';
import type { PlanStep } from '../types.js';

/**
 * Steps in a deterministic topological order: a step comes after every step in its `after` list, and among the
 * steps whose dependencies are all placed, the smallest id comes first. Same steps in any input order → same
 * output. A dependency that is not a step, or a cycle, is a bug of the planner and throws.
 */
export function orderSteps(steps: readonly PlanStep[]): PlanStep[] {
  const byId = new Map(steps.map((step) => [step.id, step]));
  for (const step of steps) {
    const missing = step.after.find((id) => !byId.has(id));
    if (missing !== undefined)
      throw new Error(`plan step ${step.id} waits for ${missing}, which is not a step`);
  }
  const placed = new Set<string>();
  const pending = [...steps].sort((a, b) => compareStrings(a.id, b.id));
  const ordered: PlanStep[] = [];
  while (pending.length > 0) {
    const index = pending.findIndex((step) => step.after.every((id) => placed.has(id)));
    if (index < 0)
      throw new Error(`plan steps depend on each other in a cycle: ${pending.map((s) => s.id).join(', ')}`);
    const [next] = pending.splice(index, 1);
    // (An equivalent mutant, not disabled: the condition made false. Splice at a found index always yields a step.)
    if (!next) break;
    ordered.push(next);
    placed.add(next.id);
  }
  return ordered;
}
