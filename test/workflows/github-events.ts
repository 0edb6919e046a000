/** Event payloads as GitHub sends them (the fields the workflows read, and their neighbours), and API answers. */

import { REPO } from './fixture.js';

export const PR = 7;
/** The pull request's head commit, and the merge commit: of the merge ref while open, on main once merged. */
export const HEAD = 'a1b2c3d4'.repeat(5);
export const MERGE = 'f0e1d2c3'.repeat(5);
export const UNSAFE = 'edgeplan-allow-unsafe';
/** dns/waf.yaml leaving a webapp with no good bot: a change the safety policy holds back until --allow-unsafe. */
export const NO_BOTS =
  'waf:\n  webapps:\n    shop-production:\n      good_bots: { mode: exact, allow: [] }\n';

export interface PullRequest {
  action?: string;
  fork?: boolean;
  labels?: string[];
  /** The label of a `labeled` / `unlabeled` event. */
  label?: string;
}

export function pullRequestEvent({
  action = 'synchronize',
  fork = false,
  labels = [],
  label,
}: PullRequest = {}) {
  const repo = fork ? 'mallory/dns' : REPO;
  return {
    action,
    number: PR,
    pull_request: {
      number: PR,
      state: 'open',
      merged: false,
      head: { sha: HEAD, ref: 'add-api', repo: { full_name: repo } },
      base: { sha: 'b'.repeat(40), ref: 'main', repo: { full_name: REPO } },
      labels: labels.map((name) => ({ name })),
      user: { login: 'bob' },
    },
    repository: { full_name: REPO },
    sender: { login: 'bob' },
    ...(label ? { label: { name: label } } : {}),
  };
}

export function pushEvent() {
  return {
    ref: 'refs/heads/main',
    before: 'b'.repeat(40),
    after: MERGE,
    head_commit: { id: MERGE, message: `Merge pull request #${PR} from acme/add-api` },
    repository: { full_name: REPO },
    pusher: { name: 'bob' },
    sender: { login: 'bob' },
  };
}

export function dispatchEvent(inputs: Record<string, boolean>) {
  return { ref: 'refs/heads/main', inputs, repository: { full_name: REPO }, sender: { login: 'alice' } };
}

/**
 * A pull request as `GET /repos/{owner}/{repo}/commits/{sha}/pulls` lists it: merged as MERGE, or merged as
 * another commit (a later pull request whose branch contained MERGE), or open.
 */
export function pullRequest(number: number, merged: boolean | 'elsewhere', labels: string[] = []) {
  return {
    number,
    state: merged ? 'closed' : 'open',
    merged_at: merged ? '2026-11-22T10:00:00Z' : null,
    merge_commit_sha: merged === true ? MERGE : 'c'.repeat(40),
    head: { sha: merged === true ? HEAD : 'd'.repeat(40), ref: 'add-api' },
    labels: labels.map((name) => ({ name })),
  };
}

/** A workflow run as `gh run list --json databaseId,status,conclusion,createdAt` gives it. */
export function planRun(databaseId: number, conclusion: string, createdAt: string) {
  return { databaseId, status: 'completed', conclusion, createdAt };
}
