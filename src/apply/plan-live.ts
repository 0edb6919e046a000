import type { DesiredState, DnsReader } from '../model/dns.js';
import { computePlan } from '../plan/index.js';
import type { Plan } from '../plan/types.js';

/** The providers a plan reads from, one per service. */
export interface LiveReaders {
  dns: DnsReader;
}

/** Reads live state of exactly what the desired state names, then computes the plan (pure). */
export async function planLive(desired: DesiredState, readers: LiveReaders): Promise<Plan> {
  const live = await readers.dns.readZones(desired.zones.map((zone) => zone.zone));
  return computePlan(desired, live);
}
