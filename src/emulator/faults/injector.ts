/**
 * Fault injection: rules that make matching requests fail with a failure envelope instead of reaching their
 * handler (nothing changes in the emulator's state). A rule matches on method (any when absent) and a RegExp
 * tested against the normalised request path (as in the request log); it lets `after` matching requests through
 * first, then fails the next `times` (default 1) and is spent.
 */
import type { ApiResult, ErrCode } from '../dyn/envelope.js';
import { error } from '../dyn/envelope.js';

export interface FaultSpec {
  method?: string;
  pathPattern: RegExp;
  /** Matching requests let through before the rule starts failing; default 0. */
  after?: number;
  /** Failures to inject; default 1, `Infinity` for every later match. */
  times?: number;
  /** HTTP status; default 500. */
  status?: number;
  /** ERR_CD; default INTERNAL_ERROR (RATE_LIMIT_EXCEEDED for status 429). */
  errCode?: ErrCode;
  /** INFO text; default `fault: Injected failure`. */
  info?: string;
}

/** A live rule; `hits` counts the failures it has injected so far. */
export interface FaultRule {
  readonly spec: FaultSpec;
  readonly hits: number;
}

interface RuleState extends FaultRule {
  seen: number;
  hits: number;
}

export class FaultInjector {
  private rules: RuleState[] = [];

  add(spec: FaultSpec): FaultRule {
    const rule: RuleState = { spec, seen: 0, hits: 0 };
    this.rules.push(rule);
    return rule;
  }

  clear(): void {
    this.rules = [];
  }

  /** The injected failure for this request, or null to let it through. Counts the request on matching rules. */
  intercept(method: string, path: string): ApiResult | null {
    for (const rule of this.rules) {
      const { spec } = rule;
      if (spec.method !== undefined && spec.method.toUpperCase() !== method) continue;
      spec.pathPattern.lastIndex = 0;
      if (!spec.pathPattern.test(path)) continue;
      if (rule.hits >= (spec.times ?? 1)) continue;
      rule.seen++;
      if (rule.seen <= (spec.after ?? 0)) continue;
      rule.hits++;
      const status = spec.status ?? 500;
      const code = spec.errCode ?? (status === 429 ? 'RATE_LIMIT_EXCEEDED' : 'INTERNAL_ERROR');
      return {
        httpStatus: status,
        status: 'failure',
        data: {},
        msgs: [error(code, spec.info ?? 'fault: Injected failure')],
      };
    }
    return null;
  }
}
