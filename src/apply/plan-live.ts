import type { DesiredState, DnsReader } from '../model/dns.js';
import type { WafReader } from '../model/waf.js';
import { computePlan } from '../plan/index.js';
import type { Plan } from '../plan/types.js';
import { readLive } from './read-live.js';

/** The providers a plan reads from, one per service. */
export interface LiveReaders {
  dns: DnsReader;
  /** Required when the desired state has a `waf` section. */
  waf?: WafReader;
}

/**
 * Reads live state of exactly what the desired state names (zones by name; all secondary zones and all geo
 * services, one list request each, only when the desired state has any or owns the section), then computes the
 * plan (pure).
 */
export async function planLive(desired: DesiredState, readers: LiveReaders): Promise<Plan> {
  return computePlan(desired, await readLive(desired, readers));
}
