/**
 * Runs an example workflow the way a GitHub runner would, as far as this machine can: jobs in `needs` order, each
 * step's `if:`, `env:` and `${{ … }}` evaluated (expressions.ts, strict: a value the table lacks fails the test),
 * every `run:` script executed by `bash --noprofile --norc -eo pipefail` (what `shell: bash` runs) with the runner's
 * GITHUB_* variables and files (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_EVENT_PATH); the edgeplan action run from
 * this checkout's action.yml (composite-action.ts), and the three other actions the examples use stood in for:
 * checkout (the caller prepares the workspace), setup-node (this Node is used) and upload-artifact (files copied to
 * the stub gh's artifact store under this run's id).
 */

import { cp, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parse } from 'yaml';
import { OWN_ACTION, runOwnAction } from './composite-action.js';
import { condition, interpolate, type Scope, type Value } from './expressions.js';
import { type Annotation, bash, parseAnnotations, parseOutputs } from './step-io.js';
import type { Tools } from './tools.js';

export interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string | number | boolean>;
}

export interface Job {
  name?: string;
  needs?: string | string[];
  if?: string;
  environment?: string;
  outputs?: Record<string, string>;
  'timeout-minutes'?: number;
  steps: Step[];
}

export interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean };
  env?: Record<string, string>;
  defaults?: { run?: { shell?: string } };
  jobs: Record<string, Job>;
}

/** The values expressions may read: `github` (with `event`, the payload), `vars`, `secrets`, `inputs`. */
export interface Table {
  github: { [key: string]: Value; event: Value };
  vars: Record<string, string>;
  secrets: Record<string, string>;
  inputs: Record<string, Value>;
}

export interface RunOptions {
  table: Table;
  runId: number;
  tools: Tools;
  /** A fresh checkout for a job: the directory it runs in (GITHUB_WORKSPACE). */
  checkout(job: string): Promise<string>;
  /** Where the runner's own files go (RUNNER_TEMP, the event payload, step files). */
  temp: string;
  /** Run only these jobs (each after the jobs it needs, which must be among them); default every job. */
  only?: readonly string[];
}

export interface JobRun {
  result: 'success' | 'failure' | 'skipped';
  /** Each step by id (or its position) with its outcome. */
  steps: Record<string, 'success' | 'failure' | 'skipped'>;
  outputs: Record<string, string>;
  /** Everything the steps printed, stdout and stderr. */
  log: string;
  annotations: Annotation[];
  summary: string;
  workspace: string;
}

export async function loadWorkflow(file: string): Promise<Workflow> {
  return parse(await readFile(file, 'utf8'));
}

export async function runWorkflow(file: string, options: RunOptions): Promise<Record<string, JobRun>> {
  const workflow = await loadWorkflow(file);
  if (workflow.defaults?.run?.shell !== 'bash') throw new Error(`${file}: expected defaults.run.shell: bash`);
  const eventPath = join(options.temp, 'event.json');
  await mkdir(options.temp, { recursive: true });
  await writeFile(eventPath, JSON.stringify(options.table.github.event));
  const runs: Record<string, JobRun> = {};
  for (const [id, job] of Object.entries(workflow.jobs)) {
    if (options.only && !options.only.includes(id)) continue;
    const needs = [job.needs ?? []].flat();
    const missing = needs.filter((need) => !runs[need]);
    if (missing.length > 0)
      throw new Error(`${file}: job ${id} needs ${missing.join(', ')}, listed after it`);
    const needsContext = Object.fromEntries(
      needs.map((need) => [need, { result: runs[need]?.result ?? '', outputs: runs[need]?.outputs ?? {} }]),
    );
    const scope: Scope = {
      contexts: { ...options.table, needs: needsContext },
      status: { success: needs.every((need) => runs[need]?.result === 'success'), cancelled: false },
    };
    runs[id] = condition(job.if, scope)
      ? await runJob(id, job, workflow, scope, eventPath, options)
      : { result: 'skipped', steps: {}, outputs: {}, log: '', annotations: [], summary: '', workspace: '' };
  }
  return runs;
}

async function runJob(
  jobId: string,
  job: Job,
  workflow: Workflow,
  jobScope: Scope,
  eventPath: string,
  options: RunOptions,
): Promise<JobRun> {
  const workspace = await options.checkout(jobId);
  const steps: Record<string, { outcome: string; conclusion: string; outputs: Record<string, string> }> = {};
  const outcomes: JobRun['steps'] = {};
  let log = '';
  let summary = '';
  let failed = false;
  const env = (extra: Record<string, string> | undefined, scope: Scope) =>
    Object.fromEntries(Object.entries(extra ?? {}).map(([k, v]) => [k, interpolate(String(v), scope)]));
  const workflowEnv = env(workflow.env, jobScope);

  for (const [index, step] of job.steps.entries()) {
    const key = step.id ?? String(index);
    const scope: Scope = {
      contexts: { ...jobScope.contexts, env: workflowEnv, steps },
      status: { success: !failed, cancelled: false },
    };
    if (!condition(step.if, scope)) {
      outcomes[key] = 'skipped';
      if (step.id) steps[step.id] = { outcome: 'skipped', conclusion: 'skipped', outputs: {} };
      continue;
    }
    const files = join(options.temp, `${jobId}-${index}`);
    await mkdir(files, { recursive: true });
    const output = join(files, 'output');
    const stepSummary = join(files, 'summary');
    await Promise.all([output, stepSummary, join(files, 'env')].map((f) => writeFile(f, '')));
    let code: number;
    const stepEnv = {
      ...runnerEnv(options, jobId, workspace, eventPath),
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: stepSummary,
      GITHUB_ENV: join(files, 'env'),
      ...workflowEnv,
      ...env(step.env, scope),
    };
    if (step.uses?.startsWith(`${OWN_ACTION}@`)) {
      const call = { with: step.with, scope, workspace, env: stepEnv, output, summary: stepSummary, files };
      const result = await runOwnAction(call);
      code = result.code;
      log += result.log;
    } else if (step.uses) {
      code = await emulateAction(step, scope, workspace, options);
    } else {
      const script = join(files, 'script.sh');
      await writeFile(script, interpolate(step.run ?? '', scope));
      const result = await bash(script, workspace, stepEnv);
      code = result.code;
      log += result.output;
    }
    if ((await readFile(join(files, 'env'), 'utf8')) !== '') throw new Error('GITHUB_ENV is not supported');
    summary += await readFile(stepSummary, 'utf8');
    const outputs = parseOutputs(await readFile(output, 'utf8'));
    const outcome = code === 0 ? 'success' : 'failure';
    if (code !== 0) failed = true;
    outcomes[key] = outcome;
    if (step.id) steps[step.id] = { outcome, conclusion: outcome, outputs };
  }

  const endScope: Scope = {
    contexts: { ...jobScope.contexts, steps },
    status: { success: !failed, cancelled: false },
  };
  return {
    result: failed ? 'failure' : 'success',
    steps: outcomes,
    outputs: env(job.outputs, endScope),
    log,
    annotations: parseAnnotations(log),
    summary,
    workspace,
  };
}

function runnerEnv(
  options: RunOptions,
  job: string,
  workspace: string,
  eventPath: string,
): Record<string, string> {
  const github = options.table.github;
  const text = (key: string) => {
    const value = github[key];
    if (typeof value !== 'string') throw new Error(`the table's github.${key} must be a string`);
    return value;
  };
  return {
    PATH: [options.tools.bin, dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: join(options.temp, 'home'),
    LANG: 'C.UTF-8',
    // No package registry: `npx --no-install edgeplan` must run the installed edgeplan without looking anything up.
    npm_config_registry: 'http://127.0.0.1:9/',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: text('repository'),
    GITHUB_REPOSITORY_OWNER: text('repository').split('/')[0] ?? '',
    GITHUB_SHA: text('sha'),
    GITHUB_REF: text('ref'),
    GITHUB_EVENT_NAME: text('event_name'),
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_ACTOR: text('actor'),
    GITHUB_RUN_ID: String(options.runId),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_JOB: job,
    RUNNER_OS: 'Linux',
    RUNNER_TEMP: options.temp,
  };
}

async function emulateAction(
  step: Step,
  scope: Scope,
  workspace: string,
  options: RunOptions,
): Promise<number> {
  const action = step.uses ?? '';
  if (/^actions\/(checkout|setup-node)@/.test(action)) return 0;
  if (!action.startsWith('actions/upload-artifact@'))
    throw new Error(`the test cannot stand in for ${action}`);
  const name = interpolate(String(step.with?.name ?? ''), scope);
  const path = join(workspace, interpolate(String(step.with?.path ?? ''), scope));
  const found = await stat(path).catch(() => null);
  if (!found) return step.with?.['if-no-files-found'] === 'error' ? 1 : 0;
  const into = join(options.tools.artifacts, String(options.runId), name);
  await cp(path, found.isDirectory() ? into : join(into, basename(path)), { recursive: true });
  return 0;
}
