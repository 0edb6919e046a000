/**
 * Domain types of the WAF side (allowed "good bots" per web application), shared by config, plan, apply and
 * providers. Collections are sorted so that two equal states serialise to the same JSON.
 */

/** `exact`: the listed bots enabled, every other bot disabled. `additive`: only make sure the listed ones are enabled. */
export type GoodBotsMode = 'exact' | 'additive';

export const GOOD_BOTS_MODES: readonly GoodBotsMode[] = ['exact', 'additive'];

/** Where a desired value was written (1-based), so that problems found against live state point into the YAML. */
export interface SourcePosition {
  file: string;
  line: number;
  col: number;
}

/** One entry of `good_bots.allow`: a bot name (matched case-insensitively) or a bot id, as written. */
export interface DesiredBotRef {
  ref: string;
  at: SourcePosition;
}

export interface DesiredWebapp {
  /** The key under `waf.webapps`: the webapp's name, or its 32-hex id. */
  ref: string;
  at: SourcePosition;
  mode: GoodBotsMode;
  /** In the order written; no two entries equal case-insensitively (config guarantees it). */
  allow: DesiredBotRef[];
}

export interface DesiredWaf {
  /** Sorted by `ref`. */
  webapps: DesiredWebapp[];
}

/** A bot of the vendor's catalogue as one webapp has it. */
export interface LiveGoodBot {
  id: string;
  name: string;
  enabled: boolean;
}

export interface LiveWebapp {
  id: string;
  name: string;
  /** Sorted by name, then id. */
  bots: LiveGoodBot[];
}

/** The service's rate-limit status as its headers last reported it. */
export interface RateLimitStatus {
  limit: number;
  remaining: number;
  /** Seconds left in the current window when it was read. */
  resetSeconds: number;
}

export interface LiveWafState {
  /** One entry per desired webapp ref; `null` when no webapp has that name or id. */
  webapps: Record<string, LiveWebapp | null>;
  /** Names of every webapp of the account, sorted: the candidates of a "did you mean". */
  accountWebapps: string[];
  /** Requests the read made, the token excluded: what reading the same state again costs. */
  readRequests: number;
  /** After the read; null when the service sent no rate-limit headers. */
  rateLimit: RateLimitStatus | null;
}

/**
 * The one WAF write: set the good bots of one webapp. Plain data (saved with the plan). It costs several requests:
 * one bulk PUT carrying only these bots, polls of the change it starts, and a read-back that verifies it.
 */
export interface SetGoodBotsOp {
  kind: 'set-good-bots';
  webappId: string;
  /** The webapp's live name, for messages. */
  webapp: string;
  /** Bot ids to enable, sorted. */
  enable: string[];
  /** Bot ids to disable, sorted. */
  disable: string[];
}

export type WafOp = SetGoodBotsOp;

/** What plan needs to read: the named webapps (by name or id) with their good bots. */
export interface WafReader {
  readWaf(refs: readonly string[]): Promise<LiveWafState>;
}

/** What apply needs to write: one op, returning once the service finished the change and it reads back. */
export interface WafWriter {
  execute(op: WafOp): Promise<void>;
}

/** Requests one `set-good-bots` op makes at least: the bulk PUT, one status poll, the verifying read-back. */
export const REQUESTS_PER_WAF_OP = 3;

/** A webapp id in the shown usage: 32 hexadecimal characters. */
export function isWebappId(ref: string): boolean {
  return /^[0-9a-f]{32}$/i.test(ref);
}

/** Tells WAF ops from the DNS ops of a plan (whose union is `PlanOp`). */
export function isWafOp(op: { kind: string }): op is WafOp {
  return op.kind === 'set-good-bots';
}
