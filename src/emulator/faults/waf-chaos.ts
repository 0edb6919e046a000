/**
 * Fault injection on the WAF API (and its token endpoint): the HTTP faults shared with the DNS side, plus a token
 * that expires just before a request (the answer is then the service's own 401 `invalid_token`) and a 429 with the
 * rate-limit headers. Changes that end `failed` are decided when a change is created (waf/changes.ts hook).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WafReply } from '../waf/reply.js';
import { wafError } from '../waf/reply.js';
import type { TokenStore } from '../waf/tokens.js';
import type { ChaosEngine } from './engine.js';
import { hang, isProxyStatus, pick5xx, resetConnection, sleep, writeProxyError } from './http-faults.js';
import type { FaultKind } from './options.js';

export interface WafChaosDeps {
  engine: ChaosEngine;
  tokens: TokenStore;
}

/** Send `reply`, or nothing (`status` already written, 0 for no answer). */
export type WafServed = { reply: WafReply } | { status: number };

export async function serveWafWithChaos(
  deps: WafChaosDeps,
  req: IncomingMessage,
  res: ServerResponse,
  key: { method: string; path: string },
  process: () => Promise<WafReply>,
): Promise<WafServed> {
  const authorization = req.headers.authorization;
  const eligible: FaultKind[] = ['error-5xx', 'reset', 'timeout', 'waf-429'];
  if (authorization && key.path.startsWith('/api/v3/')) eligible.push('waf-token-expired');
  const { delayMs, fault } = deps.engine.draw(`${key.method} ${key.path}`, eligible);
  await sleep(delayMs);
  if (fault?.phase === 'before' && fault.kind === 'waf-token-expired') deps.tokens.expire(authorization);
  else if (fault?.phase === 'before' && fault.kind === 'waf-429') return { reply: tooMany(deps) };
  else if (fault?.phase === 'before') return answerInstead(deps, res, fault.kind, fault.random);
  const reply = await process();
  if (!fault || fault.phase === 'before') return { reply };
  return answerInstead(deps, res, fault.kind, fault.random);
}

async function answerInstead(
  deps: WafChaosDeps,
  res: ServerResponse,
  kind: FaultKind,
  random: () => number,
): Promise<WafServed> {
  if (kind === 'reset') {
    resetConnection(res);
    return { status: 0 };
  }
  if (kind === 'timeout') {
    await hang(res, deps.engine.options.hangMs);
    return { status: 0 };
  }
  const status = pick5xx(random);
  if (!isProxyStatus(status)) return { reply: wafError(status, 'server_error', 'Injected failure') };
  writeProxyError(res, status);
  return { status };
}

/**
 * The WAF rate limit's own answer (waf/rate-limit.ts): 429, `Remaining: 0`, Reset and Retry-After in seconds. The
 * request was not processed.
 */
function tooMany(deps: WafChaosDeps): WafReply {
  const seconds = String(deps.engine.options.retryAfterSeconds);
  const reply = wafError(429, 'rate_limit_exceeded', `Rate limit exceeded. Try again in ${seconds} seconds.`);
  reply.headers = {
    'X-RateLimit-Limit': '500',
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': seconds,
    'Retry-After': seconds,
  };
  return reply;
}
