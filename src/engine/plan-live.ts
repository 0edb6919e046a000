import type { DesiredState, DnsProvider, LiveDnsState } from '../model/dns.js';
import { type DnsPart, dnsParts, providerLive } from '../model/dns-providers.js';
import type { LiveState } from '../model/live.js';
import { ownValue } from '../model/own-value.js';
import { computePlan } from '../plan/diff/compute-plan.js';
import { assertGeoLinksFree } from '../plan/diff/geo-link-check.js';
import type { Plan } from '../plan/types.js';
import type { Providers } from './providers.js';
import { readLive } from './read-live.js';

/** Reads live state of what the desired state names, then computes the plan (pure); see `planWithLive`. */
export async function planLive(desired: DesiredState, providers: Providers): Promise<Plan> {
  return (await planWithLive(desired, providers)).plan;
}

/**
 * The plan and the live state it was computed from. `adjust` narrows what was read (a `--target` scope) before
 * planning.
 *
 * A plan that writes records is checked against the geo services' links (plan/diff/live-checks.ts: the service
 * refuses records at a node a geo service answers for, so a green plan would fail at apply). The geo-service list
 * is one request per DNS provider that has geo services, read only when the plan writes records there into a
 * zone that exists (a service links nodes of existing zones only) and the desired state did not read it anyway, so
 * a plan with nothing to do, or one that only creates zones, stays at its minimum of requests. The plan is made
 * once: the services read afterwards are only checked for links that refuse its sets.
 */
export async function planWithLive(
  desired: DesiredState,
  providers: Providers,
  adjust: (live: LiveState) => LiveState = (live) => live,
): Promise<{ plan: Plan; live: LiveState }> {
  let live = adjust(await readLive(desired, providers));
  const plan = computePlan(desired, live, providers);
  const unread = dnsParts(desired).filter(
    (part) =>
      dnsOf(providers, part.name)?.readGeoServices !== undefined &&
      writesRecords(plan, part, live) &&
      providerLive(live, part.name).geoServices === undefined,
  );
  if (unread.length > 0) {
    const read = await Promise.all(
      unread.map(
        async (part) => [part.name, await dnsOf(providers, part.name)?.readGeoServices?.()] as const,
      ),
    );
    live = withGeoServices(live, read);
    // Not a second diff: the geo services decide nothing of these parts' plan but this refusal (geo-link-check.ts).
    assertGeoLinksFree(unread, live);
  }
  return { plan, live };
}

function dnsOf(providers: Providers, name: string): DnsProvider | undefined {
  return ownValue(providers.dns ?? {}, name);
}

function writesRecords(plan: Plan, part: DnsPart, live: LiveState): boolean {
  const zones = providerLive(live, part.name).zones;
  return plan.changes.some(
    (change) =>
      change.address.kind === 'record-set' &&
      change.address.provider === part.name &&
      change.after !== null &&
      (zones[change.address.zone] ?? null) !== null,
  );
}

/** `live` with the geo services read for each provider, by name. */
function withGeoServices(
  live: LiveState,
  read: readonly (readonly [string, LiveDnsState['geoServices']])[],
): LiveState {
  let dns = live.dns;
  for (const [name, geoServices] of read)
    dns = { ...dns, [name]: { ...providerLive(live, name), geoServices } };
  return { ...live, dns };
}
