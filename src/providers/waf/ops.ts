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

export type WafOp = SetGoodBotsOp;

/** Requests one `set-good-bots` op makes at least: the bulk PUT, one status poll, the verifying read-back. */
export const REQUESTS_PER_WAF_OP = 3;
