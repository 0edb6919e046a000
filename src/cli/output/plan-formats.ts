import type { MarkdownOptions } from '../../plan/render/markdown.js';
import type { Plan } from '../../plan/types.js';

/**
 * The plan as markdown and as JSON, each renderer loaded when a run first asks for it: a text plan without a job
 * summary, the common run, loads neither (every module a run loads costs memory whether it runs or not:
 * docs/benchmarks.md; test/library/cli-bundle.test.ts keeps them out of a plan's start-up).
 */
export async function planMarkdown(plan: Plan, options: MarkdownOptions = {}): Promise<string> {
  return (await import('../../plan/render/markdown.js')).renderPlanMarkdown(plan, options);
}

export async function planJson(plan: Plan): Promise<string> {
  return (await import('../../plan/render/json.js')).renderPlanJson(plan);
}
