import type { DnsWriter } from '../model/dns.js';
import { isWafOp, type WafWriter } from '../model/waf.js';
import type { PlanOp } from '../plan/types.js';
import type { PlanWriter } from './types.js';

export interface ServiceWriters {
  /** Absent when the desired state names no DNS object (the DNS service is then never contacted). */
  dns?: DnsWriter;
  /** Absent when the desired state has no `waf` section. */
  waf?: WafWriter;
}

/**
 * One PlanWriter over the services' writers: WAF ops go to the WAF writer, every other op to the DNS writer, and
 * discarding pending changes (a DNS zone concept) to the DNS writer. An op for a service without a writer is a
 * programming error (the plan came from another desired state) and fails that op only.
 */
export function routeWriter(writers: ServiceWriters): PlanWriter {
  return {
    async execute(op: PlanOp) {
      if (isWafOp(op)) return (writers.waf ?? missing('WAF')).execute(op);
      return (writers.dns ?? missing('DNS')).execute(op);
    },
    async discardPending(zone: string) {
      return (writers.dns ?? missing('DNS')).discardPending(zone);
    },
  };
}

function missing(service: string): never {
  throw new Error(`the plan has a ${service} change, but no ${service} service was opened for this run`);
}
