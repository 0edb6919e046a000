import type { SourcePosition } from './diagnostic.js';

/**
 * Domain types of the WAF side (allowed "good bots" per web application), shared by config, plan, apply and
 * providers. Collections are sorted so that two equal states serialise to the same JSON.
 */

/** `exact`: the listed bots enabled, every other bot disabled. `additive`: only make sure the listed ones are enabled. */
export type GoodBotsMode = 'exact' | 'additive';

export const GOOD_BOTS_MODES: readonly GoodBotsMode[] = ['exact', 'additive'];

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
  /** `purge_after_apply`: purge the cache after an apply that changed the webapp (`paths` empty: all of it). */
  purgeAfterApply?: CachePurge;
}

/** A cache purge of a webapp: these paths, or (empty) the whole cache. */
export interface CachePurge {
  paths: string[];
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

/** A bot as plans show it: name for people, id for the API. */
export interface BotRef {
  id: string;
  name: string;
}

/** A webapp id in the shown usage: 32 hexadecimal characters. */
export function isWebappId(ref: string): boolean {
  return /^[0-9a-f]{32}$/i.test(ref);
}
