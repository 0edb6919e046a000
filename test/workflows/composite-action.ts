/**
 * The edgeplan action (action.yml at the repository root) run the way the runner runs a composite action, for the
 * example workflows' `uses: edgeplan/edgeplan@<commit>` steps: this checkout's action.yml stands in for the pinned
 * commit (github-actions.test.ts checks that the pin names a commit whose action is this one). Its inputs are the
 * step's `with:` (expressions evaluated) or their defaults, an unknown or missing required one an error as on GitHub;
 * each of its steps runs with the step's environment, `GITHUB_ACTION_PATH` and a `GITHUB_OUTPUT` of its own; its
 * outputs are evaluated from its steps' outputs, also when a step failed, and written to the calling step's
 * GITHUB_OUTPUT.
 */

import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { condition, interpolate, type Scope, type Value } from './expressions.js';
import { bash, parseOutputs } from './step-io.js';

export const ROOT = resolve(import.meta.dirname, '../..');
/** How the example workflows name this repository's action. */
export const OWN_ACTION = 'edgeplan/edgeplan';

export interface ActionMetadata {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: {
    using: string;
    steps: { id?: string; if?: string; shell?: string; run?: string; env?: Record<string, string> }[];
  };
}

export async function loadAction(): Promise<ActionMetadata> {
  return parse(await readFile(join(ROOT, 'action.yml'), 'utf8'));
}

export interface CompositeCall {
  /** The calling step's `with:`. */
  with: Record<string, string | number | boolean> | undefined;
  /** The calling step's scope (its `with:` is evaluated in it). */
  scope: Scope;
  workspace: string;
  /** The environment a `run:` step of the job gets here: the runner's, the workflow's and the calling step's. */
  env: Record<string, string>;
  /** The calling step's GITHUB_OUTPUT and GITHUB_STEP_SUMMARY. */
  output: string;
  summary: string;
  /** A directory for the action's own step files. */
  files: string;
}

export async function runOwnAction(call: CompositeCall): Promise<{ code: number; log: string }> {
  const action = await loadAction();
  if (action.runs.using !== 'composite') throw new Error('action.yml: expected a composite action');
  const given = call.with ?? {};
  const unknown = Object.keys(given).filter((name) => !Object.hasOwn(action.inputs, name));
  if (unknown.length > 0) throw new Error(`${OWN_ACTION}: unexpected input(s) ${unknown.join(', ')}`);
  const inputs: Record<string, Value> = {};
  for (const [name, input] of Object.entries(action.inputs)) {
    const value = given[name];
    if (value === undefined && input.required) throw new Error(`${OWN_ACTION}: input ${name} is required`);
    inputs[name] = value === undefined ? (input.default ?? '') : interpolate(String(value), call.scope);
  }

  const steps: Record<string, Value> = {};
  let failed = false;
  let log = '';
  for (const [index, step] of action.runs.steps.entries()) {
    const scope: Scope = {
      contexts: { ...call.scope.contexts, inputs, steps },
      status: { success: !failed, cancelled: false },
    };
    if (!condition(step.if, scope)) {
      if (step.id) steps[step.id] = { outcome: 'skipped', conclusion: 'skipped', outputs: {} };
      continue;
    }
    if (step.shell !== 'bash' || step.run === undefined)
      throw new Error('action.yml: every step is `shell: bash`');
    const dir = join(call.files, `action-${index}`);
    await mkdir(dir, { recursive: true });
    const script = join(dir, 'script.sh');
    const output = join(dir, 'output');
    await Promise.all([writeFile(script, interpolate(step.run, scope)), writeFile(output, '')]);
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([key, value]) => [key, interpolate(String(value), scope)]),
    );
    const result = await bash(script, call.workspace, {
      ...call.env,
      ...stepEnv,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: call.summary,
    });
    log += result.output;
    const outcome = result.code === 0 ? 'success' : 'failure';
    if (result.code !== 0) failed = true;
    if (step.id) {
      const outputs = parseOutputs(await readFile(output, 'utf8'));
      steps[step.id] = { outcome, conclusion: outcome, outputs };
    }
  }

  const end: Scope = {
    contexts: { ...call.scope.contexts, inputs, steps },
    status: { success: !failed, cancelled: false },
  };
  for (const [name, { value }] of Object.entries(action.outputs)) {
    const text = interpolate(value, end);
    if (text.includes('\n')) throw new Error(`${OWN_ACTION}: output ${name} spans lines`);
    await appendFile(call.output, `${name}=${text}\n`);
  }
  return { code: failed ? 1 : 0, log };
}
