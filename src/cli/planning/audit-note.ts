import { VERSION } from '../../connect/version.js';
import { formatAuditNote } from '../../model/audit-note.js';
import { digestOf } from '../../plan/review/digest.js';
import type { Plan } from '../../plan/types.js';
import type { CliIo } from '../io.js';

/**
 * The audit note of an apply (model/audit-note.ts): edgeplan's version, the digest of the plan's steps (the calls
 * reviewed and executed), and the run's context when the environment gives it: in GitHub Actions the repository
 * (`GITHUB_REPOSITORY`), the commit (`GITHUB_SHA`) and, on a pull request, its number (`GITHUB_REF` is
 * `refs/pull/<n>/merge`); `EDGEPLAN_NOTE` adds free text (a commit and pull request from another CI, a ticket).
 */
export function auditNoteOf(plan: Plan, io: Pick<CliIo, 'env'>): string {
  const env = io.env;
  const pr = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? '')?.[1];
  return formatAuditNote({
    version: VERSION,
    planDigest: digestOf(plan.steps),
    ...(env.GITHUB_REPOSITORY ? { repo: env.GITHUB_REPOSITORY } : {}),
    ...(env.GITHUB_SHA ? { commit: env.GITHUB_SHA } : {}),
    ...(pr ? { pr } : {}),
    ...(env.EDGEPLAN_NOTE ? { text: env.EDGEPLAN_NOTE } : {}),
  });
}
