/**
 * What a workflow scenario needs: a temp root with edgeplan installed once, per scenario an emulator seeded with
 * the quickstart account, stub tools, and the expression table (repository variables and secrets pointing at the
 * emulator, GitHub's values, the event payload).
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { QUICKSTART, quickstartSandbox, type Sandbox } from '../support/sandbox.js';
import type { Value } from './expressions.js';
import { type JobRun, runWorkflow, type Table } from './run-workflow.js';
import { makeTools, type Tools } from './tools.js';
import { checkout, clone, type Files, installEdgeplan, readFiles } from './workspace.js';

export const REPO = 'acme/dns';
export const TOKEN = 'ghs_workflow-test-token';

export interface Suite {
  root: string;
  edgeplan: string;
  /** The quickstart's desired state (examples/quickstart/dns) as the repository's dns/. */
  dns: Files;
  close(): Promise<void>;
}

async function startSuite(): Promise<Suite> {
  const root = await mkdtemp(join(tmpdir(), 'edgeplan-workflows-'));
  const edgeplan = await installEdgeplan(root);
  const quickstart = await readFiles(QUICKSTART);
  const dns = Object.fromEntries(Object.entries(quickstart).map(([name, text]) => [`dns/${name}`, text]));
  return { root, edgeplan, dns, close: () => rm(root, { recursive: true, force: true }) };
}

export interface Scenario {
  sandbox: Sandbox;
  /** `127.0.0.1:<port>` of the emulator's name servers, which serve the sandbox's published zones. */
  nameserver: string;
  tools: Tools;
  /**
   * Runs a workflow of examples/github-actions/ with each job checked out from `files` (and `base`), or cloned from
   * the bare repository `origin` (workspace.ts makeOrigin), which a job may push to.
   */
  run(
    workflow: string,
    options: { runId: number; table: Table; only?: readonly string[] } & (
      | { files: Files; base?: Files }
      | { origin: string }
    ),
  ): Promise<Record<string, JobRun>>;
  close(): Promise<void>;
}

let count = 0;

async function startScenario(suite: Suite): Promise<Scenario> {
  const dir = join(suite.root, `scenario-${++count}`);
  const sandbox = await quickstartSandbox();
  const tools = await makeTools(dir);
  const { port } = await sandbox.emulator.serveDns();
  return {
    sandbox,
    nameserver: `127.0.0.1:${port}`,
    tools,
    run(workflow, { runId, table, only, ...from }) {
      const temp = join(dir, `run-${runId}`);
      return runWorkflow(join('examples/github-actions', workflow), {
        table,
        runId,
        ...(only ? { only } : {}),
        tools,
        temp,
        checkout: (job) => {
          const into = join(temp, `checkout-${job}`);
          return 'origin' in from
            ? clone(into, suite.edgeplan, from.origin)
            : checkout(into, suite.edgeplan, from.files, from.base);
        },
      });
    },
    close: () => sandbox.close(),
  };
}

/** Registers the hooks of a test file: one suite (edgeplan installed once), a fresh scenario for each test. */
export function withScenarios(): { readonly suite: Suite; readonly scenario: Scenario } {
  let suite: Suite | undefined;
  let scenario: Scenario | undefined;
  beforeAll(async () => {
    suite = await startSuite();
  });
  afterAll(() => suite?.close());
  beforeEach(async () => {
    if (suite) scenario = await startScenario(suite);
  });
  afterEach(() => scenario?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('not started: use it inside a test');
    return value;
  };
  return {
    get suite() {
      return started(suite);
    },
    get scenario() {
      return started(scenario);
    },
  };
}

/** The workflows' variables for PowerDNS, RFC 2136 servers and zone files, and their options, unset (empty). */
export const UNSET_VARS: Record<string, string> = {
  EDGEPLAN_READ_PDNS_URL: '',
  EDGEPLAN_PDNS_URL: '',
  EDGEPLAN_BIND_SERVER: '',
  EDGEPLAN_ZONEFILE_PROVIDER: '',
  EDGEPLAN_DEPLOY_HOOK: '',
  EDGEPLAN_WAIT_SERVED: '',
  EDGEPLAN_NAMESERVERS: '',
};
export const UNSET_SECRETS: Record<string, string> = {
  EDGEPLAN_READ_PDNS_API_KEY: '',
  EDGEPLAN_PDNS_API_KEY: '',
  EDGEPLAN_READ_BIND_TSIG: '',
  EDGEPLAN_BIND_TSIG: '',
};

/**
 * Repository variables and secrets as docs/github-actions.md says to set them, all pointing at the scenario's emulator; with
 * `nameserver`, EDGEPLAN_NAMESERVERS too (the servers `verify` and `--wait-served` ask, instead of the zones' NS
 * sets; unset, it reads as empty, as GitHub reads an unset variable).
 */
export function settings(sandbox: Sandbox, nameserver?: string): Pick<Table, 'vars' | 'secrets'> {
  const env = (name: string): string => {
    const value = sandbox.env[name];
    if (value === undefined) throw new Error(`the sandbox has no ${name}`);
    return value;
  };
  return {
    vars: {
      EDGEPLAN_DYN_URL: env('EDGEPLAN_DYN_URL'),
      EDGEPLAN_DYN_CUSTOMER: env('EDGEPLAN_DYN_CUSTOMER'),
      EDGEPLAN_WAF_URL: env('EDGEPLAN_WAF_URL'),
      EDGEPLAN_READ_DYN_USER: env('EDGEPLAN_DYN_USER'),
      EDGEPLAN_READ_WAF_CLIENT_ID: env('EDGEPLAN_WAF_CLIENT_ID'),
      EDGEPLAN_DYN_USER: env('EDGEPLAN_DYN_USER'),
      EDGEPLAN_WAF_CLIENT_ID: env('EDGEPLAN_WAF_CLIENT_ID'),
      // Variables a repository may leave unset, which GitHub then reads as empty: the other providers', and options.
      ...UNSET_VARS,
      EDGEPLAN_NAMESERVERS: nameserver ?? '',
    },
    secrets: {
      EDGEPLAN_READ_DYN_PASSWORD: env('EDGEPLAN_DYN_PASSWORD'),
      EDGEPLAN_READ_WAF_CLIENT_SECRET: env('EDGEPLAN_WAF_CLIENT_SECRET'),
      EDGEPLAN_DYN_PASSWORD: env('EDGEPLAN_DYN_PASSWORD'),
      EDGEPLAN_WAF_CLIENT_SECRET: env('EDGEPLAN_WAF_CLIENT_SECRET'),
      ...UNSET_SECRETS,
    },
  };
}

/** The `github` context: what every run has, plus the event's name, payload, commit and ref. */
export function github(event_name: string, event: Value, sha: string, ref: string): Table['github'] {
  return { repository: REPO, actor: 'alice', token: TOKEN, event_name, event, sha, ref };
}
