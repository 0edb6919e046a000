/** The provider's name in plan steps (`PlanStep.provider`). */
export const WAF_PROVIDER = 'waf';

/**
 * The one WAF call a plan holds: set the good bots of one webapp. Plain data (saved with the plan). It costs several
 * requests: one bulk PUT carrying only these bots, polls of the change it starts, and a read-back that verifies it.
 */
export type SetGoodBotsOp = {
  kind: 'set-good-bots';
  webappId: string;
  /** The webapp's live name, for messages. */
  webapp: string;
  /** Bot ids to enable, sorted. */
  enable: string[];
  /** Bot ids to disable, sorted. */
  disable: string[];
};

/**
 * A cache purge of one webapp after its good bots changed (`purge_after_apply`): one purge request, counted against
 * the purge bucket (20 an hour), then polls of its task (purge.ts). `paths` empty: the whole cache.
 */
export type PurgeCacheOp = {
  kind: 'purge-cache';
  webappId: string;
  webapp: string;
  paths: string[];
};

export type WafOp = SetGoodBotsOp | PurgeCacheOp;

/** Requests one `set-good-bots` op makes at least: the bulk PUT, one status poll, the verifying read-back. */
export const REQUESTS_PER_WAF_OP = 3;
