import type { DesiredState, DnsReader } from '../model/dns.js';
import { computePlan } from '../plan/index.js';
import type { Plan } from '../plan/types.js';

/** Reads live state of exactly the zones the desired state names, then computes the plan (pure). */
export async function planLive(desired: DesiredState, reader: DnsReader): Promise<Plan> {
  const live = await reader.readZones(desired.zones.map((zone) => zone.zone));
  return computePlan(desired, live);
}
